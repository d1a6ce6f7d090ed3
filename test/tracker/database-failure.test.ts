// The database's failures in the tracker's words (decision D-TRACKER-18):
// the driver's code kept, its text withheld unless it is one of the driver's
// fixed phrases, a refused login a ConfigurationError; and the limits of a
// pool made from a URL, which the URL's own parameters override.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, ConfigurationError } from '../../src/index.js';
import { databaseFailure, statementMayHaveRun } from '../../src/tracker/db/database-failure.js';
import { poolSettings } from '../../src/tracker/db/postgres.js';
import { createTracker, DatabaseUnavailableError } from '../../src/tracker/index.js';
import { ENGINES, FAST, databaseFor, eventually } from './support.js';

/** A driver error as pg makes them: a message and a code. */
const pgError = (message: string, code?: string): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('databaseFailure', () => {
  it("names the SQLSTATE, never the driver's message, which may quote a statement's values", () => {
    const failure = databaseFailure(pgError('invalid input syntax for type json: Token "Jane Doe 9434765919" is invalid', '22P02'), 'statement');
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.message).toContain('SQLSTATE 22P02');
    expect(failure.message).not.toMatch(/Jane|9434765919|Token/);
    expect((failure as DatabaseUnavailableError).code).toBe('22P02');
    expect(failure.cause).toBeUndefined();
  });

  it('a refused login is a ConfigurationError that never shows the password', () => {
    const failure = databaseFailure(pgError('password authentication failed for user "cdms"', '28P01'), 'connect');
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect(failure.message).toMatch(/refused the login.*SQLSTATE 28P01.*never shown/s);
  });

  it("keeps the driver's fixed phrases and socket codes", () => {
    expect(databaseFailure(pgError('Connection terminated unexpectedly'), 'statement').message).toContain('"Connection terminated unexpectedly"');
    expect(databaseFailure(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'connect').message).toContain('(ECONNREFUSED)');
    expect(databaseFailure(pgError('something about postgres://u:secret@h/db'), 'statement').message).not.toContain('secret');
  });

  it('a statement may have run only when its connection broke after it was sent', () => {
    expect(statementMayHaveRun(databaseFailure(pgError('Query read timeout'), 'statement'))).toBe(true);
    expect(statementMayHaveRun(databaseFailure(pgError('Connection terminated unexpectedly'), 'statement'))).toBe(true);
    // An answer from the server: the statement failed, and an autocommit statement that failed did not commit.
    expect(statementMayHaveRun(databaseFailure(pgError('canceling statement due to statement timeout', '57014'), 'statement'))).toBe(false);
    // No connection, so no statement.
    expect(statementMayHaveRun(databaseFailure(pgError('timeout exceeded when trying to connect'), 'connect'))).toBe(false);
    expect(statementMayHaveRun(databaseFailure(pgError('PGlite is closed'), 'embedded'))).toBe(false);
  });

  it("passes the SDK's own errors through", () => {
    const own = new CdmsError('already said');
    expect(databaseFailure(own, 'statement')).toBe(own);
  });
});

describe('poolSettings', () => {
  it('bounds every wait by default: connect, statement, lock, no answer, idle transaction; TCP keep-alive', () => {
    expect(poolSettings('postgres://u:p@h/db', 5)).toMatchObject({
      max: 5,
      // A step of a call waits DATABASE_STEP_BOUND_MS (15 s) at most: 3 s to connect, then 12 s for the statement's answer.
      connectionTimeoutMillis: 3_000,
      statement_timeout: 10_000,
      lock_timeout: 10_000,
      query_timeout: 12_000,
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
  });

  it("the URL's parameters win (pg reads them over these), and the client's limit follows the statement's", () => {
    const settings = poolSettings('postgres://u:p@h/db?statement_timeout=2000&connect_timeout=3', 5);
    expect(settings).toMatchObject({ connectionTimeoutMillis: 3_000, statement_timeout: 2_000, lock_timeout: 2_000, query_timeout: 4_000 });
  });

  it('a URL that cannot be read is a ConfigurationError that does not repeat it', () => {
    expect(() => poolSettings('postgres://u:s3cret@[bad', 5)).toThrow(ConfigurationError);
    expect(() => poolSettings('postgres://u:s3cret@[bad', 5)).not.toThrow(/s3cret/);
  });
});

describe.skipIf(ENGINES[1].skip)("the app's own pool", () => {
  it('an idle connection cut by the server while the tracker uses the pool does not end the process, though the app has no listener', async () => {
    const where = databaseFor('PostgreSQL');
    const pool = new pg.Pool({ connectionString: where.database, max: 2, application_name: 'cdms-test-app-pool' });
    const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:8', apiKey: 'k' });
    const tracker = await createTracker({ client, database: pool, schema: where.schema, ...FAST });
    const admin = new pg.Client({ connectionString: where.database });
    await admin.connect();
    try {
      await tracker.stats();
      expect(pool.idleCount).toBeGreaterThan(0);
      // Counted by the pool's 'remove' event, not by the pool being empty: the
      // tracker's own loops may open a new connection at any moment meanwhile.
      let removed = 0;
      pool.on('remove', () => {
        removed += 1;
      });
      // The server ends the pool's connections (a restart, an administrator): each idle one emits 'error' on the pool.
      const cut = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cdms-test-app-pool'`);
      expect(cut.rowCount).toBeGreaterThan(0);
      await eventually('the pool dropped every cut connection', () => removed >= (cut.rowCount ?? 0));
      // Still alive, and the tracker goes on with a new connection.
      expect((await tracker.stats()).total).toBe(0);
    } finally {
      await admin.end();
      await tracker.close();
      await pool.end();
    }
  });
});
