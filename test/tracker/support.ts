import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, inject } from 'vitest';
import type { CdmsClient } from '../../src/index.js';
import { createTracker, type Tracker, type TrackerEvent, type TrackerOptions } from '../../src/tracker/index.js';

/** The two engines every tracker test runs on. PostgreSQL is skipped (loudly, by the global setup) without binaries. */
export const ENGINES = [
  { engine: 'PGlite', skip: false },
  { engine: 'PostgreSQL', skip: inject('postgresUrl') === '' },
] as const;

/** Which engine a test runs on. */
export type Engine = (typeof ENGINES)[number]['engine'];

/** Options that make a day of polling last a second: for tests against the sandbox only. */
export const FAST = {
  pollIntervalMs: 200,
  beforeExpiryMs: 100,
  maxPollsPerSecond: 1_000,
  followForMs: 4_000,
  failedAttentionMs: 600,
  leaseMs: 2_000,
} as const satisfies Partial<TrackerOptions>;

/** A fresh schema name, so tests on one PostgreSQL server never meet. */
export const freshSchema = (): string => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh embedded database directory, copied from the template the global setup made. */
export function freshPGliteDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-tracker-test-'));
  scratch.push(dir);
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}

/** Where a test's ledger lives on an engine. */
export function databaseFor(engine: Engine): Pick<TrackerOptions, 'database' | 'schema'> {
  return engine === 'PGlite' ? { database: freshPGliteDirectory() } : { database: inject('postgresUrl'), schema: freshSchema() };
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
export async function eventually<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
