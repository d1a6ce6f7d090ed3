// The tracker's schema brought to this SDK's version (the migrations in
// schema.ts), and the version a database holds read without changing it (for
// the read-only opener, which must never migrate).
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import type { SqlDriver } from './driver.js';
import { bind, named } from './named.js';
import { quoteIdentifier } from './quote-identifier.js';
import { MIGRATIONS } from './schema.js';
import { sqliteFailure } from './sqlite/failure.js';
import { migrateSqlite, sqliteVersion } from './sqlite/migrate.js';
import { isSqliteDriver } from './sqlite/open.js';
import { SQLITE_MIGRATIONS } from './sqlite/schema.js';

/** The schema version this SDK brings a database of this engine to. */
export function latestVersion(driver: SqlDriver): number {
  return isSqliteDriver(driver) ? SQLITE_MIGRATIONS.length : MIGRATIONS.length;
}

/**
 * Creates or migrates the tracker's schema to this version of the SDK. Safe
 * when several instances start at once: an advisory lock makes them take
 * turns, and each applies only what is missing.
 */
export async function migrate(driver: SqlDriver, schema: string): Promise<number> {
  if (isSqliteDriver(driver)) {
    try {
      return migrateSqlite(driver.sqlite);
    } catch (error) {
      throw sqliteFailure(error);
    }
  }
  const quoted = quoteIdentifier(schema);
  const recordVersion = named(`INSERT INTO ${quoted}.schema_version (version, applied_at) VALUES (:version, :applied_at)`);
  return driver.transaction(async (tx) => {
    await tx.query(...bind(named('SELECT pg_advisory_xact_lock(hashtext(:lock))'), { lock: `cdms-tracker:${schema}` }));
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    await tx.query(`CREATE TABLE IF NOT EXISTS ${quoted}.schema_version (version integer NOT NULL, applied_at timestamptz NOT NULL)`);
    const [row] = await tx.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${quoted}.schema_version`);
    const current = row?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new ConfigurationError(
        `The tracker database is at schema version ${current}, made by a newer cdms-sdk than this one ` +
          `(which knows ${MIGRATIONS.length}). Upgrade cdms-sdk in this app, or use another database.`,
      );
    }
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      for (const statement of splitStatements(MIGRATIONS[version - 1] ?? '')) {
        await tx.query(statement.replaceAll('$schema', quoted));
      }
      await tx.query(...bind(recordVersion, { version, applied_at: new Date() }));
    }
    return MIGRATIONS.length;
  });
}

/**
 * The schema version a database holds, without changing anything: 0 when
 * the schema has no tracker tables.
 */
export async function installedVersion(driver: SqlDriver, schema: string): Promise<number> {
  if (isSqliteDriver(driver)) {
    try {
      return sqliteVersion(driver.sqlite);
    } catch (error) {
      throw sqliteFailure(error);
    }
  }
  const table = `${quoteIdentifier(schema)}.schema_version`;
  const [found] = await driver.query<{ t: string | null }>(...bind(named('SELECT to_regclass(:table)::text AS t'), { table }));
  if (!found?.t) return 0;
  const [row] = await driver.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${table}`);
  return row?.version ?? 0;
}

/**
 * The migrations hold no quoted semicolons outside dollar-quoted bodies
 * (`$$ ... $$`, a function's), so statements split on the `;` outside them.
 */
function splitStatements(script: string): string[] {
  const statements = [''];
  script.split('$$').forEach((part, i) => {
    if (i % 2 === 1) {
      statements[statements.length - 1] += `$$${part}$$`;
      return;
    }
    const [first = '', ...rest] = part.split(';');
    statements[statements.length - 1] += first;
    statements.push(...rest);
  });
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
