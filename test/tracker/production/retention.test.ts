import { describe, expect, it } from 'vitest';
import { standardMessage } from '../../contract/support.js';
import { useSandbox } from '../../sandbox/support.js';
import { openReadOnlyTracker } from '../../../src/tracker/internal.js';
import { createTracker } from '../../../src/tracker/index.js';
import { PURGE_BATCH } from '../../../src/tracker/work/purge.js';
import { ENGINES, FAST, attentionOf, collectEvents, databaseFor, eventually, type Engine } from '../support.js';
import { withSql } from './support.js';

const env = useSandbox();
/** Short enough for a test, long enough that a message is seen settled before it goes. */
const KEEP_MS = 1_500;

/** Rows of each table that belong to `ids`. */
async function rowsOf(engine: Engine, where: { database: string; schema?: string }, ids: readonly string[]): Promise<Record<string, number>> {
  return withSql(engine, where, async (sql) => {
    const out: Record<string, number> = {};
    for (const table of ['messages', 'history', 'events']) {
      const [row] =
        engine === 'SQLite'
          ? await sql(`SELECT count(*) AS n FROM ${table} WHERE message_id IN (SELECT value FROM json_each($1))`, [JSON.stringify(ids)])
          : await sql(`SELECT count(*)::int AS n FROM $schema.${table} WHERE message_id = ANY($1::uuid[])`, [ids]);
      out[table] = Number(row?.n);
    }
    return out;
  });
}

describe.each(ENGINES)('retention on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('a settled message past keepSettledForMs goes with its history and events; one needing attention waits for its acknowledgement, whose audit entry stays; active ones stay', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST, followForMs: 3_600_000, keepSettledForMs: KEEP_MS });
    let closed = false;
    try {
      const events = collectEvents(tracker);
      await tracker.start();
      const completed = (await tracker.send('standard', standardMessage())).messageId;
      const rejected = (await tracker.send('standard', standardMessage())).messageId;
      const pending = (await tracker.send('standard', standardMessage())).messageId;
      env.sandbox.toolbar.import(completed);
      env.sandbox.toolbar.reject(rejected);
      await eventually('settled and handled', () => events.filter((e) => e.kind === 'terminal').length === 2 && events.some((e) => e.kind === 'attention'));
      expect((await tracker.get(completed))?.stage).toBe('settled');
      await eventually('the completed one deleted', async () => (await tracker.get(completed)) === undefined);
      await attentionOf(tracker, rejected, 'rejected');
      expect((await tracker.get(pending))?.stage).toBe('following');
      await tracker.acknowledge(rejected, { by: 'duty-manager', note: 'Phoned the practice' });
      await eventually('the acknowledged one deleted', async () => (await tracker.get(rejected)) === undefined);
      // Who did what outlives the message: the audit is the record clinical safety asks for.
      expect((await tracker.audit({ messageId: rejected })).items).toMatchObject([{ action: 'acknowledge', by: 'duty-manager', reason: 'rejected', note: 'Phoned the practice' }]);
      expect((await tracker.get(pending))?.stage).toBe('following');
      await tracker.close();
      closed = true;
      expect(await rowsOf(engine, where, [completed, rejected])).toEqual({ messages: 0, history: 0, events: 0 });
      expect((await rowsOf(engine, where, [pending])).messages).toBe(1);
    } finally {
      if (!closed) await tracker.close();
    }
  });

  it.skipIf(skip)('a settled message whose events no handler has handled yet is kept until they are', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST, keepSettledForMs: 200 });
    try {
      await tracker.start();
      const { messageId } = await tracker.send('standard', standardMessage());
      env.sandbox.toolbar.import(messageId);
      await eventually('settled', async () => (await tracker.get(messageId))?.stage === 'settled');
      // Several retention rounds pass (every 20 ms with this period): the app has not seen its events yet.
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await tracker.stats()).unhandledEvents).toBeGreaterThan(0);
      expect((await tracker.get(messageId))?.stage).toBe('settled');
      collectEvents(tracker);
      await eventually('deleted once handled', async () => (await tracker.get(messageId)) === undefined);
    } finally {
      await tracker.close();
    }
  });

  it.skipIf(skip)('keepSettledForMs Infinity keeps everything: no retention loop runs', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST, keepSettledForMs: Infinity });
    try {
      collectEvents(tracker);
      await tracker.start();
      const { messageId } = await tracker.send('standard', standardMessage());
      env.sandbox.toolbar.import(messageId);
      await eventually('settled', async () => (await tracker.get(messageId))?.stage === 'settled');
      expect((await tracker.health()).loops?.retention.running).toBe(false);
      await new Promise((r) => setTimeout(r, 500));
      expect((await tracker.get(messageId))?.stage).toBe('settled');
    } finally {
      await tracker.close();
    }
  });

  it.skipIf(skip)('a one-off purge (cdms track purge) deletes every settled message older than the period, in batches, and nothing newer', async () => {
    const where = databaseFor(engine);
    const app = await createTracker({ client: env.client(), ...where, ...FAST });
    await app.close();
    const old = PURGE_BATCH * 2 + 50;
    await withSql(engine, where, async (sql) => {
      const insert = (count: number, age: string, stage: string, attention: string | null) =>
        engine === 'SQLite'
          ? sql(
              `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $4)
               INSERT INTO messages (message_id, route, stage, status, created_at, changed_at, attention, attention_raised)
               SELECT lower(hex(randomblob(16))), 'standard', $1, 'COMPLETED', $2, $2, $3, '[]' FROM n`,
              [stage, Date.now() - parseInt(age, 10) * 86_400_000, attention, count],
            )
          : sql(
              `INSERT INTO $schema.messages (message_id, route, stage, status, created_at, changed_at, attention, attention_raised)
               SELECT gen_random_uuid(), 'standard', $1, 'COMPLETED', now() - $2::interval, now() - $2::interval, $3, '[]' FROM generate_series(1, $4)`,
              [stage, age, attention, count],
            );
      const now = engine === 'SQLite' ? String(Date.now()) : 'now()';
      await insert(old, '100 days', 'settled', null);
      await insert(3, '100 days', 'failed', null);
      await insert(2, '100 days', 'settled', 'rejected'); // attention not acknowledged: kept
      await insert(4, '100 days', 'following', null); // active: kept
      await insert(5, '10 days', 'settled', null); // within the period: kept
      await sql(`INSERT INTO $schema.history (message_id, at, status, source) SELECT message_id, ${now}, 'COMPLETED', 'poll' FROM $schema.messages`);
      await sql(`INSERT INTO $schema.events (message_id, route, kind, at, data, next_attempt_at, handled_at)
        SELECT message_id, route, 'terminal', ${now}, '{}', ${now}, ${now} FROM $schema.messages`);
    });
    const ledger = await openReadOnlyTracker(where);
    try {
      expect(await ledger.purge(90 * 86_400_000)).toEqual({ messages: old + 3, histories: old + 3, events: old + 3 });
      expect(await ledger.purge(90 * 86_400_000)).toEqual({ messages: 0, histories: 0, events: 0 });
      const left = await ledger.list({ limit: 100 });
      expect(left.items).toHaveLength(11);
    } finally {
      await ledger.close();
    }
    await withSql(engine, where, async (sql) => {
      const int = engine === 'SQLite' ? '' : '::int';
      const [counts] = await sql(`SELECT (SELECT count(*)${int} FROM $schema.history) AS h, (SELECT count(*)${int} FROM $schema.events) AS e`);
      expect(counts).toEqual({ h: 11, e: 11 });
    });
  });
});
