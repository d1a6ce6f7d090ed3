// The embedded engine: PGlite (PostgreSQL in WebAssembly) in a directory the
// owner alone can read (it holds unsent messages), locked to one process; or,
// for `'memory:'`, in a private temporary directory that goes with the
// tracker. PostgreSQL runs with settings for a small ledger inside an app
// (see ENGINE_SETTINGS), and a new database is made outside this process's
// heap (new-data-directory.ts).
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type * as PGliteModule from '@electric-sql/pglite';
import type { PGlite as PGliteClass, PGliteOptions, Transaction } from '@electric-sql/pglite';
import type { SqlDriver, SqlExecutor, SqlRow } from './driver.js';
import { dataDirOf } from './data-dir.js';
import { lockDirectory, type HeldLock } from './lock-file.js';
import { makeMemoryDirectory } from './memory-directory.js';
import { makeDataDirectory } from './new-data-directory.js';
import { loadOptionalModule } from './optional-module.js';
import { ERASURE_SETTINGS } from './pglite-erasure-settings.js';

const loadPGlite = (): Promise<typeof PGliteModule> =>
  loadOptionalModule('@electric-sql/pglite', 'The embedded tracker database', () => import('@electric-sql/pglite'));

/**
 * PostgreSQL's settings for the tracker's ledger, added after PGlite's own
 * (D-TRACKER-31). PGlite's defaults are a server's: 128 MB of shared buffers
 * grow the WebAssembly heap, which never shrinks, to hold them. A ledger's
 * working set is the due-work index and the rows being polled, and the
 * operating system's cache holds the rest of its files.
 */
export const ENGINE_SETTINGS: readonly string[] = [
  // The page cache inside the heap: the due index and the rows in flight fit many times over.
  'shared_buffers=16MB',
  // Per sort or hash: the tracker's queries sort a few hundred rows at most.
  'work_mem=1MB',
  // The write-ahead log's buffer: a transition writes a few kilobytes.
  'wal_buffers=1MB',
  // The tracker makes no temporary tables.
  'temp_buffers=1MB',
  // Migrations' index builds and VACUUM on a ledger of 100,000s of rows.
  'maintenance_work_mem=16MB',
];

/** The smallest initial WebAssembly heap PGlite's module accepts; it grows on demand. */
const INITIAL_MEMORY = 128 * 1024 * 1024;

/** PGlite's options for the tracker: its own start parameters first (the option replaces them), then the ledger's settings. */
export function engineOptions(PGlite: Pick<typeof PGliteClass, 'defaultStartParams'>): PGliteOptions {
  return {
    initialMemory: INITIAL_MEMORY,
    // Then what erasure relies on (D-TRACKER-24).
    startParams: [...PGlite.defaultStartParams, ...ENGINE_SETTINGS.flatMap((setting) => ['-c', setting]), ...ERASURE_SETTINGS],
  };
}

/**
 * A `'memory:'` database: the embedded database in a private temporary
 * directory, removed when the tracker closes (or the process exits; one left
 * by a killed process is removed by the next `'memory:'` open).
 */
export async function openMemoryPGlite(): Promise<SqlDriver> {
  const directory = await makeMemoryDirectory();
  try {
    const driver = await openDirectoryPGlite(directory.path);
    return {
      ...driver,
      async close() {
        try {
          await driver.close();
        } finally {
          await directory.remove();
        }
      },
    };
  } catch (error) {
    await directory.remove();
    throw error;
  }
}

/**
 * The embedded database in a directory: created readable by its owner only
 * (it holds unsent documents until the service has them), locked against a
 * second process.
 */
export async function openDirectoryPGlite(directory: string): Promise<SqlDriver> {
  const { PGlite } = await loadPGlite();
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  const lock = await lockDirectory(join(directory, 'lock'));
  try {
    const dataDir = dataDirOf(directory);
    await makeDataDirectory(dataDir);
    const db = await PGlite.create(dataDir, engineOptions(PGlite));
    // PGlite's file system layer creates files world-readable whatever the umask.
    await ownerOnly(dataDir);
    return pgliteDriver(db, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Every file owner-only (0600), every directory 0700; side by side, as a ledger has a thousand files and more. */
async function ownerOnly(path: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true });
  await Promise.all([
    chmod(path, 0o700),
    ...entries.map((entry) => {
      const full = join(path, entry.name);
      return entry.isDirectory() ? ownerOnly(full) : entry.isFile() ? chmod(full, 0o600) : undefined;
    }),
  ]);
}

function executor(db: Pick<Transaction, 'query'>): SqlExecutor {
  return {
    async query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await db.query<R>(sql, [...params]);
      return result.rows;
    },
  };
}

function pgliteDriver(db: PGliteClass, lock: HeldLock): SqlDriver {
  return {
    ...executor(db),
    soleUser: true,
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    async close() {
      if (!db.closed) await db.close();
      await lock.release();
    },
  };
}
