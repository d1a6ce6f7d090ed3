// JSON text in pieces, for values too large to stringify in one turn of the
// event loop. A message with ten 5 MB attachments is about 67 MB of JSON:
// one JSON.stringify of it, then one UTF-8 encoding or one encryption of the
// result, each holds the event loop for a tenth of a second or more, and an
// application that serves anything else stalls meanwhile. `jsonPieces`
// yields the same text as JSON.stringify, a piece of about `pieceChars` at a
// time (a long string is cut into pieces of its own), so the caller can hand
// each piece on (encode it, encrypt it, write it) and let the event loop run
// between them (`eachJsonPiece`).
//
// The pieces joined are exactly JSON.stringify(value): toJSON is called with
// the property's key, properties whose value is undefined, a function or a
// symbol are left out of objects and written as null in arrays, and a
// circular structure throws the TypeError JSON.stringify throws. Objects
// that are not plain (a Date, a Map, a class instance) and every value
// without a long string inside are written by JSON.stringify itself. (The
// one difference: where a toJSON returns an object that has a toJSON of its
// own, JSON.stringify does not call the second; plain message data has none.)

/**
 * About this many characters per piece by default: 1 MiB of text. Also the
 * measure of "large" on the send path: a content this long (base64 to decode,
 * hash or check) is a piece's worth of work, after which the event loop gets a turn.
 */
export const PIECE_CHARS = 1 << 20;

/** Strings at least this long are written in pieces, not in one go. */
const LONG_STRING = 1 << 16;

/** The shortest part a long string is cut into (for a small `pieceChars`). */
const SLICE_MIN_CHARS = 1 << 12;

/**
 * JSON.stringify(value), as pieces of at most about 1.25 x `pieceChars`
 * characters whose concatenation is exactly JSON.stringify's text.
 *
 * @throws TypeError as JSON.stringify does: a circular structure, a BigInt.
 */
export function* jsonPieces(value: unknown, pieceChars: number = PIECE_CHARS): Generator<string, void, undefined> {
  for (const parts of jsonPieceParts(value, pieceChars)) yield parts.join('');
}

/**
 * {@link jsonPieces}, each piece given as the texts it is made of (slices of
 * the long strings, the JSON between them), for a caller that encodes or
 * encrypts them one by one: joined into one string, each megabyte would be
 * copied once more into V8's heap. Each text is whole UTF-16 (a long string
 * is never cut between the two halves of a surrogate pair), so encoding the
 * texts one by one gives the bytes of the piece.
 *
 * @throws TypeError as JSON.stringify does: a circular structure, a BigInt.
 */
export function* jsonPieceParts(value: unknown, pieceChars: number = PIECE_CHARS): Generator<string[], void, undefined> {
  let parts: string[] = [];
  let chars = 0;
  // A long string is cut in quarters of a piece, so a piece ends within a quarter past `pieceChars`:
  // cut in whole pieces, the text before a cut could nearly double the piece that holds it.
  for (const token of tokens(withToJson('', value), new Set(), Math.max(SLICE_MIN_CHARS, Math.ceil(pieceChars / 4)))) {
    parts.push(token);
    chars += token.length;
    if (chars >= pieceChars) {
      yield parts;
      parts = [];
      chars = 0;
    }
  }
  if (chars > 0) yield parts;
}

/**
 * Hands each piece of `value`'s JSON text to `onPiece`, as the texts it is
 * made of ({@link jsonPieceParts}), letting the event loop run between
 * pieces (a macrotask turn), so that timers and I/O are served while a large
 * value is written.
 */
export async function eachJsonPiece(value: unknown, onPiece: (parts: string[]) => void | Promise<void>, pieceChars: number = PIECE_CHARS): Promise<void> {
  const pieces = jsonPieceParts(value, pieceChars);
  let next = pieces.next();
  while (!next.done) {
    await onPiece(next.value);
    next = pieces.next();
    // No turn after the last piece: a small value (one piece) costs no turn at all.
    if (!next.done) await nextTurn();
  }
}

