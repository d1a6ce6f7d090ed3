import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonSafely } from '../../src/core/json.js';

describe('parseJsonSafely', () => {
  it('drops __proto__, constructor and prototype keys at every depth', () => {
    const parsed = parseJsonSafely('{"a":{"__proto__":{"polluted":true},"constructor":1,"b":[{"prototype":2,"c":3}]}}');
    expect(parsed).toEqual({ a: { b: [{ c: 3 }] } });
    expect(Object.prototype.hasOwnProperty.call((parsed as { a: object }).a, '__proto__')).toBe(false);
  });

  it('drops them when escapes spell them', () => {
    expect(parseJsonSafely('{"\\u005f\\u005fproto\\u005f\\u005f":{"x":1},"ok":"\\u0063onstructor"}')).toEqual({ ok: 'constructor' });
    expect(parseJsonSafely('{"\\u0063onstructor":1,"k":2}')).toEqual({ k: 2 });
  });

  it('gives what JSON.parse gives for any JSON without those keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        fc.pre(!/__proto__|constructor|prototype/.test(text));
        expect(parseJsonSafely(text)).toStrictEqual(JSON.parse(text));
      }),
    );
  });

  it('is undefined for text that is not JSON', () => {
    expect(parseJsonSafely('<html>')).toBeUndefined();
    expect(parseJsonSafely('')).toBeUndefined();
  });
});
