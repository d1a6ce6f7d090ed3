// Everything a closed tracker's ledger holds, read back as text, for tests
// that check what the ledger keeps (no patient data, the schema version).
import pg from 'pg';
import { expect } from 'vitest';
import type { Engine } from './support.js';
import { withLedgerFile } from './sqlite-ledger.js';

/** Every row of every table of the tracker's schema, as JSON text. */
export async function dumpTables(engine: Engine, database: string, schema = 'cdms_tracker'): Promise<string> {
  const run = async (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>): Promise<string> => {
    const tables = await query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
    const out: unknown[] = [];
    for (const t of tables) out.push(await query(`SELECT * FROM "${schema}"."${String(t.table_name)}"`));
    expect(tables.length).toBeGreaterThanOrEqual(5);
    return JSON.stringify(out);
  };
  if (engine === 'SQLite') {
    return withLedgerFile(database, (db) => {
      const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all();
      expect(tables.length).toBeGreaterThanOrEqual(5);
      // Bytes (the sealed content, its key) as base64, as PostgreSQL's rows show them.
      const bytes = (_: string, v: unknown): unknown => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);
      return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM "${String(t.name)}"`).all()), bytes);
    });
  }
  const pool = new pg.Pool({ connectionString: database, max: 1 });
  try {
    return await run(async (sql, params) => (await pool.query(sql, params)).rows as Record<string, unknown>[]);
  } finally {
    await pool.end();
  }
}

