import type { SqlDriver } from './driver.js';
import { openDirectoryPGlite, openMemoryPGlite } from './pglite.js';
import { openPostgresUrl, poolDriver, type PgPoolLike } from './postgres.js';

/** Opens the database the `database` option names (see `TrackerOptions.database`). */
export function openDatabase(database: string | PgPoolLike): Promise<SqlDriver> {
  if (typeof database !== 'string') return Promise.resolve(poolDriver(database, false));
  if (database === 'memory:') return openMemoryPGlite();
  if (/^postgres(ql)?:\/\//i.test(database)) return openPostgresUrl(database, 5);
  return openDirectoryPGlite(database.replace(/^file:\/\//i, ''));
}
