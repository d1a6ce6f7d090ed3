// From the `database` option to an open driver: a directory (embedded),
// 'memory:' (embedded, for tests), a postgres:// URL or the app's own pool.
import type { SqlDriver } from './driver.js';
import { openDirectoryPGlite, openMemoryPGlite } from './pglite.js';
import { openPostgresUrl, poolDriver, type PgPoolLike } from './postgres.js';

/** Whether `database` is a `postgres://` (or `postgresql://`) URL. */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/** The directory of an embedded database option; undefined for `memory:` and PostgreSQL URLs. */
export function embeddedDirectory(database: string): string | undefined {
  if (database === 'memory:' || isPostgresUrl(database)) return undefined;
  return database.replace(/^file:\/\//i, '');
}

/** Opens the database the `database` option names (see `TrackerOptions.database`). */
export function openDatabase(database: string | PgPoolLike): Promise<SqlDriver> {
  if (typeof database !== 'string') return Promise.resolve(poolDriver(database, false));
  if (database === 'memory:') return openMemoryPGlite();
  const directory = embeddedDirectory(database);
  if (directory === undefined) return openPostgresUrl(database, 5);
  return openDirectoryPGlite(directory);
}
