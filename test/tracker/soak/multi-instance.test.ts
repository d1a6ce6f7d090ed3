import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, databaseFor, maxInWindow } from '../support.js';
import { WorkerSlot, startPractice } from './harness.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const MESSAGES = 10_000;
const PROCESSES = 4;
// Sending is not what this test measures (a busy 2-core machine sends a few dozen a second):
// each instance sends a tenth of its share and adopts the rest, so polling starts at once.
const SENT_PER_PROCESS = 250;
const INTERVAL_MS = 8_000;
const RATE = 400;
// Runs until every message was polled at least once and for at least this long, within the deadline.
const MIN_RUN_MS = 40_000;
const DEADLINE_MS = 360_000;

/** A status request the workers logged: when it left, by which instance, of which message, and whether the service answered. */
interface LoggedRequest {
  at: number;
  instance: string;
  messageId: string;
  answered: boolean;
}

function readRequests(requestLog: string): LoggedRequest[] {
  if (!existsSync(requestLog)) return [];
  return readFileSync(requestLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [at, instance, path, outcome] = line.split(' ');
      return { at: Number(at), instance: String(instance), messageId: String(path?.split('/').at(-2)), answered: /^\d{3}$/.test(String(outcome)) };
    });
}

describe.skipIf(ENGINES[1].skip)('tracker with several instances on one PostgreSQL database', () => {
  it(`${PROCESSES} processes, ${MESSAGES} messages: no message over its cap, no due poll done twice, the global budget held`, { timeout: 600_000 }, async () => {
    const practice = await startPractice(Number.MAX_SAFE_INTEGER); // nobody acts: every message stays PENDING
    const { database, schema } = databaseFor('PostgreSQL');
    const dir = mkdtempSync(join(tmpdir(), 'cdms-multi-'));
    const requestLog = join(dir, 'requests.log');
    const share = MESSAGES / PROCESSES;
    const slots = Array.from(
      { length: PROCESSES },
      (_, p) =>
        new WorkerSlot({
          url: practice.url,
          apiKey: practice.apiKey,
          instanceId: `instance-${p}`,
          seed: 99,
          first: p * share,
          count: share,
          concurrency: 16,
          adopt: share - SENT_PER_PROCESS,
          eventLog: join(dir, 'events.log'),
          requestLog,
          tracker: { database: database, schema, instanceId: `instance-${p}`, pollIntervalMs: INTERVAL_MS, maxPollsPerSecond: RATE, followForMs: 3_600_000 },
        }),
    );
    const started = Date.now();
    try {
      for (const s of slots) s.start();
      await sleep(MIN_RUN_MS);
      while (new Set(readRequests(requestLog).filter((r) => r.answered).map((r) => r.messageId)).size < MESSAGES && Date.now() - started < DEADLINE_MS) await sleep(2_000);
    } finally {
      await Promise.all(slots.map((s) => s.stop()));
      practice.stop();
    }
    const requests = readRequests(requestLog);
    // A poll is a request the service answered. An attempt that failed in transport (a reset
    // connection on this busy machine) is retried by the client within the same poll.
    const polls = requests.filter((r) => r.answered);
    const byMessage = new Map<string, number[]>();
    for (const p of polls) byMessage.set(p.messageId, [...(byMessage.get(p.messageId) ?? []), p.at]);
    let minGap = Infinity;
    let maxPerWindow = 0;
    for (const times of byMessage.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) minGap = Math.min(minGap, (times[i] ?? 0) - (times[i - 1] ?? 0));
      maxPerWindow = Math.max(maxPerWindow, maxInWindow(times, 4 * INTERVAL_MS));
    }
    // The budget holds for every request, retried attempts included.
    const perSecond = maxInWindow(requests.map((r) => r.at), 1_000);
    const first = Math.min(...polls.map((p) => p.at));
    const last = Math.max(...polls.map((p) => p.at));
    const instances = new Set(polls.map((p) => p.instance));
    console.info(
      `multi-instance: ${polls.length} polls of ${byMessage.size} messages by ${instances.size} instances in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `busiest second ${perSecond} (budget ${RATE}), mean ${(polls.length / ((last - first) / 1000)).toFixed(0)}/s while polling; ` +
        `shortest gap between two polls of one message ${minGap} ms (interval ${INTERVAL_MS}); ${requests.length - polls.length} attempts failed in transport and were retried`,
    );
    // Every message polled: none lost between the instances, none left unclaimed.
    expect(byMessage.size).toBe(MESSAGES);
    expect(instances.size).toBe(PROCESSES);
    expect(maxPerWindow).toBeLessThanOrEqual(4);
    // A due poll done twice would be two polls of one message less than an interval apart.
    expect(minGap).toBeGreaterThanOrEqual(INTERVAL_MS);
    // Each request leaves at its slot of the shared schedule; jitter may pull a few into the next second.
    expect(perSecond).toBeLessThanOrEqual(Math.ceil(RATE * 1.05));
  });
});
