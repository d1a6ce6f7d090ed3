import type { ContentRejection } from '../core/errors/content-rejection.js';

/**
 * Remembers the SHA-256 (hex) of attachment content the service rejected, so
 * that it is never sent again (spec, Errors rule 3). Asynchronous so that a
 * store can live in a file, a database or a shared cache.
 *
 * What survives a restart is the store's to say: the default
 * {@link InMemoryRejectedContentStore} forgets everything when the process
 * ends, {@link FileRejectedContentStore} keeps it in a file, and the
 * tracker's ledger keeps the verdicts of tracked sends whatever store the
 * client has.
 */
export interface RejectedContentStore {
  /** Whether this content hash was rejected before. */
  has(sha256: string): Promise<boolean>;
  /**
   * Records a rejected content hash.
   * @param sha256 - The hash (lower-case hex), never the content.
   * @param rejection - Why it was rejected, for a store that keeps it (the SDK always passes it).
   */
  add(sha256: string, rejection?: ContentRejection): Promise<void>;
  /**
   * Whether nothing was ever rejected; lets the SDK skip hashing attachments
   * on the common path.
   */
  isEmpty(): Promise<boolean>;
}

/** The default store: lives as long as the client. */
export class InMemoryRejectedContentStore implements RejectedContentStore {
  readonly #hashes = new Set<string>();

  /** {@inheritDoc RejectedContentStore.has} */
  has(sha256: string): Promise<boolean> {
    return Promise.resolve(this.#hashes.has(sha256));
  }

  /** {@inheritDoc RejectedContentStore.add} */
  add(sha256: string): Promise<void> {
    this.#hashes.add(sha256);
    return Promise.resolve();
  }

  /** {@inheritDoc RejectedContentStore.isEmpty} */
  isEmpty(): Promise<boolean> {
    return Promise.resolve(this.#hashes.size === 0);
  }
}
