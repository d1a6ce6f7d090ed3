import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, inject, vi } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { hasSqlite } from '../../src/tracker/db/sqlite/load.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createTracker, type TrackedMessage, type Tracker, type TrackerEvent, type TrackerOptions } from '../../src/tracker/index.js';

// Generous for a busy shared machine. No timing is asserted by these limits.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/** Whether this Node has node:sqlite (22.13 and later): without it the embedded engine's tests are skipped, loudly. */
export const SQLITE = hasSqlite();
if (!SQLITE) {
  console.warn(
    `\n*** node:sqlite is missing on Node ${process.versions.node}: the tracker tests on the embedded SQLite engine are SKIPPED ` +
      '(run them on Node 22.13 or later; `npm test` does, through the pinned toolchain). ***\n',
  );
}

/** The two engines every tracker test runs on. PostgreSQL is skipped (loudly, by the global setup) without binaries. */
export const ENGINES = [
  { engine: 'SQLite', skip: !SQLITE },
  { engine: 'PostgreSQL', skip: inject('postgresUrl') === '' },
] as const;

/** Which engine a test runs on. */
export type Engine = (typeof ENGINES)[number]['engine'];

/** Options that make a day of polling last a second: for tests against the sandbox only. */
export const FAST = {
  pollIntervalMs: 200,
  beforeExpiryMs: 100,
  maxPollsPerSecond: 1_000,
  followForMs: 60_000,
  failedAttentionMs: 600,
  // Long enough that a slow shared machine never cuts a send short (the lease bounds each call).
  leaseMs: 15_000,
} as const satisfies Partial<TrackerOptions>;

/** A fresh schema name, so tests on one PostgreSQL server never meet. */
export const freshSchema = (): string => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

const scratch: string[] = [];
// Each test's database goes when the test ends (tens of megabytes each): after the trackers close.
afterEach(async () => {
  await Promise.all(scratch.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh directory for an embedded ledger (the tracker makes its database there). */
export function freshLedgerDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-tracker-test-'));
  scratch.push(dir);
  return dir;
}

/** Where a test's ledger lives on an engine. */
export function databaseFor(engine: Engine): { database: string; schema?: string } {
  return engine === 'SQLite' ? { database: freshLedgerDirectory() } : { database: inject('postgresUrl'), schema: freshSchema() };
}

/**
 * Opens trackers for the calling test file and closes them after each test.
 */
export function useTrackers(): (engine: Engine, client: CdmsClient, options?: Partial<TrackerOptions>) => Promise<Tracker> {
  const open: Tracker[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });
  return async (engine, client, options = {}) => {
    const tracker = await createTracker({ client, ...databaseFor(engine), ...FAST, ...options });
    open.push(tracker);
    return tracker;
  };
}

/** Collects a tracker's events as its handler. */
export function collectEvents(tracker: Tracker): TrackerEvent[] {
  const events: TrackerEvent[] = [];
  tracker.onEvent((e) => {
    events.push(e);
  });
  return events;
}

/** Waits until `check` holds, polling every 20 ms; fails with `what` after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until a tracked message has the given attention reason; returns the message. */
export async function attentionOf(tracker: Tracker, messageId: string, reason: string): Promise<TrackedMessage> {
  return eventually(`attention ${reason}`, async () => {
    const m = await tracker.get(messageId);
    return m?.attention?.reason === reason && m;
  });
}

/** One request the client made. */
export interface Recorded {
  method: string;
  path: string;
  at: number;
}

/** A client of the sandbox that records every request it makes (time, method, path). */
export function recordingClient(sandbox: Sandbox, options: { maxRetries?: number } = {}): { client: CdmsClient; requests: Recorded[] } {
  const requests: Recorded[] = [];
  const client = new CdmsClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    maxRetries: options.maxRetries ?? 0,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push({ method: request.method, path: new URL(request.url).pathname, at: Date.now() });
      return fetch(input, init);
    },
  });
  return { client, requests };
}

/** Status requests of one message, in order. */
export const pollsOf = (requests: Recorded[], messageId: string): Recorded[] =>
  requests.filter((r) => r.method === 'GET' && r.path.includes(messageId) && r.path.endsWith('/status'));

/** The most requests that fall in any window of `windowMs` (half-open). */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}
