import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RejectedContentStore } from './store.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * A {@link RejectedContentStore} kept in a file, one SHA-256 per line, so a
 * rejected attachment stays refused across restarts. It only appends, and
 * re-reads the file when it has grown, so several processes may share it.
 * Holds hashes, never content.
 *
 * @example
 * ```ts
 * const cdms = new CdmsClient({ rejectedContent: new FileRejectedContentStore('/var/lib/sender/rejected-content.txt') });
 * ```
 */
export class FileRejectedContentStore implements RejectedContentStore {
  readonly #path: string;
  #hashes = new Set<string>();
  /** Size of the file when last read; -1 before the first read. */
  #readSize = -1;

  /** @param path - The file; created with its directory on the first rejection. */
  constructor(path: string) {
    this.#path = path;
  }

  /** {@inheritDoc RejectedContentStore.has} */
  async has(sha256: string): Promise<boolean> {
    return (await this.#load()).has(sha256);
  }

  /** {@inheritDoc RejectedContentStore.add} */
  async add(sha256: string): Promise<void> {
    if (!SHA256_HEX.test(sha256)) throw new TypeError('FileRejectedContentStore.add expects a lower-case hex SHA-256.');
    const hashes = await this.#load();
    if (hashes.has(sha256)) return;
    hashes.add(sha256);
    await mkdir(dirname(this.#path), { recursive: true });
    await appendFile(this.#path, `${sha256}\n`, { encoding: 'utf8', mode: 0o600 });
  }

  /** {@inheritDoc RejectedContentStore.isEmpty} */
  async isEmpty(): Promise<boolean> {
    return (await this.#load()).size === 0;
  }

  /** The hashes, re-read when the file changed size (another process appended). A missing file is an empty store. */
  async #load(): Promise<Set<string>> {
    const size = await stat(this.#path).then(
      (s) => s.size,
      (error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return 0;
        throw error;
      },
    );
    if (size !== this.#readSize) {
      const text = size === 0 ? '' : await readFile(this.#path, 'utf8');
      for (const line of text.split('\n')) if (SHA256_HEX.test(line)) this.#hashes.add(line);
      this.#readSize = size;
    }
    return this.#hashes;
  }
}
