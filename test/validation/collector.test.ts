// The problem list's own rules: a value is echoed only for a field on the
// allow-list and only when it is a short primitive (a string of at most 200
// characters, a finite number, a boolean or null); the list stops at 100
// problems and says how many more there were.
import { describe, expect, it } from 'vitest';
import { Collector } from '../../src/validation/collector.js';

const shown = (value: unknown, name = 'topic') => {
  const c = new Collector();
  c.add(name, 'reason', value);
  return c.result().invalidParameters[0];
};

describe('Collector', () => {
  it('echoes a short primitive of a field on the allow-list', () => {
    expect(shown('x'.repeat(200))).toEqual({ name: 'topic', reason: 'reason', value: 'x'.repeat(200) });
    expect(shown(42)).toEqual({ name: 'topic', reason: 'reason', value: 42 });
    expect(shown(false)).toEqual({ name: 'topic', reason: 'reason', value: false });
    expect(shown(true)).toEqual({ name: 'topic', reason: 'reason', value: true });
    expect(shown(null)).toEqual({ name: 'topic', reason: 'reason', value: null });
    expect(shown('')).toEqual({ name: 'topic', reason: 'reason', value: '' });
  });

  it('drops a long string, a number that is not finite, an object, and any value of another field', () => {
    for (const value of ['x'.repeat(201), Number.NaN, Number.POSITIVE_INFINITY, { a: 1 }, ['a'], undefined, 10n]) {
      expect(shown(value), typeof value).toEqual({ name: 'topic', reason: 'reason' });
    }
    expect(shown('9434765919', 'subject.id.value')).toEqual({ name: 'subject.id.value', reason: 'reason' });
  });

  it('is ok only when empty', () => {
    const c = new Collector();
    expect(c.result()).toEqual({ ok: true, invalidParameters: [] });
    expect(c.count).toBe(0);
    c.add('topic', 'reason');
    expect(c.result()).toEqual({ ok: false, invalidParameters: [{ name: 'topic', reason: 'reason' }] });
    expect(c.count).toBe(1);
  });

  it('keeps 100 problems, counts the rest, and names how many were left out', () => {
    const c = new Collector();
    for (let i = 0; i < 100; i++) c.add(`f${i}`, 'reason');
    expect(c.result().invalidParameters).toHaveLength(100);
    expect(c.count).toBe(100);
    c.add('f100', 'reason');
    c.add('f101', 'reason');
    expect(c.count).toBe(102);
    const { ok, invalidParameters } = c.result();
    expect(ok).toBe(false);
    expect(invalidParameters).toHaveLength(101);
    expect(invalidParameters[99]).toEqual({ name: 'f99', reason: 'reason' });
    expect(invalidParameters[100]).toEqual({ name: '(root)', reason: 'and 2 more problems not listed; fix the ones above first' });
  });

  it('gives a copy: a later problem does not change a result already taken', () => {
    const c = new Collector();
    c.add('topic', 'reason');
    const first = c.result();
    c.add('type', 'reason');
    expect(first.invalidParameters).toHaveLength(1);
  });
});
