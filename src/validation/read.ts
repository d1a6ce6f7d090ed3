// Reading caller data without ever throwing. Messages reach validation from
// JavaScript callers too, so any value can be a Proxy, carry throwing
// getters, or be revoked; every access goes through here.

/** What a read returns when the getter or proxy threw. */
export const UNREADABLE: unique symbol = Symbol('unreadable');

/** A value read from caller data, or {@link UNREADABLE}. */
export type Read = unknown;

/** `obj[key]`, or UNREADABLE when reading throws. */
export function get(obj: object, key: string | number): unknown {
  try {
    return (obj as Record<string | number, unknown>)[key];
  } catch {
    return UNREADABLE;
  }
}

/** Whether a value is an array (false when even that check throws, as for a revoked Proxy). */
export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** Whether a value is a non-null, non-array object. */
export function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !isArray(value);
}

/** The keys JSON.stringify would send (own, enumerable, string), or UNREADABLE. */
export function keysOf(obj: object): string[] | typeof UNREADABLE {
  try {
    return Object.keys(obj).filter((key) => get(obj, key) !== undefined);
  } catch {
    return UNREADABLE;
  }
}

/** A dotted child path: `join('a', 'b')` is `a.b`; at the root just `b`. */
export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** Array length, or UNREADABLE when it cannot be read or is not a sane length. */
export function lengthOf(arr: readonly unknown[]): number | typeof UNREADABLE {
  const length = get(arr, 'length');
  return typeof length === 'number' && Number.isSafeInteger(length) && length >= 0 ? length : UNREADABLE;
}
