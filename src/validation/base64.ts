// Strict base64 (RFC 4648 section 4: standard alphabet, `=` padding, no line
// breaks, zero pad bits) checked in linear time and constant memory. The
// textbook grouped regex overflows V8's stack on multi-megabyte strings
// (a regex engine's backtracking recursion) and a character-class regex runs at only
// ~170 MB/s. So the common case is accepted chunk by chunk with native code
// (an ASCII copy, memchr for '-'/'_', and Node's decoder, whose byte count
// proves the alphabet), at about the speed of Buffer.from itself; only a
// failure pays for the slower pass that names the exact problem.
import { diagnoseBase64, lastQuantumIsCanonical, type Base64Check, type Base64Problem } from './base64-diagnose.js';
import { nodeBuffer, type NodeBufferApi } from './runtime.js';

export type { Base64Check, Base64Problem };

/** Decoded size of strict base64: `n / 4 * 3 - padding`, no decoding needed. */
export function decodedSize(s: string): number {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - pad;
}

/**
 * Checks that a string is strict, canonical base64 and returns its decoded
 * size, or the first problem found (see {@link Base64Problem}). Never throws;
 * fast and flat in memory on multi-megabyte strings.
 *
 * @example
 * ```ts
 * checkStrictBase64('aGVsbG8=');        // { ok: true, decodedBytes: 5 }
 * checkStrictBase64('aGVs\r\nbG8=');    // { ok: false, problem: 'whitespace', index: 4 }
 * ```
 */
export function checkStrictBase64(s: string): Base64Check {
  if (typeof s !== 'string') return { ok: false, problem: 'invalid-character' };
  const api = nodeBuffer();
  if (api && decoderIsUsable(api) && fastAccept(s, api)) return { ok: true, decodedBytes: decodedSize(s) };
  return diagnoseBase64(s);
}

/** Characters per chunk: a multiple of 4, small enough for both scratch buffers to stay in cache. */
const CHUNK = 65536;
let scratch: { text: Buffer; decoded: Buffer } | undefined;
const encoder = new TextEncoder();

/**
 * True only for strict base64. Node's decoder skips characters outside the
 * alphabet and stops at `=`, so a chunk decodes to exactly `n/4*3 - pad`
 * bytes only when every character is in the alphabet, except for three
 * leniencies checked separately: UTF-16 code units above 0xFF (Node keeps
 * their low byte, so the chunk must be ASCII), the URL-safe `-` and `_`, and
 * non-zero pad bits. Each chunk is copied once into a small buffer as ASCII
 * (which proves it is ASCII) and searched there, so the string is read only
 * twice in all.
 */
function fastAccept(s: string, api: NodeBufferApi): boolean {
  const n = s.length;
  if (n % 4 !== 0 || !lastQuantumIsCanonical(s)) return false;
  // Buffers, not plain Uint8Arrays: Buffer#indexOf is native memchr, TypedArray#indexOf a generic loop.
  scratch ??= { text: api.Buffer.allocUnsafe(CHUNK), decoded: api.Buffer.allocUnsafe((CHUNK / 4) * 3) };
  const { text, decoded } = scratch;
  for (let i = 0; i < n; i += CHUNK) {
    const part = n <= CHUNK ? s : s.slice(i, i + CHUNK);
    const { read, written } = encoder.encodeInto(part, text);
    if (read !== part.length || written !== part.length) return false; // not ASCII
    const ascii = written === CHUNK ? text : text.subarray(0, written);
    if (ascii.indexOf(0x2d) !== -1 || ascii.indexOf(0x5f) !== -1) return false; // '-' or '_'
    const expected = i + CHUNK >= n ? decodedSize(part) : (CHUNK / 4) * 3;
    if (decoded.write(part, 0, 'base64') !== expected) return false;
  }
  return true;
}

let usable: boolean | undefined;

/**
 * Once per process, confirms that this runtime's decoder behaves as
 * {@link fastAccept} relies on: every one-byte character outside the
 * alphabet is skipped, and `=` ends the data. Other runtimes (Deno, Bun)
 * implement Buffer themselves; if one differs, the exact slow pass is used.
 */
function decoderIsUsable(api: NodeBufferApi): boolean {
  if (usable === undefined) {
    try {
      let probe = '';
      let count = 0;
      for (let c = 0; c < 256; c++) {
        const ch = String.fromCharCode(c);
        if (/[A-Za-z0-9+/=_-]/.test(ch)) continue;
        probe += `${ch}QUJD`;
        count++;
      }
      usable =
        api.Buffer.from(probe, 'base64').length === count * 3 && api.Buffer.from('QQ==QUJD', 'base64').length < 6;
    } catch {
      usable = false;
    }
  }
  return usable;
}

/** The reason text for a base64 problem of an attachment's content. */
export function base64Reason(check: Extract<Base64Check, { ok: false }>): string {
  const at = check.index === undefined ? '' : ` (at character ${check.index})`;
  switch (check.problem) {
    case 'data-url-prefix':
      return "starts with a data-URL prefix ('data:...;base64,'); send only the base64 text after the comma";
    case 'whitespace':
      return `contains whitespace or a line break${at}; send base64 as one unbroken line (no MIME wrapping, e.g. base64 -w 0)`;
    case 'url-safe-alphabet':
      return `uses the URL-safe alphabet ('-' or '_')${at}; encode with the standard alphabet ('+' and '/')`;
    case 'invalid-character':
      return `contains a character outside the base64 alphabet${at}; send RFC 4648 base64 (A-Z a-z 0-9 + / and = padding)`;
    case 'misplaced-padding':
      return `has '=' padding other than one or two at the very end${at}; encode the whole file in one piece`;
    case 'bad-length':
      return "length is not a multiple of 4: the '=' padding is missing or extra, or the text is cut short; send padded base64";
    case 'non-zero-pad-bits':
      return 'is not canonical base64: the bits before the padding must be zero; re-encode the file (e.g. Buffer.toString("base64"))';
  }
}
