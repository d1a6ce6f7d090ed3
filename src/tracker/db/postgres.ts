// The PostgreSQL engine through `pg`: a pool the app passes (left open on
// close) or one made from a URL. The pg types the tracker needs are written
// out here, so an app's types need neither pg nor @types/pg.
import type { SqlDriver, SqlExecutor, SqlRow } from './driver.js';
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
  /** Gives the client back to its pool. */
  release(error?: Error | boolean): void;
}

/** The part of a `pg.Pool` the tracker uses; pass a real `pg.Pool`. */
export interface PgPoolLike extends PgQueryable {
  /** Checks out a client for a transaction. */
  connect(): Promise<PgPoolClientLike>;
  /** Closes the pool's connections. */
  end(): Promise<void>;
}

function executor(client: PgQueryable): SqlExecutor {
  return {
    async query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await client.query(sql, [...params]);
      return result.rows as R[];
    },
  };
}

/** A driver over a pool: the app's own (left open on close) or one made from a URL. */
export function poolDriver(pool: PgPoolLike, owned: boolean): SqlDriver {
  return {
    ...executor(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(executor(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A failed ROLLBACK means a broken connection: drop it rather than reuse it.
        const broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw error;
      }
    },
    async close() {
      if (owned) await pool.end();
    },
  };
}

/** Opens a pool on a `postgres://` URL. */
export async function openPostgresUrl(url: string, maxConnections: number): Promise<SqlDriver> {
  const pg = await loadOptionalModule('pg', 'A PostgreSQL tracker database', () => import('pg'));
  const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof pg.default.Pool }).Pool;
  const pool = new Pool({ connectionString: url, max: maxConnections });
  // An idle client's error (server restart) must not crash the app; the next query reconnects.
  pool.on('error', () => undefined);
  return poolDriver(pool, true);
}
