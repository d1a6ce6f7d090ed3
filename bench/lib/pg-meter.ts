// The PostgreSQL side of db-meter.ts: a pool that meters every statement the
// tracker sends through it, passed to createTracker as `database` (the
// tracker accepts an application's pg.Pool). Same size as the pool the
// tracker opens itself from a URL (5 connections).
import type { PgPoolClientLike, PgPoolLike, PgQueryable, PgQueryResult } from 'cdms-sdk/tracker';
import pg from 'pg';
import { DbMeter, lsnBytes, statementLabel, WAL_PROBE } from './db-meter.js';

/** Connections per tracker instance, as `openPostgresUrl` makes them. */
const POOL_SIZE = 5;

function metered<Q extends PgQueryable>(target: Q, meter: DbMeter): PgQueryable['query'] {
  return async (text: string, values?: unknown[]): Promise<PgQueryResult> => {
    const started = performance.now();
    try {
      return await target.query(text, values);
    } finally {
      meter.record(statementLabel(text), performance.now() - started);
    }
  };
}

/** A pool on `url` whose statements are metered, the raw pool (for probes and closing), and the meter. */
export function meteredPool(url: string): { pool: PgPoolLike; raw: pg.Pool; meter: DbMeter; walBytes: () => Promise<number> } {
  const raw = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  raw.on('error', () => undefined);
  const meter = new DbMeter();
  const pool: PgPoolLike = {
    query: metered(raw, meter),
    async connect(): Promise<PgPoolClientLike> {
      const client = await raw.connect();
      return { query: metered(client, meter), release: (error?: Error | boolean) => client.release(error) };
    },
    end: () => raw.end(),
  };
  const walBytes = async (): Promise<number> => lsnBytes(String((await raw.query<{ lsn: string }>(WAL_PROBE)).rows[0]?.lsn ?? '0/0'));
  return { pool, raw, meter, walBytes };
}
