// The embedded ledger opened only to read, beside the process that owns it:
// a file of its own, as only the read-only opener (the `cdms track` commands)
// uses it, and its file-system import would be left unused in the tracker's
// bundle otherwise.
import { existsSync } from 'node:fs';
import { ConfigurationError } from '../../../core/errors/cdms-error.js';
import { sqliteFailure } from './failure.js';
import { loadSqlite } from './load.js';
import { ledgerFileOf, sqliteDriver, type SqliteDriver } from './open.js';

/**
 * The ledger in `directory` opened to read, beside the process that owns it
 * (WAL readers wait for no writer). Takes no lock and never makes anything.
 *
 * @throws ConfigurationError when there is no ledger there, or this runtime has no node:sqlite.
 */
export function openDirectorySqliteReadOnly(directory: string): SqliteDriver {
  const DatabaseSync = loadSqlite();
  const file = ledgerFileOf(directory);
  if (!existsSync(file)) throw new ConfigurationError(`There is no tracker database in ${directory}. Check the path: a tracker creates its database on its first start.`);
  try {
    const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 });
    return sqliteDriver(db, { readOnly: true });
  } catch (error) {
    throw sqliteFailure(error);
  }
}
