// A JSON value read back from its UTF-8 text given a piece at a time: the
// other direction of json-pieces.ts. A message with ten 5 MB attachments is
// about 67 MB of JSON, and decoding that text whole, then JSON.parse of it,
// each hold the event loop for a tenth of a second or more. Here each piece
// is scanned as it comes (native searches for the quote byte, no per-character
// JavaScript), the strings of at least LONG_STRING_BYTES are set apart and
// decoded on their own, and only what is left (the structure and the short
// strings, a few kilobytes for a message) goes to JSON.parse at the end.
//
// Scanning bytes is safe in UTF-8: a quote (0x22) or a backslash (0x5c) never
// occurs inside a multi-byte character. A long string is replaced in what
// JSON.parse sees by a stand-in string unique to this reader, which the
// reviver swaps for the decoded text. A long object key is kept in place
// (a reviver cannot rename keys), so the text must come from JSON.stringify
// (no space between a key's closing quote and its colon).

/** Strings of at least this many bytes are decoded apart from the structure. */
export const LONG_STRING_BYTES = 1 << 12;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** A long string read, waiting for the byte after it (a colon makes it a key). */
interface PendingLong {
  parts: Uint8Array[];
  escaped: boolean;
}

/** Builds a JSON value from its UTF-8 text pushed a piece at a time. Internal. */
export class JsonFromPieces {
  readonly #structure: Uint8Array[] = [];
  readonly #long: string[] = [];
  readonly #stand = `\u0000${crypto.randomUUID()}:`;
  /** The parts of the string being read, or null between strings. */
  #string: Uint8Array[] | null = null;
  #stringBytes = 0;
  #escaped = false;
  /** Backslashes at the end of what has been read of the string (an odd count escapes the next quote). */
  #backslashes = 0;
  #pending: PendingLong | null = null;

  /** Reads the next piece of the text. The piece must not change until {@link finish} (a long string's bytes are kept, not copied, until it is decoded). */
  push(piece: Uint8Array): void {
    let at = 0;
    if (piece.length > 0) this.#settlePending(piece[0] === COLON);
    while (at < piece.length) {
      if (this.#string === null) {
        const quote = piece.indexOf(QUOTE, at);
        if (quote === -1) {
          this.#structure.push(copyOf(piece, at));
          return;
        }
        this.#structure.push(copyOf(piece, at, quote));
        this.#string = [];
        this.#stringBytes = 0;
        this.#escaped = false;
        this.#backslashes = 0;
        at = quote + 1;
        continue;
      }
      const end = this.#closingQuote(piece, at);
      const part = piece.subarray(at, end === -1 ? piece.length : end);
      this.#readString(part);
      if (end === -1) return;
      this.#closeString(piece, end + 1);
      at = end + 1;
    }
  }

  /** The value the text holds. @throws SyntaxError when the text is not JSON (or ends inside a string). */
  finish(): unknown {
    this.#settlePending(false);
    if (this.#string !== null) throw new SyntaxError('Unterminated string in JSON');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(joined(this.#structure));
    const stand = this.#stand;
    const long = this.#long;
    return JSON.parse(text, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(stand) ? long[Number(value.slice(stand.length))] : value,
    );
  }

  /** Where the string being read ends in `piece` (its closing quote), or -1 when it goes on past it. */
  #closingQuote(piece: Uint8Array, from: number): number {
    for (let quote = piece.indexOf(QUOTE, from); quote !== -1; quote = piece.indexOf(QUOTE, quote + 1)) {
      let run = 0;
      let i = quote - 1;
      while (i >= from && piece[i] === BACKSLASH) {
        run++;
        i--;
      }
      // Backslashes right at the start of this part continue the run the part before ended with.
      if (i < from) run += this.#backslashes;
      if (run % 2 === 0) return quote;
    }
    return -1;
  }

  #readString(part: Uint8Array): void {
    if (part.length === 0) return;
    this.#string?.push(part);
    this.#stringBytes += part.length;
    if (!this.#escaped && part.includes(BACKSLASH)) this.#escaped = true;
    let run = 0;
    while (run < part.length && part[part.length - 1 - run] === BACKSLASH) run++;
    this.#backslashes = run === part.length ? this.#backslashes + run : run;
  }

  /** The string ends; `next` is where the byte after its closing quote is in `piece` (maybe past its end). */
  #closeString(piece: Uint8Array, next: number): void {
    const parts = this.#string ?? [];
    this.#string = null;
    if (this.#stringBytes < LONG_STRING_BYTES) {
      this.#structure.push(QUOTES[0], ...parts.map((part) => copyOf(part)), QUOTES[1]);
      return;
    }
    this.#pending = { parts, escaped: this.#escaped };
    if (next < piece.length) this.#settlePending(piece[next] === COLON);
  }

  /** The long string just read, if any: kept as a key (followed by a colon), or set apart with a stand-in. */
  #settlePending(isKey: boolean): void {
    if (this.#pending === null) return;
    const { parts, escaped } = this.#pending;
    this.#pending = null;
    if (isKey) {
      this.#structure.push(QUOTES[0], ...parts.map((part) => copyOf(part)), QUOTES[1]);
      return;
    }
    this.#structure.push(UTF8.encode(JSON.stringify(`${this.#stand}${this.#long.length}`)));
    this.#long.push(decodeString(parts, escaped));
  }
}

const QUOTES = [Uint8Array.of(QUOTE), Uint8Array.of(QUOTE)] as const;
const UTF8 = new TextEncoder();

/** A copy of part of a piece (a Buffer's own slice() is a view, which would keep the whole piece alive). */
const copyOf = (piece: Uint8Array, start?: number, end?: number): Uint8Array => Uint8Array.prototype.slice.call(piece, start, end);

/** The parts as one array (copied: the structure's parts are small, copies already, so the pieces they came from can go). */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** A string's text from the bytes between its quotes: decoded part by part (joined without a copy), or through JSON.parse when it holds escapes. */
function decodeString(parts: readonly Uint8Array[], escaped: boolean): string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const texts = parts.map((part) => decoder.decode(part, { stream: true }));
  texts.push(decoder.decode());
  const text = texts.join('');
  return escaped ? (JSON.parse(`"${text}"`) as string) : text;
}
