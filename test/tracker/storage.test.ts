import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { createTracker } from '../../src/tracker/index.js';
import { MIGRATIONS } from '../../src/tracker/db/schema.js';
import { loadOptionalModule } from '../../src/tracker/db/optional-module.js';
import { gpMessage, instantMessage, standardMessage } from '../contract/support.js';
import { ACCESS_TOKEN, PATIENT, PDF_BASE64 } from '../helpers/fixtures.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, databaseFor, eventually, freshPGliteDirectory, useTrackers, type Engine } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

/** Every row of every table of the tracker's schema, as JSON text. */
async function dumpTables(engine: Engine, database: string, schema = 'cdms_tracker'): Promise<string> {
  const run = async (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>): Promise<string> => {
    const tables = await query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
    const out: unknown[] = [];
    for (const t of tables) out.push(await query(`SELECT * FROM "${schema}"."${String(t.table_name)}"`));
    expect(tables.length).toBeGreaterThanOrEqual(5);
    return JSON.stringify(out);
  };
  if (engine === 'PGlite') {
    const db = await PGlite.create(join(database, 'pgdata'));
    try {
      return await run(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows);
    } finally {
      await db.close();
    }
  }
  const pool = new pg.Pool({ connectionString: database, max: 1 });
  try {
    return await run(async (sql, params) => (await pool.query(sql, params)).rows as Record<string, unknown>[]);
  } finally {
    await pool.end();
  }
}

describe.each(ENGINES)('tracker storage on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('no patient data, content or token at rest once the service holds the messages', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST });
    env.sandbox.toolbar.run('dr-who');
    const accessToken = await env.client().tokens.exchange(await env.sandbox.issueAccessCode('dr-who'));
    const sent = [
      await tracker.send('standard', standardMessage()),
      await tracker.send('instant', instantMessage(), { accessToken }),
      await tracker.send('gpconnect', gpMessage(), { metadata: { documentRef: 'DOC-42' } }),
    ];
    expect(sent.map((s) => s.outcome)).toEqual(['sent', 'sent', 'sent']);
    await tracker.close();
    const rows = await dumpTables(engine, where.database, where.schema);
    for (const secret of [PATIENT.nhsNumber, PATIENT.family, PATIENT.given, PATIENT.dateOfBirth, PDF_BASE64, accessToken, ACCESS_TOKEN, 'Discharged home.']) {
      expect(rows).not.toContain(secret);
    }
    for (const { messageId } of sent) expect(rows).toContain(messageId);
    expect(rows).toContain('DOC-42');
  });

  it.skipIf(skip)('the schema carries its version, and a newer one is refused with what to do', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST });
    await tracker.close();
    const rows = await dumpTables(engine, where.database, where.schema);
    expect(rows).toContain(`"version":${MIGRATIONS.length}`);
    // Pretend a newer cdms-sdk migrated it further.
    if (engine === 'PGlite') {
      const db = await PGlite.create(join(where.database, 'pgdata'));
      await db.query(`INSERT INTO cdms_tracker.schema_version VALUES (${MIGRATIONS.length + 1}, now())`);
      await db.close();
    } else {
      const pool = new pg.Pool({ connectionString: where.database, max: 1 });
      await pool.query(`INSERT INTO "${where.schema}".schema_version VALUES (${MIGRATIONS.length + 1}, now())`);
      await pool.end();
    }
    await expect(createTracker({ client: env.client(), ...where })).rejects.toThrow(/made by a newer cdms-sdk/);
  });
});

describe('tracker storage, embedded', () => {
  it('the database directory and its files are readable by the owner only', async () => {
    const dir = freshPGliteDirectory();
    const tracker = await openTracker('PGlite', env.client(), { database: dir });
    await tracker.send('standard', standardMessage());
    await tracker.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    const files = walk(join(dir, 'pgdata'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(statSync(f).mode & 0o077, f).toBe(0);
  });

  it('a second tracker on the same directory is refused, pointing to PostgreSQL; after close it opens', async () => {
    const dir = freshPGliteDirectory();
    const first = await openTracker('PGlite', env.client(), { database: dir });
    const refused = await createTracker({ client: env.client(), database: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as Error).message).toMatch(/in use by process \d+.*postgres:\/\//s);
    await first.close();
    const second = await openTracker('PGlite', env.client(), { database: dir });
    expect(await second.stats()).toMatchObject({ total: 0 });
  });

  // The first in-memory database of a process runs initdb: seconds, more on a busy machine.
  it("'memory:' keeps the ledger in memory, for tests", { timeout: 90_000 }, async () => {
    const tracker = await openTracker('PGlite', env.client(), { database: 'memory:' });
    const { messageId } = await tracker.send('standard', standardMessage());
    expect(await tracker.get(messageId)).toMatchObject({ stage: 'following' });
  });

  it('a missing engine package is a ConfigurationError naming the install command', async () => {
    const name = '@electric-sql/pglite-not-installed';
    const missing = loadOptionalModule(name, 'The embedded tracker database', () => import(name));
    await expect(missing).rejects.toThrow(new ConfigurationError("The embedded tracker database needs the package '@electric-sql/pglite-not-installed', which is not installed. Run: npm install @electric-sql/pglite-not-installed"));
  });

  it('bad options are refused before anything opens', async () => {
    const client = env.client();
    await expect(createTracker({} as never)).rejects.toThrow(/needs `client`/);
    await expect(createTracker({ client, schema: 'Robert"); DROP TABLE' })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(createTracker({ client, maxPollsPerSecond: 0 })).rejects.toThrow(/maxPollsPerSecond/);
    await expect(createTracker({ client, pollIntervalMs: -1 })).rejects.toThrow(/pollIntervalMs/);
    await expect(createTracker({ client, database: 42 as never })).rejects.toThrow(/database must be/);
  });
});

describe.skipIf(ENGINES[1].skip)('tracker storage, PostgreSQL', () => {
  it('instances starting together migrate once, and an app pool is left open on close', async () => {
    const where = databaseFor('PostgreSQL');
    const pool = new pg.Pool({ connectionString: where.database, max: 4 });
    try {
      const trackers = await Promise.all(Array.from({ length: 4 }, () => createTracker({ client: env.client(), database: pool, schema: where.schema, ...FAST })));
      // One row per migration: each applied once, whatever the number of instances.
      const versions = await pool.query(`SELECT count(*)::int AS n FROM "${where.schema}".schema_version`);
      expect(versions.rows[0]).toEqual({ n: MIGRATIONS.length });
      await Promise.all(trackers.map((t) => t.close()));
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
    await eventually('pool closed', () => pool.ended);
  });
});
