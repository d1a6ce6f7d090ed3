import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { createTracker } from '../../src/tracker/index.js';
import { MIGRATIONS } from '../../src/tracker/db/schema.js';
import { SQLITE_MIGRATIONS } from '../../src/tracker/db/sqlite/schema.js';
import { withLedgerFile } from './sqlite-ledger.js';
import { loadOptionalModule } from '../../src/tracker/db/optional-module.js';
import { gpMessage, instantMessage, standardMessage } from '../contract/support.js';
import { ACCESS_TOKEN, PATIENT, PDF_BASE64 } from '../helpers/fixtures.js';
import { useSandbox } from '../sandbox/support.js';
import { dumpTables } from './ledger-dump.js';
import { ENGINES, FAST, SQLITE, databaseFor, eventually, freshLedgerDirectory, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

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
    // Pretend a newer cdms-sdk migrated it further.
    if (engine === 'SQLite') {
      await withLedgerFile(where.database, (db) => {
        expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SQLITE_MIGRATIONS.length });
        db.exec(`PRAGMA user_version = ${SQLITE_MIGRATIONS.length + 1}`);
      });
    } else {
      const rows = await dumpTables(engine, where.database, where.schema);
      expect(rows).toContain(`"version":${MIGRATIONS.length}`);
      const pool = new pg.Pool({ connectionString: where.database, max: 1 });
      await pool.query(`INSERT INTO "${where.schema}".schema_version VALUES (${MIGRATIONS.length + 1}, now())`);
      await pool.end();
    }
    await expect(createTracker({ client: env.client(), ...where })).rejects.toThrow(/made by a newer cdms-sdk/);
  });
});

describe.skipIf(!SQLITE)('tracker storage, embedded', () => {
  it('the database directory and its files (the database, its write-ahead log and shared memory, the lock) are readable by the owner only', async () => {
    const dir = freshLedgerDirectory();
    const tracker = await openTracker('SQLite', env.client(), { database: dir });
    await tracker.send('standard', standardMessage());
    const check = (): string[] => {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dir).map((name) => join(dir, name));
      for (const f of files) expect(statSync(f).mode & 0o077, f).toBe(0);
      return readdirSync(dir);
    };
    expect(check()).toEqual(expect.arrayContaining(['ledger.sqlite', 'ledger.sqlite-wal', 'ledger.sqlite-shm', 'ledger.lock']));
    await tracker.close();
    expect(check()).toContain('ledger.sqlite');
  });

  it('a second tracker on the same directory is refused, pointing to PostgreSQL; after close it opens', async () => {
    const dir = freshLedgerDirectory();
    const first = await openTracker('SQLite', env.client(), { database: dir });
    const refused = await createTracker({ client: env.client(), database: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as Error).message).toMatch(/in use by process \d+.*postgres:\/\//s);
    await first.close();
    const second = await openTracker('SQLite', env.client(), { database: dir });
    expect(await second.stats()).toMatchObject({ total: 0 });
  });

  it("'memory:' keeps the ledger in memory, for tests", async () => {
    const tracker = await openTracker('SQLite', env.client(), { database: 'memory:' });
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

describe.skipIf(SQLITE)('tracker storage, embedded, on a Node without node:sqlite', () => {
  it('createTracker with a directory or memory: is a ConfigurationError naming the Node line and PostgreSQL, never the runtime\'s own error', async () => {
    for (const database of [freshLedgerDirectory(), 'memory:']) {
      const refused = await createTracker({ client: env.client(), database }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConfigurationError);
      expect((refused as Error).message).toContain('needs node:sqlite');
      expect((refused as Error).message).toContain('Node.js 22.13 or later');
      expect((refused as Error).message).toContain('postgres://');
      expect((refused as Error).message).not.toContain('ERR_UNKNOWN_BUILTIN_MODULE');
    }
  });
});
