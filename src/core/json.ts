// Parsing a response body without trusting it: keys that could reach an
// object's prototype are dropped.

/** Keys that could reach an object's prototype if the parsed value were ever merged. */
const POLLUTING_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a JSON text may hold one of those keys: it names one, or it has a
 * backslash, which could spell one with escapes (`"\u005f_proto__"`).
 */
const MAY_HOLD_POLLUTING_KEY = /__proto__|constructor|prototype|\\/;

const dropPollutingKeys = (key: string, value: unknown): unknown => (POLLUTING_KEYS.has(key) ? undefined : value);

/**
 * `JSON.parse` that drops `__proto__`, `constructor` and `prototype` keys at
 * every depth, so a hostile body cannot pollute prototypes downstream. The
 * reviver that drops them visits every value, so it runs only on text that
 * could hold such a key; other text (nearly every body) is parsed plainly.
 *
 * @returns The parsed value, or `undefined` when the text is not JSON.
 */
export function parseJsonSafely(text: string): unknown {
  try {
    return MAY_HOLD_POLLUTING_KEY.test(text) ? JSON.parse(text, dropPollutingKeys) : JSON.parse(text);
  } catch {
    return undefined;
  }
}
