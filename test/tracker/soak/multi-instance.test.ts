import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, databaseFor, maxInWindow } from '../support.js';
import { WorkerSlot, startPractice } from './harness.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const MESSAGES = 10_000;
const PROCESSES = 4;
const INTERVAL_MS = 8_000;
const RATE = 400;
const RUN_MS = 40_000;

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
          eventLog: join(dir, 'events.log'),
          requestLog,
          tracker: { database: database, schema, instanceId: `instance-${p}`, pollIntervalMs: INTERVAL_MS, maxPollsPerSecond: RATE, followForMs: 3_600_000 },
        }),
    );
    const started = Date.now();
    try {
      for (const s of slots) s.start();
      await sleep(RUN_MS);
    } finally {
      await Promise.all(slots.map((s) => s.stop()));
      practice.stop();
    }
    const polls = readFileSync(requestLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [at, instance, path] = line.split(' ');
        return { at: Number(at), instance: String(instance), messageId: String(path?.split('/').at(-2)) };
      });
    const byMessage = new Map<string, number[]>();
    for (const p of polls) byMessage.set(p.messageId, [...(byMessage.get(p.messageId) ?? []), p.at]);
    let minGap = Infinity;
    let maxPerWindow = 0;
    for (const times of byMessage.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) minGap = Math.min(minGap, (times[i] ?? 0) - (times[i - 1] ?? 0));
      maxPerWindow = Math.max(maxPerWindow, maxInWindow(times, 4 * INTERVAL_MS));
    }
    const perSecond = maxInWindow(polls.map((p) => p.at), 1_000);
    const first = Math.min(...polls.map((p) => p.at));
    const last = Math.max(...polls.map((p) => p.at));
    const instances = new Set(polls.map((p) => p.instance));
    console.info(
      `multi-instance: ${polls.length} polls of ${byMessage.size} messages by ${instances.size} instances in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `busiest second ${perSecond} (budget ${RATE}), mean ${(polls.length / ((last - first) / 1000)).toFixed(0)}/s while polling; ` +
        `shortest gap between two polls of one message ${minGap} ms (interval ${INTERVAL_MS})`,
    );
    expect(byMessage.size).toBeGreaterThan(MESSAGES / 2);
    expect(instances.size).toBe(PROCESSES);
    expect(maxPerWindow).toBeLessThanOrEqual(4);
    // A due poll done twice would be two polls of one message less than an interval apart.
    expect(minGap).toBeGreaterThanOrEqual(INTERVAL_MS);
    // Each request leaves at its slot of the shared schedule; jitter may pull a few into the next second.
    expect(perSecond).toBeLessThanOrEqual(Math.ceil(RATE * 1.05));
  });
});
