// What the production tests share: SQL run on a tracker's database from
// outside the tracker (after it closed, on the embedded engine, whose
// directory is one process's), to arrange a ledger or read what it holds.
import pg from 'pg';
import type { Engine } from '../support.js';
import { withLedgerFile } from '../sqlite-ledger.js';

/**
 * Runs statements on a closed tracker's database; `$schema.` stands for its
 * quoted schema (nothing on SQLite, whose ledger is one file), and SQLite
 * takes `$1` as `?1`. Each engine's SQL is its own: a test gives the dialect's.
 */
export async function withSql<T>(
  engine: Engine,
  where: { database: string; schema?: string | undefined },
  work: (sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const schema = `"${where.schema ?? 'cdms_tracker'}"`;
  if (engine === 'SQLite') {
    return withLedgerFile(where.database, (db) =>
      work((text, params = []) => Promise.resolve(db.prepare(text.replaceAll('$schema.', '').replace(/\$(\d+)/g, '?$1')).all(...params))),
    );
  }
  const pool = new pg.Pool({ connectionString: where.database, max: 1 });
  try {
    return await work(async (text, params) => (await pool.query(text.replaceAll('$schema', schema), params)).rows as Record<string, unknown>[]);
  } finally {
    await pool.end();
  }
}
