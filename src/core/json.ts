/** Keys that could reach an object's prototype if the parsed value were ever merged. */
const POLLUTING_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `JSON.parse` that drops `__proto__`, `constructor` and `prototype` keys at
 * every depth, so a hostile body cannot pollute prototypes downstream.
 *
 * @returns The parsed value, or `undefined` when the text is not JSON.
 */
export function parseJsonSafely(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => (POLLUTING_KEYS.has(key) ? undefined : value));
  } catch {
    return undefined;
  }
}
