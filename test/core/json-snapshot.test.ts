import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnreadableValueError, jsonSnapshot } from '../../src/internal/json-snapshot.js';

const unreadable = (value: unknown): UnreadableValueError => {
  try {
    jsonSnapshot(value);
  } catch (error) {
    if (error instanceof UnreadableValueError) return error;
    throw error;
  }
  return expect.fail('expected the value to be unreadable');
};

describe('jsonSnapshot', () => {
  it('gives the text of JSON.stringify for any JSON value, and plain data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = jsonSnapshot(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('sees what JSON.stringify sees: toJSON, dates, boxed primitives, non-finite numbers, undefined, functions', () => {
    const value = {
      at: new Date('2026-11-21T10:00:00Z'),
      part: { toJSON: (key: string) => ({ key }) },
      boxed: [new Number(3), new String('s'), new Boolean(false)],
      odd: [Number.NaN, Number.POSITIVE_INFINITY, undefined, () => 1, Symbol('s')],
      gone: undefined,
      fn: () => 1,
    };
    expect(JSON.stringify(jsonSnapshot(value))).toBe(JSON.stringify(value));
    expect(jsonSnapshot(value)).toEqual({
      at: '2026-11-21T10:00:00.000Z',
      part: { key: 'part' },
      boxed: [3, 's', false],
      odd: [null, null, null, null, null],
    });
  });

  it('reads each toJSON, getter and proxy trap once, so the copy cannot change after it is taken', () => {
    let toJSONCalls = 0;
    let getterReads = 0;
    let proxyReads = 0;
    const body = new Proxy({ mimeType: 'text/plain', content: 'first' }, {
      get(target, key, receiver) {
        if (key === 'content') return `read ${++proxyReads}`;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const value = {
      attachment: { toJSON: () => ({ content: `call ${++toJSONCalls}` }) },
      get fileName() {
        return `read ${++getterReads}`;
      },
      body,
    };
    const copy = jsonSnapshot(value);
    expect(copy).toEqual({ attachment: { content: 'call 1' }, fileName: 'read 1', body: { mimeType: 'text/plain', content: 'read 1' } });
    expect([toJSONCalls, getterReads, proxyReads]).toEqual([1, 1, 1]);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(copy)); // plain data: the same every time
  });

  it('keeps a key named __proto__ as data, as JSON.parse does', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;
    const copy = jsonSnapshot(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it.each([
    ['a throwing toJSON', { a: [{ toJSON: () => { throw new Error('secret 9434765919'); } }] }, 'a[0]', /toJSON threw/],
    ['a throwing getter', { a: { get b(): string { throw new Error('x'); } } }, 'a.b', /getter or proxy threw/],
    ['a throwing proxy', { a: new Proxy({}, { ownKeys: () => { throw new Error('x'); } }) }, 'a', /proxy threw/],
    ['a BigInt', { n: 1n }, 'n', /BigInt/],
  ])('names the part it cannot read, never its value: %s', (_, value, path, reason) => {
    const error = unreadable(value);
    expect(error.path).toBe(path);
    expect(error.reason).toMatch(reason);
    expect(error.message).not.toMatch(/9434765919/);
  });

  it('refuses a cycle, as JSON.stringify does, and shares no object with the input', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(unreadable(cyclic).path).toBe('self.back');
    const shared = { s: 'x' };
    const copy = jsonSnapshot({ one: shared, two: shared }) as Record<string, unknown>;
    expect(copy).toEqual({ one: { s: 'x' }, two: { s: 'x' } });
    expect(copy.one).not.toBe(shared);
  });
});
