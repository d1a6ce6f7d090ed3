// Typed reads of message fields that report what is wrong instead of
// throwing: the building blocks of the rules.
import type { Collector } from './collector.js';
import { UNREADABLE, get, isArray, isRecord, join, keysOf } from './read.js';

/** Reason used when a getter or Proxy threw while being read. */
export const UNREADABLE_REASON = 'could not be read (a getter or Proxy threw); pass plain JSON data';

/** Reads `obj[key]` as a required or optional object. */
export function objectField(c: Collector, obj: object, key: string, path: string, required: boolean): object | undefined {
  return asObject(c, get(obj, key), join(path, key), required);
}

/** Checks a value is an object; reports and returns undefined otherwise. */
export function asObject(c: Collector, value: unknown, name: string, required: boolean): object | undefined {
  if (value === UNREADABLE) c.add(name, UNREADABLE_REASON);
  else if (value === undefined) {
    if (required) c.add(name, 'is required');
  } else if (isRecord(value)) return value;
  else c.add(name, isArray(value) ? 'must be an object, not an array' : `must be an object, not ${describeType(value)}${omitHint(value, required)}`);
  return undefined;
}

/** Options of {@link stringField}. */
export interface StringFieldOptions {
  /** Report absence. */
  required: boolean;
  /** Report an empty or whitespace-only string. */
  nonEmpty?: boolean;
  /** The value may be shown in the problem (the collector still checks the allow-list). */
  show?: boolean;
}

/** Reads `obj[key]` as a string; reports absence, wrong type and emptiness. */
export function stringField(c: Collector, obj: object, key: string, path: string, options: StringFieldOptions): string | undefined {
  const name = join(path, key);
  const value = get(obj, key);
  if (value === UNREADABLE) c.add(name, UNREADABLE_REASON);
  else if (value === undefined) {
    if (options.required) c.add(name, 'is required');
  } else if (typeof value !== 'string') {
    c.add(name, `must be a string, not ${describeType(value)}${omitHint(value, options.required)}`, options.show ? value : undefined);
  }
  else if (options.nonEmpty && value.trim() === '') c.add(name, 'must not be empty');
  else return value;
  return undefined;
}

/** Reads `obj[key]` as a boolean. */
export function booleanField(c: Collector, obj: object, key: string, path: string, required: boolean): boolean | undefined {
  const name = join(path, key);
  const value = get(obj, key);
  if (value === UNREADABLE) c.add(name, UNREADABLE_REASON);
  else if (value === undefined) {
    if (required) c.add(name, 'is required');
  } else if (typeof value !== 'boolean') {
    c.add(name, `must be a boolean (true or false), not ${describeType(value)}${omitHint(value, required)}`, value);
  }
  else return value;
  return undefined;
}

/** JSON `null` is not "absent": say so for optional fields. */
function omitHint(value: unknown, required: boolean): string {
  return value === null && !required ? ' (omit the field instead)' : '';
}

/** A short description of a value's type that never includes the value. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/** Field names echoed in `name`: identifier-like and not a long digit run (which could be an NHS number). */
const SHOWABLE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

/**
 * Reports fields the spec does not define: a typo (`units`, `filename`)
 * would otherwise be sent silently and ignored. `hints` gives a specific
 * reason for known mistakes. Returns false when the fields cannot even be
 * listed (a throwing or revoked Proxy), after reporting it.
 */
export function unknownFields(
  c: Collector,
  obj: object,
  path: string,
  allowed: readonly string[],
  hints: Readonly<Record<string, string>> = {},
): boolean {
  const keys = keysOf(obj);
  if (keys === UNREADABLE) {
    c.add(path || '(root)', 'its fields could not be listed (a Proxy threw); pass plain JSON data');
    return false;
  }
  let hidden = 0;
  for (const key of keys) {
    if (allowed.includes(key)) continue;
    if (!SHOWABLE_KEY.test(key) || /\d{6}/.test(key)) hidden++;
    else c.add(join(path, key), Object.hasOwn(hints, key) ? hints[key]! : 'unknown field; remove it (check the spelling)');
  }
  if (hidden > 0) c.add(path || '(root)', `has ${hidden} unknown field(s) whose names are not shown; remove them`);
  return true;
}
