/** What replaces a secret or a piece of patient data in logs and errors. */
export const REDACTED = '[redacted]';

/**
 * Ten digits, optionally grouped 3-3-4 by spaces or hyphens: the shape of an
 * NHS number (NHS Data Dictionary). Any such run in text that is
 * about to reach a log or an error message is masked, whether or not it is a
 * valid NHS number: a false positive costs nothing, a leak is an incident.
 */
const NHS_NUMBER_LIKE = /(?<!\d)\d{3}[ -]?\d{3}[ -]?\d{4}(?!\d)/g;

/**
 * A long unbroken run of base64 or base64url characters: attachment content,
 * a token, a key, a JWT segment. Nothing a person needs to read in an error
 * is shaped like this, and attachment content is too large to list as a
 * secret, so every such run is masked. Hyphens are left out of the class so
 * that UUIDs (message ids, useful in errors) stay readable.
 */
const LONG_OPAQUE_RUN = /[A-Za-z0-9+/_]{40,}={0,2}/g;

/**
 * A calendar date without a time, ISO (1953-07-14) or day-first (14/07/1953,
 * 14.07.1953): the shape of a date of birth, which a server may volunteer
 * even when the request carried none. Timestamps (a 'T' or time after the
 * date) are left alone: expiry times are useful in errors.
 */
const DATE_ONLY = /(?<![\d-])(?:\d{4}-\d{2}-\d{2}(?![T\d:])|\d{1,2}[/.]\d{1,2}[/.]\d{4})(?!\d)/g;

/** Shorter strings are not treated as secrets: masking "a" would shred the text. */
const MIN_SECRET_LENGTH = 2;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Returns a copy of `text` with every known secret (API key, access token,
 * the patient's name or date of birth from the request at hand...), every
 * NHS-number-like digit run, every date without a time (a date of birth)
 * and every long base64-like run (attachment content) replaced by
 * {@link REDACTED}.
 *
 * The one redaction routine of the SDK: logging and error construction both
 * go through it, so a value masked in one is masked in the other.
 *
 * @param text - Text that may have come from a server or from the caller.
 * @param secrets - Values that must not appear; `undefined` entries are skipped.
 * @returns The redacted copy; the input is never modified.
 */
export function redact(text: string, secrets: Iterable<string | undefined> = []): string {
  let out = text;
  const needles = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret containing another is masked whole.
    .sort((a, b) => b.length - a.length);
  if (needles.length > 0) {
    out = out.replace(new RegExp(needles.map(escapeRegExp).join('|'), 'gi'), REDACTED);
  }
  return out.replace(LONG_OPAQUE_RUN, REDACTED).replace(NHS_NUMBER_LIKE, REDACTED).replace(DATE_ONLY, REDACTED);
}

/**
 * Deep copy of a JSON-like value with {@link redact} applied to every string.
 * Cycles and non-plain objects are cut, so the copy is always safe to print.
 */
export function redactDeep(value: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redactDeep(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = redactDeep(v, secrets, depth + 1);
  return out;
}

/** A copy of `headers` with {@link redact} applied to every value. */
export function redactHeaders(headers: Headers, secrets: readonly (string | undefined)[]): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => copy.append(name, redact(value, secrets)));
  return copy;
}

/** Response and request headers that may be logged; every other header is dropped. */
export const LOGGABLE_HEADERS: readonly string[] = [
  'content-type',
  'content-length',
  'retry-after',
  'date',
  'x-request-id',
  'x-correlation-id',
];

/** Copy of the allow-listed headers only, for structured logs. */
export function loggableHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of LOGGABLE_HEADERS) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}
