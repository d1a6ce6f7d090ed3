// The PostgreSQL engine through `pg`: a pool the app passes (left open on
// close) or one made from a URL. The pg types the tracker needs are written
// out here, so an app's types need neither pg nor @types/pg.
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import type { SqlDriver, SqlRow } from './driver.js';
import { databaseFailure, statementMayHaveRun } from './database-failure.js';
import { loadOptionalModule } from './optional-module.js';

/** What a `pg` query resolves to, as far as the tracker reads it. */
export interface PgQueryResult {
  /** The rows, column name to value. */
  rows: Record<string, unknown>[];
}

/**
 * The part of a `pg` client the tracker uses. Written out so that the
 * tracker's types need neither `pg` nor `@types/pg` installed.
 */
export interface PgQueryable {
  /** Runs a statement (the `pg` signature). */
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
}

/** A client checked out of a pool. */
export interface PgPoolClientLike extends PgQueryable {
  /** Gives the client back to its pool (with an error: destroys it). */
  release(error?: Error | boolean): void;
  /**
   * Listens to the client's errors (a `pg` client is an EventEmitter). The
   * tracker listens while it holds a client, so a server that goes away mid
   * transaction fails the transaction instead of the process.
   */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening (see `on`). */
  removeListener?(event: 'error', listener: (error: Error) => void): unknown;
}

/** The part of a `pg.Pool` the tracker uses; pass a real `pg.Pool`. */
export interface PgPoolLike extends PgQueryable {
  /** Checks out a client for a transaction. */
  connect(): Promise<PgPoolClientLike>;
  /** Closes the pool's connections. */
  end(): Promise<void>;
  /** Listens to errors of idle clients (a `pg.Pool` is an EventEmitter). */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening (see `on`). */
  removeListener?(event: 'error', listener: (error: Error) => void): unknown;
}

/** Errors of a client the tracker holds reach the statement under way as its failure; this keeps them from the process. */
const ignoreClientError = (): void => undefined;

async function checkOut(pool: PgPoolLike): Promise<PgPoolClientLike> {
  try {
    const client = await pool.connect();
    client.on?.('error', ignoreClientError);
    return client;
  } catch (error) {
    throw databaseFailure(error, 'connect');
  }
}

function giveBack(client: PgPoolClientLike, broken: boolean): void {
  client.removeListener?.('error', ignoreClientError);
  // A client whose statement failed is not reused: its connection may be broken or blackholed.
  client.release(broken);
}

async function statement<R extends SqlRow>(client: PgPoolClientLike, sql: string, params: readonly unknown[]): Promise<R[]> {
  try {
    const result = await client.query(sql, [...params]);
    return result.rows as R[];
  } catch (error) {
    throw databaseFailure(error, 'statement');
  }
}

/**
 * A driver over a pool: the app's own (left open on close) or one made from
 * a URL. Every statement runs on a client checked out for it and watched for
 * errors while it is out, and every failure is a DatabaseUnavailableError
 * (decision D-TRACKER-18).
 */
export function poolDriver(pool: PgPoolLike, owned: boolean): SqlDriver {
  // An idle client's error (a server restart) must not end the app while the tracker uses the pool (the app's own
  // listeners, if any, still hear it).
  pool.on?.('error', ignoreClientError);
  return {
    async query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const client = await checkOut(pool);
      let broken = true;
      try {
        const rows = await statement<R>(client, sql, params);
        broken = false;
        return rows;
      } finally {
        giveBack(client, broken);
      }
    },
    async transaction(work) {
      const client = await checkOut(pool);
      let broken = true;
      try {
        await statement(client, 'BEGIN', []);
        const result = await work({ query: (sql, params = []) => statement(client, sql, params) });
        await statement(client, 'COMMIT', []);
        broken = false;
        return result;
      } catch (error) {
        // The server rolls back an open transaction when its connection goes; a live one is rolled back here, bounded by the timeouts.
        if (!statementMayHaveRun(error)) broken = await client.query('ROLLBACK').then(() => false, () => true);
        throw error;
      } finally {
        giveBack(client, broken);
      }
    },
    async close() {
      try {
        if (owned) await pool.end();
      } catch (error) {
        throw databaseFailure(error, 'statement');
      } finally {
        pool.removeListener?.('error', ignoreClientError);
      }
    },
  };
}

/** How long one step of a call waits on a silent database under the defaults: 3 s to connect, then 10 s a statement and 2 s more (D-TRACKER-18). */
export const DATABASE_STEP_BOUND_MS = 15_000;

/**
 * The limits of a pool the tracker makes from a URL (decision D-TRACKER-18):
 * no call waits on the database for ever, whether it is down (refused), gone
 * silent (a blackhole) or slow. The URL's own parameters win
 * (`?statement_timeout=5000&query_timeout=8000&lock_timeout=2000`, and
 * libpq's `connect_timeout` in seconds), so an operator can tune them there;
 * `limitMs` (a health check's own time limit) caps them all.
 */
export function poolSettings(url: string, maxConnections: number, limitMs = Infinity): Record<string, unknown> {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    // The URL's text is not repeated: it holds the password.
    throw new ConfigurationError('The tracker database URL cannot be read as a URL: check its form (postgres://user:password@host:port/database).');
  }
  const number = (name: string): number | undefined => {
    const value = Number(params.get(name) ?? Number.NaN);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const statementTimeout = Math.min(limitMs, number('statement_timeout') ?? 10_000);
  const connectSeconds = number('connect_timeout');
  return {
    connectionString: url,
    max: maxConnections,
    // Opening a connection, and waiting for a free one.
    connectionTimeoutMillis: Math.min(limitMs, connectSeconds === undefined ? 3_000 : connectSeconds * 1000),
    idleTimeoutMillis: 30_000,
    // A dead peer on an idle connection is found by TCP keep-alive probes.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // The server ends a slow statement, a lock wait and an abandoned transaction itself (the connection stays usable)...
    statement_timeout: statementTimeout,
    lock_timeout: Math.min(10_000, statementTimeout),
    idle_in_transaction_session_timeout: 60_000,
    // ...and the client gives up a little later on a server that does not answer at all (a blackhole).
    query_timeout: Math.min(limitMs, statementTimeout + 2_000),
    application_name: 'cdms-tracker',
  };
}

/** Opens a pool on a `postgres://` URL. */
export async function openPostgresUrl(url: string, maxConnections: number, limitMs?: number): Promise<SqlDriver> {
  const pg = await loadOptionalModule('pg', 'A PostgreSQL tracker database', () => import('pg'));
  const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof pg.default.Pool }).Pool;
  return poolDriver(new Pool(poolSettings(url, maxConnections, limitMs)), true);
}
