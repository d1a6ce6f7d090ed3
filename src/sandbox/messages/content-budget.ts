import type { MessageRecord } from './record.js';

const sizeOf = (contents: readonly Buffer[]): number => contents.reduce((n, b) => n + b.length, 0);

/**
 * Keeps the decoded attachment content of the newest messages within a byte
 * budget, for the console's previews and downloads. A long-running sandbox
 * would otherwise hold every document it was ever sent; the oldest content
 * is released first (its SHA-256 stays in the message).
 */
export class ContentBudget {
  readonly #maxBytes: number;
  /** Records holding content, oldest first. */
  readonly #holders: MessageRecord[] = [];
  #bytes = 0;

  /** @param maxBytes - Bytes of content kept in all; 0 keeps none. */
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Takes a new record's content into the budget, releasing the oldest content beyond it. */
  admit(record: MessageRecord): void {
    const size = sizeOf(record.contents ?? []);
    if (record.contents === undefined || size > this.#maxBytes) {
      record.contents = undefined;
      return;
    }
    this.#holders.push(record);
    this.#bytes += size;
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#holders.shift();
      if (oldest) this.release(oldest);
    }
  }

  /** Drops a record's content (it was removed, or is the oldest). */
  release(record: MessageRecord): void {
    if (record.contents === undefined) return;
    this.#bytes -= sizeOf(record.contents);
    record.contents = undefined;
    const i = this.#holders.indexOf(record);
    if (i >= 0) this.#holders.splice(i, 1);
  }

  /** Forgets everything. */
  clear(): void {
    for (const r of this.#holders) r.contents = undefined;
    this.#holders.length = 0;
    this.#bytes = 0;
  }
}
