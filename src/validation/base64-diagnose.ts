// The exact, slower pass of the strict base64 check: one linear scan over the
// characters (no regex backtracking), used when the fast path fails or when
// Node's Buffer is not available. It names the most useful problem to fix.
import { BASE64_VALUE } from './runtime.js';

/** Why a string is not strict base64; each has its own reason text. */
export type Base64Problem =
  | 'data-url-prefix'
  | 'whitespace'
  | 'url-safe-alphabet'
  | 'invalid-character'
  | 'misplaced-padding'
  | 'bad-length'
  | 'non-zero-pad-bits';

/** The outcome of `checkStrictBase64`. */
export type Base64Check =
  | {
      /** The string is strict base64. */
      ok: true;
      /** Decoded size in bytes, computed without decoding. */
      decodedBytes: number;
    }
  | {
      /** The string is not strict base64. */
      ok: false;
      /** What is wrong. */
      problem: Base64Problem;
      /** Index of the first offending character, when there is one. */
      index?: number;
    };

/** Whether the padding is at most two `=` and the pad bits before it are zero (RFC 4648 section 3.5). */
export function lastQuantumIsCanonical(s: string): boolean {
  const n = s.length;
  if (s.endsWith('===')) return false;
  // The last data character of a padded quantum may only carry zero low bits.
  if (s.endsWith('==')) return 'AQgw'.includes(s.charAt(n - 3));
  if (s.endsWith('=')) return 'AEIMQUYcgkosw048'.includes(s.charAt(n - 2));
  return true;
}

/** JavaScript's `\s` set, by code, so the scan needs no per-character regex. */
function isWhitespace(c: number): boolean {
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Index of the first character of each kind of problem, -1 when absent. */
interface Offenders {
  whitespace: number;
  urlSafe: number;
  invalid: number;
  /** The first `=` when data follows it or there are more than two. */
  padding: number;
}

function scan(s: string): Offenders {
  const found: Offenders = { whitespace: -1, urlSafe: -1, invalid: -1, padding: -1 };
  let firstEquals = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && BASE64_VALUE[c]! >= 0) {
      if (firstEquals !== -1 && found.padding === -1) found.padding = firstEquals;
    } else if (c === 0x3d) {
      if (firstEquals === -1) firstEquals = i;
    } else if (isWhitespace(c)) {
      found.whitespace = i;
      return found; // the most likely cause (MIME wrapping); nothing else matters more
    } else if (c === 0x2d || c === 0x5f) {
      if (found.urlSafe === -1) found.urlSafe = i;
    } else if (found.invalid === -1) {
      found.invalid = i;
    }
  }
  if (firstEquals !== -1 && s.length - firstEquals > 2 && found.padding === -1) found.padding = firstEquals;
  return found;
}

function fail(problem: Base64Problem, index?: number): Base64Check {
  return index === undefined || index < 0 ? { ok: false, problem } : { ok: false, problem, index };
}

/**
 * Classifies a string exactly: ok with its decoded size, or the problem a
 * sender should fix first (a data-URL prefix explains its odd characters, so
 * it comes first; line wrapping comes before stray characters).
 */
export function diagnoseBase64(s: string): Base64Check {
  if (s.slice(0, 5).toLowerCase() === 'data:') return fail('data-url-prefix');
  const found = scan(s);
  if (found.whitespace !== -1) return fail('whitespace', found.whitespace);
  if (found.urlSafe !== -1) return fail('url-safe-alphabet', found.urlSafe);
  if (found.invalid !== -1) return fail('invalid-character', found.invalid);
  if (found.padding !== -1) return fail('misplaced-padding', found.padding);
  if (s.length % 4 !== 0) return fail('bad-length');
  if (!lastQuantumIsCanonical(s)) return fail('non-zero-pad-bits');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return { ok: true, decodedBytes: (s.length / 4) * 3 - pad };
}
