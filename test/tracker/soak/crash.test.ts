import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTerminalStatus } from '../../../src/index.js';
import { ENGINES, databaseFor } from '../support.js';
import { mulberry32 as seeded } from '../../../src/sandbox/faults/prng.js';
import { WorkerSlot, readEventLog, startPractice, withLedger } from './harness.js';
import { soakMessageId } from './plan.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface CrashRun {
  engine: 'SQLite' | 'PostgreSQL';
  processes: number;
  messages: number;
  kills: number;
  seed: number;
}

/**
 * Sends `messages` through `processes` tracker processes that are killed with
 * SIGKILL `kills` times at seeded random moments and restarted, against a
 * sandbox in its own process whose practice imports, rejects or expires every
 * message; runs until everything settles, then checks the ledger against the
 * sandbox and the handlers' log.
 */
async function crashRun(run: CrashRun): Promise<void> {
  const practice = await startPractice(200);
  const { database, schema } = databaseFor(run.engine);
  const eventLog = join(mkdtempSync(join(tmpdir(), 'cdms-crash-')), 'events.log');
  const ids = Array.from({ length: run.messages }, (_, i) => soakMessageId(run.seed, i));
  const share = Math.ceil(run.messages / run.processes);
  const slots = Array.from(
    { length: run.processes },
    (_, p) =>
      new WorkerSlot({
        url: practice.url,
        apiKey: practice.apiKey,
        instanceId: `worker-${p}`,
        seed: run.seed,
        first: p * share,
        count: Math.min(share, run.messages - p * share),
        concurrency: 8,
        eventLog,
        tracker: {
          database: database,
          ...(schema ? { schema } : {}),
          instanceId: `worker-${p}`,
          pollIntervalMs: 2_000,
          beforeExpiryMs: 100,
          maxPollsPerSecond: 2_000,
          followForMs: 600_000,
          leaseMs: 4_000,
        },
      }),
  );
  const random = seeded(run.seed);
  const started = Date.now();
  let kills = 0;
  let nextKill = Date.now() + 500 + random() * 1_500;
  try {
    for (;;) {
      for (const slot of slots) if (!slot.alive) slot.start();
      if (kills < run.kills && Date.now() >= nextKill) {
        const alive = slots.filter((s) => s.alive);
        alive[Math.floor(random() * alive.length)]?.kill();
        kills++;
        nextKill = Date.now() + 300 + random() * 2_000;
      }
      if (kills === run.kills && (await settled(() => practice.messages(), eventLog, ids))) break;
      if (Date.now() - started > 480_000) throw new Error('the crash run did not settle in 8 minutes');
      await sleep(250);
    }
  } finally {
    await Promise.all(slots.map((s) => s.stop()));
  }
  const sandbox = new Map((await practice.messages()).map((m) => [m.messageId, m]));
  const stats = await practice.stats();
  practice.stop();

  // Every message held by the sandbox exactly once.
  expect(ids.filter((id) => !sandbox.has(id))).toEqual([]);
  expect(ids.filter((id) => stats.sends[id]?.accepted !== 1)).toEqual([]);

  const logged = readEventLog(eventLog);
  const loggedIds = new Set(logged.map((e) => e.id));
  const prefix = schema ? `"${schema}"` : 'cdms_tracker';
  await withLedger(database, async (query) => {
    const rows = await query(`SELECT message_id::text AS id, stage, status, attention FROM ${prefix}.messages`);
    expect(rows).toHaveLength(run.messages);
    // The tracker's final status of each equals the sandbox's.
    const mismatched = rows.filter((r) => r.status !== sandbox.get(String(r.id))?.status || r.stage !== 'settled');
    expect(mismatched).toEqual([]);
    expect(rows.filter((r) => r.attention === 'send-failed' || r.attention === 'unresolved')).toEqual([]);
    // Every status change handled by the app's handler at least once.
    const changes = await query(`SELECT id::text AS id FROM ${prefix}.events WHERE kind = 'status-changed'`);
    expect(changes.length).toBeGreaterThanOrEqual(run.messages);
    expect(changes.filter((e) => !loggedIds.has(String(e.id)))).toEqual([]);
    const unhandled = await query(`SELECT count(*)::int AS n FROM ${prefix}.events WHERE handled_at IS NULL`);
    expect(unhandled[0]?.n).toBe(0);
  });
  const starts = slots.reduce((n, s) => n + s.starts, 0);
  console.info(
    `crash run on ${run.engine}: ${run.messages} messages, ${run.processes} processes, ${kills} SIGKILLs, ${starts} starts, ` +
      `${logged.length} deliveries of ${loggedIds.size} events, ${Object.values(stats.sends).filter((s) => s.attempts > 1).length} messages sent more than once (duplicates refused by the service), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Whether every message is final at the sandbox and its last event reached a
 * handler: the terminal one, and the attention that follows a REJECTED or
 * EXPIRED.
 */
async function settled(messages: () => Promise<{ messageId: string; status: string }[]>, eventLog: string, ids: string[]): Promise<boolean> {
  const status = new Map((await messages()).map((m) => [m.messageId, m.status]));
  if (!ids.every((id) => isTerminalStatus(status.get(id) ?? ''))) return false;
  const log = readEventLog(eventLog);
  const terminal = new Set(log.filter((e) => e.kind === 'terminal').map((e) => e.messageId));
  const attention = new Set(log.filter((e) => e.kind === 'attention').map((e) => e.messageId));
  return ids.every((id) => terminal.has(id) && (status.get(id) === 'COMPLETED' || attention.has(id)));
}

describe('tracker crash test: processes killed with SIGKILL at random, restarted until everything settles', () => {
  it.skipIf(ENGINES[1].skip)('PostgreSQL, 4 processes, 1,000 messages', { timeout: 600_000 }, async () => {
    await crashRun({ engine: 'PostgreSQL', processes: 4, messages: 1_000, kills: 8, seed: 20261122 });
  });

  it.skipIf(ENGINES[0].skip)('SQLite, 1 process, 1,000 messages', { timeout: 600_000 }, async () => {
    await crashRun({ engine: 'SQLite', processes: 1, messages: 1_000, kills: 5, seed: 20261123 });
  });
});
