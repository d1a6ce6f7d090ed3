// Coded data items at their edges: a list or a value that cannot be read,
// a missing item, an empty code or one of the wrong type, and the unit shown
// when it is no string.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { NOW, messageFor, patch, type Json } from './fixtures.js';

const UNREADABLE = 'could not be read (a getter or Proxy threw); pass plain JSON data';
const standard = (m: Json) => validateMessage(m, { route: 'standard', now: NOW }).invalidParameters;
const withItems = (items: unknown) => patch(messageFor('standard'), 'codedDataItems', items);
const throwing = (): never => {
  throw new Error('not readable');
};

describe('coded data items at their edges', () => {
  it('says when the list, its length or an item value cannot be read, and still answers', () => {
    const m = messageFor('standard');
    Object.defineProperty(m, 'codedDataItems', { enumerable: true, get: throwing });
    expect(standard(m)).toEqual([{ name: 'codedDataItems', reason: UNREADABLE }]);

    const lengthThrows = new Proxy([{ code: '38341003' }], {
      get: (target, key, receiver) => (key === 'length' ? throwing() : (Reflect.get(target, key, receiver) as unknown)),
    });
    expect(standard(withItems([]))).toEqual([]);
    const m2 = messageFor('standard');
    m2['codedDataItems'] = lengthThrows;
    expect(standard(m2)).toEqual([{ name: 'codedDataItems', reason: UNREADABLE }]);

    const item = Object.defineProperty({ code: '38341003' }, 'value', { enumerable: true, get: throwing });
    const m3 = messageFor('standard');
    m3['codedDataItems'] = [item];
    expect(standard(m3)).toEqual([{ name: 'codedDataItems[0].value', reason: UNREADABLE }]);
  });

  it('requires each item of the list', () => {
    expect(standard(withItems([{ code: '38341003' }, undefined]))).toEqual([{ name: 'codedDataItems[1]', reason: 'is required' }]);
  });

  it('says an empty code is empty, and shows a code or unit that is no string', () => {
    expect(standard(withItems([{ code: '' }]))).toEqual([{ name: 'codedDataItems[0].code', reason: 'must not be empty' }]);
    expect(standard(withItems([{ code: true }]))).toEqual([{ name: 'codedDataItems[0].code', reason: 'must be a string, not a boolean', value: true }]);
    expect(standard(withItems([{ code: '38341003', unit: 7 }]))).toEqual([
      { name: 'codedDataItems[0].unit', reason: 'must be a string, not a number', value: 7 },
    ]);
  });
});
