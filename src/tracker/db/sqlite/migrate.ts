// The embedded ledger's schema brought to this SDK's version: SQLite's own
// `user_version` records the last migration applied, and one process owns
// the ledger, so no advisory lock is needed as on PostgreSQL.
import { ConfigurationError } from '../../../core/errors/cdms-error.js';
import type { SqliteDatabase } from './load.js';
import { SQLITE_MIGRATIONS } from './schema.js';

/** The migration a SQLite ledger is at (0: none). */
export function sqliteVersion(db: SqliteDatabase): number {
  return Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
}

/** Applies the missing migrations in one transaction; returns the version reached. */
export function migrateSqlite(db: SqliteDatabase): number {
  const current = sqliteVersion(db);
  if (current > SQLITE_MIGRATIONS.length) {
    throw new ConfigurationError(
      `The tracker database is at schema version ${current}, made by a newer cdms-sdk than this one ` +
        `(which knows ${SQLITE_MIGRATIONS.length}). Upgrade cdms-sdk in this app, or use another database.`,
    );
  }
  if (current === SQLITE_MIGRATIONS.length) return current;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (let version = current + 1; version <= SQLITE_MIGRATIONS.length; version++) db.exec(SQLITE_MIGRATIONS[version - 1] ?? '');
    db.exec(`PRAGMA user_version = ${SQLITE_MIGRATIONS.length}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return SQLITE_MIGRATIONS.length;
}
