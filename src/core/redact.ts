// The one redaction used by logs and errors: secrets and patient data masked
// in text, in parsed values and in headers, and the headers safe to log.

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
 * A long unbroken run of base64 or base64url characters (`[A-Za-z0-9+/_]`,
 * at least {@link LONG_RUN} of them, then up to two `=`): attachment content,
 * a token, a key, a JWT segment. Nothing a person needs to read in an error
 * is shaped like this, and attachment content is too large to list as a
 * secret, so every such run is masked. Hyphens are left out of the class so
 * that UUIDs (message ids, useful in errors) stay readable.
 *
 * Found by a linear scan, not a regular expression: V8's backtracking engine
 * keeps a stack entry per character of a greedy run, and a run of a few
 * million characters (a whole attachment echoed back) overflowed it.
 */
const LONG_RUN = 40;

function isOpaque(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47 || code === 95
  );
}

/** Masks every long base64-like run (see {@link LONG_RUN}) in one pass. */
function maskLongRuns(text: string): string {
  let out = '';
  let kept = 0;
  let i = 0;
  while (i < text.length) {
    if (!isOpaque(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i;
    while (end < text.length && isOpaque(text.charCodeAt(end))) end++;
    if (end - i >= LONG_RUN) {
      let padded = end;
      while (padded < text.length && padded - end < 2 && text.charCodeAt(padded) === 61) padded++;
      out += text.slice(kept, i) + REDACTED;
      kept = padded;
      end = padded;
    }
    i = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/**
 * A calendar date without a time, ISO (1953-07-14) or day-first (14/07/1953,
 * 14.07.1953): the shape of a date of birth, which a server may volunteer
 * even when the request carried none. Timestamps (a 'T' or time after the
 * date) are left alone: expiry times are useful in errors.
 */
const DATE_ONLY = /(?<![\d-])(?:\d{4}-\d{2}-\d{2}(?![T\d:])|\d{1,2}[/.]\d{1,2}[/.]\d{4})(?!\d)/g;

/** Shorter strings are not treated as secrets: masking "a" would shred the text. */
const MIN_SECRET_LENGTH = 2;

/**
 * Secrets shorter than this are masked as whole words only: a short given
 * name ("Li", "Ada") or a placeholder ("UNK") found inside a longer word
 * ("validation", "metadata", "unknown") is not that value, and masking it
 * there would shred every message. Longer secrets are masked wherever they
 * appear (decision D-CLIENT-15, docs/decisions/client.md).
 */
const WHOLE_WORD_BELOW = 5;

/**
 * Secrets longer than this are masked by exact match rather than inside the
 * one case-insensitive pattern: a pattern holding a multi-megabyte value is
 * too large for the regular-expression engine, and such values are content,
 * not names a server would re-case.
 */
const MAX_PATTERN_SECRET_LENGTH = 10_000;

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
  return compiledFor(secrets)(text);
}

/** The patterns of a set of secrets, compiled: applies every mask of {@link redact}. */
type Redactor = (text: string) => string;

function compile(secrets: Iterable<string | undefined>): Redactor {
  const needles = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret containing another is masked whole.
    .sort((a, b) => b.length - a.length);
  const exact = needles.filter((n) => n.length > MAX_PATTERN_SECRET_LENGTH);
  const anywhere = needles.filter((n) => n.length >= WHOLE_WORD_BELOW && n.length <= MAX_PATTERN_SECRET_LENGTH);
  const anywherePattern = anywhere.length > 0 ? new RegExp(anywhere.map(escapeRegExp).join('|'), 'gi') : undefined;
  const words = needles.filter((n) => n.length < WHOLE_WORD_BELOW);
  const wordPattern =
    words.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu') : undefined;
  return (text) => {
    let out = text;
    for (const needle of exact) out = out.split(needle).join(REDACTED);
    if (anywherePattern) out = out.replace(anywherePattern, REDACTED);
    if (wordPattern) out = out.replace(wordPattern, REDACTED);
    return maskLongRuns(out).replace(NHS_NUMBER_LIKE, REDACTED).replace(DATE_ONLY, REDACTED);
  };
}

/**
 * A send hands the same array of secrets to every response it redacts (each
 * problem field, each attempt): its patterns are compiled once for that
 * array and reused while the array holds the same values.
 */
const compiledBySecrets = new WeakMap<object, { values: readonly (string | undefined)[]; redactor: Redactor }>();

let compilations = 0;

/** How many times {@link redact} has compiled patterns in this process (tests: once per send). Internal. */
export function redactorCompilations(): number {
  return compilations;
}

function compiledFor(secrets: Iterable<string | undefined>): Redactor {
  if (!Array.isArray(secrets)) {
    compilations++;
    return compile(secrets);
  }
  const list: readonly (string | undefined)[] = secrets;
  const known = compiledBySecrets.get(list);
  if (known && known.values.length === list.length && known.values.every((v, i) => v === list[i])) return known.redactor;
  compilations++;
  const redactor = compile(list);
  compiledBySecrets.set(list, { values: [...list], redactor });
  return redactor;
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
