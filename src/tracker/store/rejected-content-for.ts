// The rejected-content verdicts of a driver's engine, beside its ledger
// (store-for.ts picks the ledger the same way).
import type { RejectedContentStore } from '../../rejected-content/store.js';
import type { SqlDriver } from '../db/driver.js';
import { isSqliteDriver } from '../db/sqlite/open.js';
import { PostgresRejectedContentStore } from './rejected-content.js';
import { SqliteRejectedContentStore } from './sqlite/rejected-content.js';

/** The ledger's rejected-content verdicts over `db` (`schema`: PostgreSQL's; a SQLite ledger has none). Internal. */
export function rejectedContentFor(db: SqlDriver, schema: string): RejectedContentStore {
  return isSqliteDriver(db) ? new SqliteRejectedContentStore(db.sqlite) : new PostgresRejectedContentStore(db, schema);
}
