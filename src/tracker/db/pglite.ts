// The embedded engine: PGlite (PostgreSQL in WebAssembly) in a directory the
// owner alone can read (it holds unsent messages), locked to one process; or
// in memory for tests, started from a copy of a fresh one to save initdb.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type * as PGliteModule from '@electric-sql/pglite';
import type { PGlite as PGliteClass, PGliteOptions, Transaction } from '@electric-sql/pglite';
import type { SqlDriver, SqlExecutor, SqlRow } from './driver.js';
import { dataDirOf } from './data-dir.js';
import { lockDirectory, type HeldLock } from './lock-file.js';
import { loadOptionalModule } from './optional-module.js';
import { ERASURE_SETTINGS } from './pglite-erasure-settings.js';

const loadPGlite = (): Promise<typeof PGliteModule> =>
  loadOptionalModule('@electric-sql/pglite', 'The embedded tracker database', () => import('@electric-sql/pglite'));

// The WASM heap grows on demand; starting small keeps an idle tracker's memory down.
const OPTIONS: PGliteOptions = { initialMemory: 128 * 1024 * 1024 };

/**
 * An in-memory database, for tests. The first one in a process runs initdb
 * (seconds); later ones start from a copy of its fresh data directory
 * (a fraction of that), so a test suite can afford one per test.
 */
export async function openMemoryPGlite(): Promise<SqlDriver> {
  const { PGlite } = await loadPGlite();
  template ??= (async () => {
    const fresh = await PGlite.create(OPTIONS);
    const copy = await fresh.dumpDataDir('none');
    await fresh.close();
    return copy;
  })();
  const db = await PGlite.create({ ...OPTIONS, loadDataDir: await template });
  return pgliteDriver(db, undefined, true);
}
let template: Promise<Blob> | undefined;

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
    const db = await PGlite.create(dataDir, { ...OPTIONS, startParams: [...PGlite.defaultStartParams, ...ERASURE_SETTINGS] });
    // PGlite's file system layer creates files world-readable whatever the umask.
    await ownerOnly(dataDir);
    return pgliteDriver(db, lock, false);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function ownerOnly(path: string): Promise<void> {
  await chmod(path, 0o700);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) await ownerOnly(full);
    else if (entry.isFile()) await chmod(full, 0o600);
  }
}

function executor(db: Pick<Transaction, 'query'>): SqlExecutor {
  return {
    async query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await db.query<R>(sql, [...params]);
      return result.rows;
    },
  };
}

function pgliteDriver(db: PGliteClass, lock: HeldLock | undefined, inMemory: boolean): SqlDriver {
  return {
    ...executor(db),
    soleUser: true,
    inMemory,
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    async close() {
      if (!db.closed) await db.close();
      await lock?.release();
    },
  };
}
