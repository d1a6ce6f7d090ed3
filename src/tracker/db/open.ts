// From the `database` option to an open driver: a directory (the embedded
// SQLite ledger), 'memory:' (embedded, in memory), a postgres:// URL or the app's own pool.
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import type { SqlDriver } from './driver.js';
import { openDirectorySqlite, openMemorySqlite } from './sqlite/open.js';
import { openPostgresUrl, poolDriver, type PgPoolLike } from './postgres.js';

/** Whether `database` is a `postgres://` (or `postgresql://`) URL. */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/** A URL scheme at the start (two characters at least, so a Windows drive letter is not one). */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * The directory of an embedded database option; undefined for `memory:` and
 * PostgreSQL URLs. Anything else that starts like a URL (`postgress://`, a
 * typo; `mysql://`; `PG://`) is refused: taken as a path it would quietly make
 * an embedded ledger in a folder named after the URL, password included.
 *
 * @throws ConfigurationError naming the accepted forms (never the rest of the value).
 */
export function embeddedDirectory(database: string): string | undefined {
  if (database === 'memory:' || isPostgresUrl(database)) return undefined;
  const scheme = SCHEME.exec(database)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== 'file') {
    throw new ConfigurationError(
      `The tracker database starts with "${scheme}:", which the tracker does not take. Give a postgres:// (or postgresql://) URL, ` +
        "'memory:', or a directory path for the embedded database.",
    );
  }
  return database.replace(/^file:\/\//i, '');
}

/**
 * Opens the database the `database` option names (see
 * `TrackerOptions.database`). Whatever the engine, its failures come out as
 * CdmsErrors (a DatabaseUnavailableError, or a ConfigurationError), never
 * as the driver's own errors. `limitMs` caps how long a PostgreSQL pool made
 * from a URL waits to connect and on a statement (a health check's limit).
 */
export async function openDatabase(database: string | PgPoolLike, limitMs?: number): Promise<SqlDriver> {
  if (typeof database !== 'string') return poolDriver(database, false);
  const directory = database === 'memory:' ? undefined : embeddedDirectory(database);
  if (database !== 'memory:' && directory === undefined) return openPostgresUrl(database, 5, limitMs);
  return directory === undefined ? openMemorySqlite() : openDirectorySqlite(directory);
}
