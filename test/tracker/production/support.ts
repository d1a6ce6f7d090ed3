// What the production tests share: SQL run on a tracker's database from
// outside the tracker (after it closed, on the embedded engine, whose
// directory is one process's), to arrange a ledger or read what it holds.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Engine } from '../support.js';

/** Runs statements on a closed tracker's database; `$schema` stands for its quoted schema. */
export async function withSql<T>(
  engine: Engine,
  where: { database: string; schema?: string | undefined },
  work: (sql: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const schema = `"${where.schema ?? 'cdms_tracker'}"`;
  if (engine === 'PGlite') {
    const db = await PGlite.create(join(where.database, 'pgdata'));
    try {
      return await work(async (text, params) => (await db.query<Record<string, unknown>>(text.replaceAll('$schema', schema), params)).rows);
    } finally {
      await db.close();
    }
  }
  const pool = new pg.Pool({ connectionString: where.database, max: 1 });
  try {
    return await work(async (text, params) => (await pool.query(text.replaceAll('$schema', schema), params)).rows as Record<string, unknown>[]);
  } finally {
    await pool.end();
  }
}
