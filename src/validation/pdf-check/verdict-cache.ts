// The verdicts of PDFs already read, by the SHA-256 of their bytes and the
// subject they were read for: a resend, a tracked retry or a replacement
// carrying the same attachment is not parsed again. Bounded, least recently
// used first out. Only verdicts are kept, never text or the numbers found.
import type { PdfVerdict } from './pdf-verdict.js';

/** Entries kept when the client does not say. */
export const DEFAULT_CACHE_ENTRIES = 1000;

/** The cache key of a PDF read for a subject: SHA-256 of the bytes (hex), then the subject. */
export async function verdictKey(bytes: Uint8Array, subject: string): Promise<string> {
  // WebCrypto copies the bytes first and hashes them off the event loop (Node's thread pool).
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `${hex}:${subject}`;
}

/** A least-recently-used map of verdicts. */
export class VerdictCache {
  readonly #max: number;
  readonly #entries = new Map<string, PdfVerdict>();

  constructor(max: number) {
    this.#max = max;
  }

  get(key: string): PdfVerdict | undefined {
    const verdict = this.#entries.get(key);
    if (verdict !== undefined) {
      this.#entries.delete(key); // most recently used goes last
      this.#entries.set(key, verdict);
    }
    return verdict;
  }

  set(key: string, verdict: PdfVerdict): void {
    if (this.#max <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, verdict);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