/**
 * Throws what JSON.stringify(value) would throw (a circular structure, a
 * BigInt, a throwing toJSON) without writing the text of long strings: a
 * check that a value can be written as JSON costs a walk of its structure,
 * not a copy of its megabytes.
 */
export function assertJsonable(value: unknown): void {
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && v.length >= LONG_STRING ? '' : v));
}

/**
 * Where to cut `text` at about `end` (after `start`) so that the cut never
 * falls between the two halves of a surrogate pair: one before, or one past
 * when the piece would otherwise be empty. Each side of a cut is then whole
 * UTF-16, which a piece encoded to UTF-8 on its own needs. Internal.
 */
export function endOffPair(text: string, start: number, end: number): number {
  if (end >= text.length) return end;
  const last = text.charCodeAt(end - 1);
  if (last < 0xd800 || last > 0xdbff) return end;
  return end - 1 > start ? end - 1 : end + 1;
}

/** Resolves at the next turn of the event loop (setImmediate where there is one, else a zero timer). */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

/** Whether JSON.stringify would leave this value out of an object (and write null for it in an array). */
const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function isPlain(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return Array.isArray(v) || proto === Object.prototype || proto === null;
}

/** Whether anything inside is a long string (only then is the value walked here rather than stringified whole). */
function holdsLongString(v: unknown, seen: Set<object>): boolean {
  if (typeof v === 'string') return v.length >= LONG_STRING;
  if (typeof v !== 'object' || v === null || !isPlain(v) || seen.has(v)) return false;
  seen.add(v);
  const items: unknown[] = Array.isArray(v) ? v : Object.values(v);
  return items.some((item) => holdsLongString(item, seen));
}

/** The JSON text of a value that toJSON has already been applied to. */
function* tokens(value: unknown, stack: Set<object>, sliceChars: number): Generator<string, void, undefined> {
  if (typeof value === 'string') {
    if (value.length < LONG_STRING) yield JSON.stringify(value);
    else yield* longString(value, sliceChars);
    return;
  }
  if (typeof value !== 'object' || value === null || !isPlain(value) || !holdsLongString(value, new Set())) {
    // JSON.stringify of the whole value: small, or not a plain structure. At the top level an omitted value has no text at all.
    const text = JSON.stringify(value) as string | undefined;
    if (text !== undefined) yield text;
    return;
  }
  if (stack.has(value)) throw new TypeError('Converting circular structure to JSON');
  stack.add(value);
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item = withToJson(String(i), value[i]);
      if (omitted(item)) yield 'null';
      else yield* tokens(item, stack, sliceChars);
    }
    yield ']';
  } else {
    yield '{';
    let first = true;
    for (const k of Object.keys(value)) {
      const item = withToJson(k, (value as Record<string, unknown>)[k]);
      if (omitted(item)) continue;
      yield `${first ? '' : ','}${JSON.stringify(k)}:`;
      first = false;
      yield* tokens(item, stack, sliceChars);
    }
    yield '}';
  }
  stack.delete(value);
}

/** The value JSON.stringify writes for `raw` under `key`: its toJSON(key) where it has one. Applied once (toJSON's result is not asked again). */
function withToJson(key: string, raw: unknown): unknown {
  if ((typeof raw === 'object' && raw !== null) || typeof raw === 'bigint') {
    const toJSON = (raw as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return (toJSON as (k: string) => unknown).call(raw, key);
  }
  return raw;
}

/** Characters JSON.stringify writes otherwise than as they are: quote, backslash, control characters, and surrogates (a lone one is escaped). */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A long string's JSON text in slices, never cutting between the two halves of a surrogate pair (JSON.stringify would escape each half alone). */
function* longString(text: string, sliceChars: number): Generator<string, void, undefined> {
  yield '"';
  for (let start = 0; start < text.length; ) {
    const end = endOffPair(text, start, Math.min(start + sliceChars, text.length));
    const part = text.slice(start, end);
    // Most long strings (base64) have nothing JSON escapes: their text is the part itself, no copy made.
    yield NEEDS_ESCAPE.test(part) ? JSON.stringify(part).slice(1, -1) : part;
    start = end;
  }
  yield '"';
}
