// Durability of the SQLite ledger without blocking the event loop. The ledger
// runs with `synchronous = NORMAL` in WAL mode: a commit is written to the
// log but not flushed to the disk, so the background loops' many small
// commits (claims, poll results, budget slots, event marks) cost no fsync on
// the main thread. A write that a caller relies on once its call returns (a
// send or an adoption recorded, a person's action and its audit) then waits
// for `durable()`: an fsync of the log file on libuv's thread pool, shared by
// every caller that came while one was under way (group commit), so the
// commit is on the disk before the call returns, as with `synchronous =
// FULL`, without the main thread waiting for the disk (D-TRACKER-39).
import { open } from 'node:fs/promises';
import type { SqliteDatabase } from './load.js';
import { sqliteFailure } from './failure.js';

const walFiles = new WeakMap<SqliteDatabase, string>();

/** Records where a database opened on a file keeps its write-ahead log (`memory:` has none). Internal. */
export function rememberWalFile(db: SqliteDatabase, databaseFile: string): void {
  walFiles.set(db, `${databaseFile}-wal`);
}

/** The file a database was opened on, as rememberWalFile recorded it; undefined for `memory:`. Internal. */
export function databaseFileOf(db: SqliteDatabase): string | undefined {
  return walFiles.get(db)?.slice(0, -'-wal'.length);
}

/** Flushes one file to the disk. */
export type FlushFile = (file: string) => Promise<void>;

/** Flushes a database's write-ahead log to the disk, off the main thread, coalescing callers. Internal. */
export class WalSync {
  readonly #file: string | undefined;
  readonly #flushFile: FlushFile;
  #running: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  /** `flushFile` is fsync on libuv's pool; tests count the flushes with their own. */
  constructor(db: SqliteDatabase, flushFile: FlushFile = fsyncFile) {
    this.#file = walFiles.get(db);
    this.#flushFile = flushFile;
  }

  /**
   * Resolves once every commit made before the call is on the disk. A flush
   * already under way may have begun before the caller's commit, so the
   * caller waits for the next one, which every caller arriving meanwhile shares.
   */
  durable(): Promise<void> {
    if (this.#file === undefined) return Promise.resolve();
    if (!this.#running) {
      this.#running = this.#flushFile(this.#file).finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#next ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#next = null;
        return this.durable();
      });
    return this.#next;
  }

}

/** fsync of a file, on libuv's thread pool. */
export async function fsyncFile(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    // No log file: every commit has been checkpointed into the database file, which the checkpoint flushed.
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw sqliteFailure(error);
  }
  try {
    await handle.sync();
  } catch (error) {
    throw sqliteFailure(error);
  } finally {
    await handle.close();
  }
}
