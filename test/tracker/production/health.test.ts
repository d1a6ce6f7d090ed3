import { describe, expect, it } from 'vitest';
import { standardMessage } from '../../contract/support.js';
import { useSandbox } from '../../sandbox/support.js';
import { openReadOnlyTracker } from '../../../src/tracker/internal.js';
import { CdmsClient } from '../../../src/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { ENGINES, FAST, attentionOf, collectEvents, databaseFor, eventually, useTrackers } from '../support.js';
import { withSql } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker.health() on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('started and polling: ok, no reasons, every loop running, the database answering, the last poll recent', async () => {
    // An interval of a minute: nothing falls due again (overdue) while the test looks.
    const tracker = await openTracker(engine, env.client(), { pollIntervalMs: 60_000, followForMs: 3_600_000 });
    collectEvents(tracker);
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    await tracker.pollNow(messageId);
    const health = await tracker.health();
    expect(health).toMatchObject({ ok: true, reasons: [], database: { reachable: true, error: null }, overduePolls: 0, attention: 0 });
    expect(health.database.responseMs).toBeGreaterThanOrEqual(0);
    expect(health.loops?.polling).toMatchObject({ running: true, failures: 0, lastError: null });
    expect(health.loops?.events.running).toBe(true);
    expect(health.loops?.retention.running).toBe(true);
    // No notifiers, no notification loop.
    expect(health.loops?.notifications).toBeNull();
    // Instances on PostgreSQL prove they are alive; the embedded engine is one process's.
    if (engine === 'PostgreSQL') expect(health.loops?.heartbeat?.running).toBe(true);
    else expect(health.loops?.heartbeat).toBeNull();
    expect(Date.now() - health.lastPollAt!.getTime()).toBeLessThan(60_000);
    expect(health.oldestUnresolved?.messageId).toBe(messageId);
  });

  it.skipIf(skip)('not started, then closed: not ok with the reason, and health() never throws', async () => {
    const tracker = await openTracker(engine, env.client());
    const idle = await tracker.health();
    expect(idle.ok).toBe(false);
    expect(idle.reasons.map((r) => [r.code, r.severity])).toEqual([['not-started', 'failing']]);
    expect(idle.database.reachable).toBe(true);
    await tracker.close();
    const closed = await tracker.health();
    expect(closed.ok).toBe(false);
    expect(closed.reasons.map((r) => r.code)).toEqual(['closed']);
    expect(closed.overduePolls).toBeNull();
  });

  it.skipIf(skip)('attention is a warning: ok stays true, the reason says what to do', async () => {
    const tracker = await openTracker(engine, env.client());
    collectEvents(tracker);
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    env.sandbox.toolbar.reject(messageId);
    await attentionOf(tracker, messageId, 'rejected');
    const health = await tracker.health();
    expect(health.ok).toBe(true);
    expect(health.attention).toBe(1);
    expect(health.reasons).toEqual([{ code: 'attention', severity: 'warning', message: expect.stringContaining('1 messages need a person') }]);
  });

  it.skipIf(skip)('an event handler that never returns: event delivery stuck after a lease, not ok', async () => {
    const tracker = await openTracker(engine, env.client(), { leaseMs: 1_500 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    tracker.onEvent(() => held);
    await tracker.start();
    try {
      await tracker.send('standard', standardMessage());
      const stuck = await eventually('stuck', async () => {
        const h = await tracker.health();
        return h.reasons.some((r) => r.code === 'loop-stuck') && h;
      });
      expect(stuck.ok).toBe(false);
      expect(stuck.loops?.events.roundStartedAt).toBeInstanceOf(Date);
      expect(stuck.reasons.find((r) => r.code === 'loop-stuck')?.message).toMatch(/^Event delivery has been in one round for \d+ s/);
    } finally {
      release();
    }
    await eventually('unstuck', async () => (await tracker.health()).ok);
  });

  it.skipIf(skip)('the service unreachable: a warning that names its failures, not ok-and-silent, nor the poll rate blamed', async () => {
    // A service of its own, stopped after the send: every poll then meets a refused connection.
    const service = await startSandbox({ port: 0 });
    const client = new CdmsClient({ baseUrl: service.url, apiKey: service.apiKey, maxRetries: 0 });
    const tracker = await openTracker(engine, client);
    collectEvents(tracker);
    await tracker.start();
    await tracker.send('standard', standardMessage());
    await service.close();
    const failing = await eventually('service-failing', async () => {
      const h = await tracker.health();
      return h.reasons.some((r) => r.code === 'service-failing') && h;
    });
    const reason = failing.reasons.find((r) => r.code === 'service-failing');
    expect(reason).toMatchObject({ severity: 'warning', message: expect.stringMatching(/^The service failed the tracker's last \d+ requests since \S+ \(ConnectionError: /) as unknown });
    expect(failing.service).toMatchObject({ lastError: expect.stringContaining('ConnectionError') as unknown, failingSince: expect.any(Date) as unknown });
    expect(failing.service!.failures).toBeGreaterThanOrEqual(3);
    for (const r of failing.reasons) expect(r.message).not.toContain('maxPollsPerSecond allows');
  });

  it.skipIf(skip)('from another process (cdms track health): overdue polls and nothing polling is failing; polled again, ok', async () => {
    const where = databaseFor(engine);
    const app = await createTracker({ client: env.client(), ...where, ...FAST });
    await app.track({ messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date(Date.now() - 3_600_000) });
    await app.close();
    // Due ten minutes ago: overdue by any reader's measure (a minute's grace without the app's interval).
    await withSql(engine, where, (sql) =>
      sql(engine === 'SQLite' ? `UPDATE messages SET due_at = ${Date.now() - 600_000}` : `UPDATE $schema.messages SET due_at = now() - interval '10 minutes'`),
    );
    const ledger = await openReadOnlyTracker(where);
    try {
      const stalled = await ledger.health();
      expect(stalled).toMatchObject({ ok: false, loops: null, overduePolls: 1, lastPollAt: null });
      expect(stalled.reasons.map((r) => r.code)).toEqual(['polls-stalled']);
      expect(stalled.reasons[0]?.message).toContain('is a tracker running on this database?');
    } finally {
      await ledger.close();
    }
    const again = await createTracker({ client: env.client(), ...where, ...FAST });
    collectEvents(again);
    await again.start();
    await eventually('polled', async () => (await again.list()).items[0]!.polls >= 1);
    await again.close();
    const after = await openReadOnlyTracker(where);
    try {
      const h = await after.health();
      expect(h.lastPollAt).toBeInstanceOf(Date);
      expect(h.reasons.filter((r) => r.code === 'polls-stalled')).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
