// RFC 3339 date-times, the rule behind expiryDateTime: each end of every
// field's range, the leap-year rule's three cases, the offset's sign and
// limits, the fraction's milliseconds and each reason's text. A wrong
// boundary here refuses a real expiry or sends an impossible one.
import { describe, expect, it } from 'vitest';
import { parseRfc3339 } from '../../src/validation/rfc3339.js';

const epoch = (s: string): number => {
  const result = parseRfc3339(s);
  if (!result.ok) throw new Error(`${s} refused: ${result.reason}`);
  return result.epochMs;
};
const NOT_REAL = 'is not a real date and time (check the month, day, hour, minute, second and offset)';
const refusedAsNotReal = (s: string) => expect(parseRfc3339(s), s).toEqual({ ok: false, reason: NOT_REAL });

describe('parseRfc3339', () => {
  it('reads a timestamp in UTC, with Z or z and T or t', () => {
    const at = Date.UTC(2030, 5, 1, 12, 34, 56);
    expect(parseRfc3339('2030-06-01T12:34:56Z')).toEqual({ ok: true, epochMs: at });
    expect(epoch('2030-06-01t12:34:56z')).toBe(at);
  });

  it('applies the offset with its sign: local time minus the offset is UTC', () => {
    const utc = Date.UTC(2030, 5, 1, 12, 0, 0);
    expect(epoch('2030-06-01T13:30:00+01:30')).toBe(utc);
    expect(epoch('2030-06-01T10:15:00-01:45')).toBe(utc);
    expect(epoch('2030-06-01T12:00:00+00:00')).toBe(utc);
  });

  it('accepts an offset up to 23:59 and refuses 24 hours or 60 minutes', () => {
    expect(epoch('2030-06-01T23:59:00+23:59')).toBe(Date.UTC(2030, 5, 1, 0, 0, 0));
    refusedAsNotReal('2030-06-01T12:00:00+24:00');
    refusedAsNotReal('2030-06-01T12:00:00-00:60');
  });

  it('reads the fraction as milliseconds, cut after three digits', () => {
    const base = Date.UTC(2030, 5, 1, 12, 0, 0);
    expect(epoch('2030-06-01T12:00:00.5Z')).toBe(base + 500);
    expect(epoch('2030-06-01T12:00:00.05Z')).toBe(base + 50);
    expect(epoch('2030-06-01T12:00:00.123456789Z')).toBe(base + 123);
    expect(epoch('2030-06-01T12:00:00Z')).toBe(base);
  });

  it('accepts the last hour, minute, second, month and day of each range, and refuses one more', () => {
    expect(epoch('2030-12-31T23:59:59Z')).toBe(Date.UTC(2030, 11, 31, 23, 59, 59));
    expect(epoch('2030-01-01T00:00:00Z')).toBe(Date.UTC(2030, 0, 1, 0, 0, 0));
    refusedAsNotReal('2030-06-01T24:00:00Z');
    refusedAsNotReal('2030-06-01T12:60:00Z');
    refusedAsNotReal('2030-06-01T12:00:60Z');
    refusedAsNotReal('2030-13-01T12:00:00Z');
    refusedAsNotReal('2030-00-01T12:00:00Z');
    refusedAsNotReal('2030-06-00T12:00:00Z');
  });

  it('knows each month’s length: 30 April and 31 January are real, 31 April is not', () => {
    expect(epoch('2030-04-30T00:00:00Z')).toBe(Date.UTC(2030, 3, 30));
    expect(epoch('2030-01-31T00:00:00Z')).toBe(Date.UTC(2030, 0, 31));
    refusedAsNotReal('2030-04-31T00:00:00Z');
    refusedAsNotReal('2030-06-31T00:00:00Z');
  });

  it('29 February: in a year divisible by 4, and by 400, not by 100 alone nor in other years', () => {
    expect(epoch('2028-02-29T00:00:00Z')).toBe(Date.UTC(2028, 1, 29));
    expect(epoch('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29));
    expect(epoch('2030-02-28T00:00:00Z')).toBe(Date.UTC(2030, 1, 28));
    refusedAsNotReal('2100-02-29T00:00:00Z');
    refusedAsNotReal('2030-02-29T00:00:00Z');
    refusedAsNotReal('2028-02-30T00:00:00Z');
  });

  it('keeps a year under 100 as written, not as 19xx', () => {
    const year99 = new Date(0);
    year99.setUTCFullYear(99, 0, 1);
    expect(epoch('0099-01-01T00:00:00Z')).toBe(year99.getTime());
  });

  it.each([
    ['2030-06-01', "must include a time and an offset, e.g. '2030-06-01T12:00:00Z', not a date alone"],
    ['2030-06-01T12:00', "must end with 'Z' or a numeric offset such as '+01:00'; a local time is ambiguous"],
    ['2030-06-01t12:00:00', "must end with 'Z' or a numeric offset such as '+01:00'; a local time is ambiguous"],
    ['2030-06-01 12:00:00.25', "must end with 'Z' or a numeric offset such as '+01:00'; a local time is ambiguous"],
    ['2030-06-01T12Z', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['x2030-06-01', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['2030-06-01x', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['2030-06-01T12:00:00x', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['x2030-06-01T12:00:00Z', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['2030-06-01T12:00:00Zx', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['2030-06-01T12:00:00+01:00x', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['x2030-06-01T12:00', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
    ['2030-06-01T12:00:00.Z', "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'"],
  ])('refuses %j: %s', (s, reason) => {
    expect(parseRfc3339(s)).toEqual({ ok: false, reason });
  });

  it('refuses a long input by its shape, and names a long date alone as no date-time', () => {
    expect(parseRfc3339(`2030-06-01T12:00:00Z${' '.repeat(100)}`)).toEqual({
      ok: false,
      reason: "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'",
    });
  });
});
