// openReadOnlyTracker: an existing tracker database opened without a client, for the
// `cdms track` commands. It reads what the tracker wrote, acknowledges, and
// never creates or migrates anything.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { DatabaseInUseError } from '../../src/tracker/db/in-use-error.js';
import { MIGRATIONS } from '../../src/tracker/db/schema.js';
import { SQLITE_MIGRATIONS } from '../../src/tracker/db/sqlite/schema.js';
import { openReadOnlyTracker } from '../../src/tracker/api/read-only-tracker.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, databaseFor, eventually, freshSchema, useTrackers } from './support.js';
import { withLedgerFile } from './sqlite-ledger.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('openReadOnlyTracker on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('reads what the tracker wrote, and acknowledge clears the attention for the tracker too', async () => {
    const where = databaseFor(engine);
    const tracker = await openTracker(engine, env.client(), where);
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    const other = await tracker.send('standard', standardMessage());
    env.sandbox.toolbar.reject(messageId);
    await eventually('attention', async () => (await tracker.get(messageId))?.attention);
    const expected = { message: await tracker.get(messageId), stats: await tracker.stats(), page: await tracker.list() };
    // The embedded database serves one process at a time: the tracker lets it go first. PostgreSQL is shared.
    if (engine === 'SQLite') await tracker.close();

    const readOnly = await openReadOnlyTracker({ database: where.database, schema: where.schema });
    try {
      expect(await readOnly.get(messageId)).toEqual(expected.message);
      expect((await readOnly.list()).items.map((m) => m.messageId)).toEqual(expected.page.items.map((m) => m.messageId));
      const attention = await readOnly.list({ attention: true });
      expect(attention.items.map((m) => [m.messageId, m.attention?.reason])).toEqual([[messageId, 'rejected']]);
      expect(await readOnly.stats()).toMatchObject({ total: 2, attention: 1, byStatus: expected.stats.byStatus });
      expect(await readOnly.acknowledge(messageId)).toBe(true);
      expect((await readOnly.get(messageId))?.attention).toBeNull();
      expect((await readOnly.get(other.messageId))?.status).toBe('PENDING');
      expect(await readOnly.acknowledge(crypto.randomUUID())).toBe(false);
    } finally {
      await readOnly.close();
    }
    if (engine === 'PostgreSQL') expect((await tracker.get(messageId))?.attention).toBeNull();
  });

  it.skipIf(skip)('refuses a database at another schema version, and leaves it as it was', async () => {
    const where = databaseFor(engine);
    const tracker = await openTracker(engine, env.client(), where);
    await tracker.track({ messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date() });
    await tracker.close();
    const newer = (engine === 'SQLite' ? SQLITE_MIGRATIONS : MIGRATIONS).length + 1;
    const version = engine === 'SQLite' ? 'SELECT user_version AS v FROM pragma_user_version' : `SELECT max(version) AS v FROM ${where.schema ?? 'cdms_tracker'}.schema_version`;
    await withSql(where.database, engine === 'SQLite' ? `PRAGMA user_version = ${newer}` : `INSERT INTO ${where.schema ?? 'cdms_tracker'}.schema_version VALUES (${newer}, now())`);
    const opening = openReadOnlyTracker({ database: where.database, schema: where.schema });
    await expect(opening).rejects.toThrow(ConfigurationError);
    await expect(opening).rejects.toThrow(`schema version ${newer}, made by a newer cdms-sdk`);
    expect(await withSql(where.database, version)).toEqual([{ v: newer }]);
  });
});

/** Runs one statement on a database the tracker made (a SQLite ledger's directory or a PostgreSQL URL), with the tracker closed. */
async function withSql(database: string, sql: string): Promise<unknown[]> {
  if (database.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      return (await client.query(sql)).rows as unknown[];
    } finally {
      await client.end();
    }
  }
  return withLedgerFile(database, (db) => db.prepare(sql).all());
}

describe('openReadOnlyTracker: where there is no ledger', () => {
  it('an embedded database path with no database: refused, and nothing is created there', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cdms-ledger-'));
    try {
      const missing = join(parent, 'tracker');
      await expect(openReadOnlyTracker({ database: missing })).rejects.toThrow(`There is no tracker database in ${missing}`);
      expect(existsSync(missing)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it.skipIf(inject('postgresUrl') === '')('a PostgreSQL schema without tracker tables: refused, naming the schema; nothing is created', async () => {
    const schema = freshSchema();
    await expect(openReadOnlyTracker({ database: inject('postgresUrl'), schema })).rejects.toThrow(`no tracker tables in the schema "${schema}"`);
    expect(await withSql(inject('postgresUrl'), `SELECT to_regnamespace('${schema}')::text AS s`)).toEqual([{ s: null }]);
  });

  it('an embedded database in use by a tracker: DatabaseInUseError, a ConfigurationError naming the holder', async () => {
    const where = databaseFor('SQLite');
    await openTracker('SQLite', env.client(), where);
    const opening = openReadOnlyTracker({ database: where.database });
    await expect(opening).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(opening).rejects.toBeInstanceOf(ConfigurationError);
    await expect(opening).rejects.toMatchObject({ holder: { pid: process.pid } });
  });

  it('a schema name that is not a plain identifier is refused before any SQL', async () => {
    await expect(openReadOnlyTracker({ database: 'memory:', schema: 'x"; DROP TABLE y; --' })).rejects.toThrow('schema must be a lower-case PostgreSQL identifier');
  });
});
