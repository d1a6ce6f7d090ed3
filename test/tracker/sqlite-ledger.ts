// Opens an embedded (SQLite) ledger from outside the tracker, for tests that
// arrange a ledger or read what it holds: its one file, in the directory.
import { join } from 'node:path';
import { loadSqlite, type SqliteDatabase } from '../../src/tracker/db/sqlite/load.js';

/** The ledger in `directory`, opened by this test (read-only when asked: beside a running tracker). */
export function openLedgerFile(directory: string, options: { readOnly?: boolean } = {}): SqliteDatabase {
  const DatabaseSync = loadSqlite();
  return new DatabaseSync(join(directory, 'ledger.sqlite'), { readOnly: options.readOnly ?? false, timeout: 5_000 });
}

/** Runs `work` on the ledger in `directory`, closing it after. */
export async function withLedgerFile<T>(directory: string, work: (db: SqliteDatabase) => T | Promise<T>): Promise<T> {
  const db = openLedgerFile(directory);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}
