// Reading caller data without throwing: a throwing getter or a revoked
// Proxy reads as UNREADABLE, keys are those JSON.stringify would send, and
// an array's length counts only when it is a sane one.
import { describe, expect, it } from 'vitest';
import { UNREADABLE, get, isArray, isRecord, join, keysOf, lengthOf } from '../../src/validation/read.js';

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const withLength = (length: unknown): unknown[] => new Proxy([1, 2, 3], { get: (target, key): unknown => (key === 'length' ? length : (Reflect.get(target, key) as unknown)) });

describe('read', () => {
  it('get: the value, or UNREADABLE when the getter throws', () => {
    expect(get({ a: 1 }, 'a')).toBe(1);
    expect(get(['x'], 0)).toBe('x');
    const throwing = Object.defineProperty({}, 'a', {
      get() {
        throw new Error('no');
      },
    });
    expect(get(throwing, 'a')).toBe(UNREADABLE);
    expect(get(revoked(), 'a')).toBe(UNREADABLE);
  });

  it('isArray and isRecord: a revoked Proxy is neither, null and arrays are no records', () => {
    expect(isArray([])).toBe(true);
    expect(isArray({})).toBe(false);
    expect(isArray(revoked())).toBe(false);
    expect(isRecord({})).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord('a')).toBe(false);
    expect(isRecord(() => 1)).toBe(false);
  });

  it('keysOf: the keys with a value, or UNREADABLE', () => {
    expect(keysOf({ a: 1, b: undefined, c: null })).toEqual(['a', 'c']);
    expect(keysOf(revoked())).toBe(UNREADABLE);
  });

  it('join: a dotted path, just the key at the root', () => {
    expect(join('', 'b')).toBe('b');
    expect(join('a', 'b')).toBe('a.b');
  });

  it('lengthOf: a whole number from 0, else UNREADABLE', () => {
    expect(lengthOf([])).toBe(0);
    expect(lengthOf([1, 2])).toBe(2);
    expect(lengthOf(withLength(0))).toBe(0);
    for (const bad of [-1, 1.5, 2 ** 53, '3', Number.NaN, undefined]) expect(lengthOf(withLength(bad)), String(bad)).toBe(UNREADABLE);
    expect(lengthOf(revoked() as unknown as unknown[])).toBe(UNREADABLE);
  });
});
