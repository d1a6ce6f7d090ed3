// The store of a driver's engine: the SQLite store over the embedded ledger,
// the PostgreSQL store (its statements for one schema) over a server.
import type { SqlDriver } from '../db/driver.js';
import { isSqliteDriver } from '../db/sqlite/open.js';
import type { LedgerStore } from './ledger-store.js';
import { SqliteStore } from './sqlite/store.js';
import { TrackerStore } from './store.js';

/** The ledger over `db`; `schema` names the PostgreSQL schema (a SQLite ledger is one file, without schemas). */
export function storeFor(db: SqlDriver, schema: string): LedgerStore {
  return isSqliteDriver(db) ? new SqliteStore(db.sqlite) : new TrackerStore(db, schema);
}
