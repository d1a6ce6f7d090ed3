// The field readers' own rules: which unknown field names are shown (an
// identifier of up to 64 characters without a run of six digits) and which
// are only counted, the '(root)' path, the hint for null on an optional
// field only, a type description that never holds the value, and a field
// whose getter throws said to be unreadable, not of the wrong type.
import { describe, expect, it } from 'vitest';
import { Collector } from '../../src/validation/collector.js';
import { asObject, booleanField, describeType, objectField, stringField, unknownFields } from '../../src/validation/fields.js';

const run = (f: (c: Collector) => unknown) => {
  const c = new Collector();
  const returned = f(c);
  return { returned, problems: c.result().invalidParameters };
};

describe('unknownFields', () => {
  it('shows identifier-like names of up to 64 characters, and counts the others without naming them', () => {
    const obj = { ok: 1, _x$: 1, ['a'.repeat(64)]: 1, ['a'.repeat(65)]: 1, '9434765919': 1, x123456: 1, x12345: 1, '1abc': 1, 'a-b': 1 };
    const { returned, problems } = run((c) => unknownFields(c, obj, 'body', ['ok']));
    expect(returned).toBe(true);
    expect(problems).toEqual([
      { name: 'body._x$', reason: 'unknown field; remove it (check the spelling)' },
      { name: `body.${'a'.repeat(64)}`, reason: 'unknown field; remove it (check the spelling)' },
      { name: 'body.x12345', reason: 'unknown field; remove it (check the spelling)' },
      { name: 'body', reason: 'has 5 unknown field(s) whose names are not shown; remove them' },
    ]);
  });

  it("names the root '(root)', uses a hint only for its own key, and reports a Proxy that cannot list its keys", () => {
    const { problems } = run((c) => unknownFields(c, { '1abc': 1, toString: 1, units: 1 }, '', [], { units: "use 'unit'" }));
    expect(problems).toEqual([
      { name: 'toString', reason: 'unknown field; remove it (check the spelling)' },
      { name: 'units', reason: "use 'unit'" },
      { name: '(root)', reason: 'has 1 unknown field(s) whose names are not shown; remove them' },
    ]);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const unlisted = run((c) => unknownFields(c, proxy, '', []));
    expect(unlisted).toEqual({ returned: false, problems: [{ name: '(root)', reason: 'its fields could not be listed (a Proxy threw); pass plain JSON data' }] });
    expect(run((c) => unknownFields(c, proxy, 'body', [])).problems[0]?.name).toBe('body');
  });
});

describe('field readers', () => {
  it('hint at omitting null only for an optional field', () => {
    expect(run((c) => stringField(c, { a: null }, 'a', '', { required: false })).problems).toEqual([{ name: 'a', reason: 'must be a string, not null (omit the field instead)' }]);
    expect(run((c) => stringField(c, { a: null }, 'a', '', { required: true })).problems).toEqual([{ name: 'a', reason: 'must be a string, not null' }]);
    expect(run((c) => booleanField(c, { a: null }, 'a', '', false)).problems).toEqual([{ name: 'a', reason: 'must be a boolean (true or false), not null (omit the field instead)' }]);
    expect(run((c) => booleanField(c, { a: 'no' }, 'a', '', true)).problems).toEqual([{ name: 'a', reason: 'must be a boolean (true or false), not a string' }]);
    expect(run((c) => asObject(c, null, 'a', false)).problems).toEqual([{ name: 'a', reason: 'must be an object, not null (omit the field instead)' }]);
    expect(run((c) => asObject(c, null, 'a', true)).problems).toEqual([{ name: 'a', reason: 'must be an object, not null' }]);
  });

  it('return the value read, and nothing for an absent optional field', () => {
    expect(run((c) => stringField(c, { a: ' ' }, 'a', '', { required: true }))).toEqual({ returned: ' ', problems: [] });
    expect(run((c) => stringField(c, { a: ' ' }, 'a', 'p', { required: true, nonEmpty: true }))).toEqual({ returned: undefined, problems: [{ name: 'p.a', reason: 'must not be empty' }] });
    expect(run((c) => stringField(c, {}, 'a', '', { required: false }))).toEqual({ returned: undefined, problems: [] });
    expect(run((c) => booleanField(c, { a: false }, 'a', '', true))).toEqual({ returned: false, problems: [] });
    expect(run((c) => booleanField(c, {}, 'a', '', false))).toEqual({ returned: undefined, problems: [] });
    expect(run((c) => booleanField(c, {}, 'a', 'p', true))).toEqual({ returned: undefined, problems: [{ name: 'p.a', reason: 'is required' }] });
    expect(run((c) => asObject(c, undefined, 'a', false))).toEqual({ returned: undefined, problems: [] });
  });

  it('describe a type without the value', () => {
    expect([null, [], {}, 'x', 1, true, undefined, 1n, Symbol('s'), () => 1].map(describeType)).toEqual([
      'null', 'an array', 'an object', 'a string', 'a number', 'a boolean', 'a undefined', 'a bigint', 'a symbol', 'a function',
    ]);
  });
});

describe('a field whose read throws', () => {
  const UNREADABLE = 'could not be read (a getter or Proxy threw); pass plain JSON data';
  const throwing = (key: string) =>
    Object.defineProperty({}, key, {
      enumerable: true,
      get: () => {
        throw new Error('not readable');
      },
    });

  it('is said to be unreadable by each reader, with nothing returned', () => {
    for (const [name, read] of [
      ['objectField', (c: Collector) => objectField(c, throwing('f'), 'f', 'p', false)],
      ['stringField', (c: Collector) => stringField(c, throwing('f'), 'f', 'p', { required: false })],
      ['booleanField', (c: Collector) => booleanField(c, throwing('f'), 'f', 'p', false)],
    ] as const) {
      expect(run(read), name).toEqual({ returned: undefined, problems: [{ name: 'p.f', reason: UNREADABLE }] });
    }
  });
});

