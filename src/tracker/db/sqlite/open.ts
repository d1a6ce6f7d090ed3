// The embedded engine: the runtime's own SQLite (node:sqlite). A directory
// holds one database file with its write-ahead log, owner-only, locked to one
// writing process (lock.ts); `'memory:'` is an in-memory database that goes
// with the tracker. Synchronous: each statement is small and runs on the
// main thread (a content of megabytes is the one large value, D-TRACKER-35).
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import type { SqlDriver, SqlExecutor, SqlRow } from '../driver.js';
import { sqliteFailure } from './failure.js';
import { loadSqlite, type SqliteDatabase } from './load.js';
import { lockLedger, type SqliteLock } from './lock.js';
import { ownerOnlyDirectory, ownerOnlyFile } from './owner-only.js';
import { rememberWalFile } from './wal-sync.js';
import { closeCheckpointer } from './wal-checkpointer.js';

/** The ledger's database file inside its directory (SQLite adds `-wal` and `-shm` beside it). */
export const LEDGER_FILE = 'ledger.sqlite';

/** A driver over a SQLite database: the store reaches the database itself, synchronously. Internal. */
export interface SqliteDriver extends SqlDriver {
  readonly dialect: 'sqlite';
  /** The open database. */
  readonly sqlite: SqliteDatabase;
  /** Opened to read only, beside the process that owns the ledger. */
  readonly readOnly: boolean;
}

/** Whether a driver is the embedded SQLite engine's. */
export function isSqliteDriver(driver: SqlDriver): driver is SqliteDriver {
  return (driver as { dialect?: unknown }).dialect === 'sqlite';
}

/** The ledger's file in `directory`. */
export const ledgerFileOf = (directory: string): string => join(directory, LEDGER_FILE);

/**
 * Settings of every writing connection: the write-ahead log (readers beside
 * the writer), commits written to the log without a flush on the main thread
 * (the writes a caller relies on are flushed off it before the call returns:
 * wal-sync.ts, D-TRACKER-39), deleted content overwritten with zeros
 * (erasure, D-TRACKER-24), and foreign keys (a message's key, history and
 * events go with it).
 */
const WRITER_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = NORMAL', 'PRAGMA secure_delete = ON', 'PRAGMA foreign_keys = ON'];

/** An in-memory ledger, this process's alone. */
export function openMemorySqlite(): SqliteDriver {
  const DatabaseSync = loadSqlite();
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON');
  return sqliteDriver(db, { readOnly: false });
}

/**
 * The ledger in `directory`, made if missing (0700, its files 0600), locked
 * to this process for as long as it is open.
 *
 * @throws DatabaseInUseError when another process (or tracker) holds it.
 * @throws ConfigurationError when the directory or file is read-only, or this runtime has no node:sqlite.
 */
export async function openDirectorySqlite(directory: string): Promise<SqliteDriver> {
  const DatabaseSync = loadSqlite();
  let lock: SqliteLock | undefined;
  try {
    ownerOnlyDirectory(directory);
    // A read-only directory lets SQLite open the file but never write its journal: said plainly now.
    accessSync(directory, constants.W_OK);
    lock = await lockLedger(directory);
    const file = ledgerFileOf(directory);
    ownerOnlyFile(file);
    accessSync(file, constants.W_OK);
    const db = new DatabaseSync(file, { timeout: 5_000 });
    try {
      for (const pragma of WRITER_PRAGMAS) db.exec(pragma);
      rememberWalFile(db, file);
    } catch (error) {
      db.close();
      throw error;
    }
    const held = lock;
    return sqliteDriver(db, { readOnly: false, release: () => held.release() });
  } catch (error) {
    lock?.release();
    throw sqliteFailure(error, { where: `in ${directory}` });
  }
}

/** `$1`-style parameters (the shared migration runner's) as SQLite's `?NNN`. */
const positional = (sql: string): string => sql.replace(/\$(\d+)/g, '?$1');

/** A driver over an open SQLite database; `release` frees its lock after it closes. */
export function sqliteDriver(db: SqliteDatabase, how: { readOnly: boolean; release?: () => void }): SqliteDriver {
  const executor: SqlExecutor = {
    query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      try {
        return Promise.resolve(db.prepare(positional(sql)).all(...params) as R[]);
      } catch (error) {
        return Promise.reject(sqliteFailure(error));
      }
    },
  };
  return {
    dialect: 'sqlite',
    sqlite: db,
    readOnly: how.readOnly,
    soleUser: !how.readOnly,
    ...executor,
    // Statements of the store run synchronously; this serves the shared callers, which hand it SQLite's own SQL.
    async transaction(work) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(executor);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    async close() {
      try {
        // The checkpointer's connection first: the last connection's close checkpoints and removes the log.
        await closeCheckpointer(db);
        if (db.isOpen) db.close();
      } finally {
        how.release?.();
      }
    },
  };
}
