// One tracker process of the tracker scenario, on the built package. `fill`
// adopts the first messages of its share with tracker.track() (many in
// parallel), copies the first one's row for the rest (tracker-clone.ts) and
// exits; `run` creates and starts a tracker on the existing ledger, prints
// its start time, then its counters every tickMs, obeys the commands on its
// stdin until it closes, and closes the tracker; `footprint` creates and
// starts a tracker on the database as it is, fills it (as `fill` does) when
// asked, follows for followMs and closes: its peak RSS is the footprint. Every statement of the
// tracker is metered (db-meter.ts); the bench's own (copies, set-aside) run
// outside the figures.
import { createInterface } from 'node:readline';
import { CdmsClient } from 'cdms-sdk';
import { createTracker, type Tracker } from 'cdms-sdk/tracker';
import { BENCH_SQL, type DbMeter } from '../lib/db-meter.js';
import { meteredPool } from '../lib/pg-meter.js';
import { meterPGlite } from '../lib/pglite-meter.js';
import { meterSqlite } from '../lib/sqlite-meter.js';
import { cloneMessages, LEDGER_SCHEMA, setAside, unhandledEvents, type LedgerEngine, type RunSql } from '../lib/tracker-clone.js';
import { trackedMessageId } from '../lib/tracker-ids.js';
import type { InstanceArgs, InstanceCommand, InstanceLine, Tick } from '../lib/tracker-protocol.js';

const args = JSON.parse(process.argv[2] ?? '{}') as InstanceArgs;
const print = (line: InstanceLine): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const mb = (bytes: number): number => bytes / 1_048_576;

interface Engine {
  database: string | ReturnType<typeof meteredPool>['pool'];
  meter: DbMeter;
  wasmMb(): number;
  walBytes(): Promise<number>;
  /** The bench's own statements, on the tracker's database, not metered. */
  sql: RunSql;
  /** Whose SQL the bench's own statements speak. */
  dialect(): LedgerEngine;
  end(): Promise<void>;
}

function openEngine(): Engine {
  // `pglite` is the embedded engine, whichever the package under test opens: PGlite (the baseline's) or
  // node:sqlite (this build's). Both are metered; the one the tracker used answers.
  if (args.engine === 'pglite') {
    const { meter, instance } = meterPGlite();
    const sqlite = meterSqlite(meter);
    return {
      database: args.database,
      meter,
      wasmMb: () => mb(instance()?.wasmBytes() ?? 0),
      walBytes: async () => sqlite.instance()?.walBytes() ?? (await instance()?.walBytes()) ?? 0,
      sql: (text, params) => {
        const db = sqlite.instance() ?? instance();
        if (!db) throw new Error('the tracker has not opened its embedded database yet');
        return db.unmetered(text, params);
      },
      dialect: () => (sqlite.instance() ? 'sqlite' : 'postgres'),
      end: () => Promise.resolve(),
    };
  }
  const { pool, raw, meter, walBytes } = meteredPool(args.database);
  return {
    database: pool,
    meter,
    wasmMb: () => 0,
    walBytes,
    sql: async (text, params) => (await raw.query<Record<string, unknown>>(`${BENCH_SQL} ${text}`, [...params])).rows,
    dialect: () => 'postgres',
    end: () => raw.end(),
  };
}

const engine = openEngine();
const counts = { polls: 0, errors: 0, attemptErrors: 0 };
/** Failed status calls by error class, for the scenario's failure message. */
const errorKinds: Record<string, number> = {};
/** Failed HTTP attempts by answer (a status code) or by the network error's code. */
const attemptErrorKinds: Record<string, number> = {};
const attemptFailed = (kind: string): void => {
  counts.attemptErrors++;
  attemptErrorKinds[kind] = (attemptErrorKinds[kind] ?? 0) + 1;
};

const client = new CdmsClient({
  baseUrl: args.url,
  apiKey: args.apiKey,
  // Failed HTTP attempts, retried or not: a sign of overload even when the retry succeeds.
  async fetch(input, init) {
    try {
      const response = await fetch(input, init);
      if (response.status !== 200) attemptFailed(`HTTP ${response.status}`);
      return response;
    } catch (error) {
      attemptFailed(networkErrorCode(error));
      throw error;
    }
  },
});

/** The code of a failed fetch's cause (undici's UND_ERR_SOCKET, ECONNRESET...), else the error's name. */
function networkErrorCode(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

// A poll is one status call as the tracker makes it (with the client's own retries inside).
const status = client.messages.status.bind(client.messages);
client.messages.status = async (...call: Parameters<typeof status>) => {
  try {
    const answer = await status(...call);
    counts.polls++;
    return answer;
  } catch (error) {
    const kind = error instanceof Error ? error.name : 'error';
    counts.errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    if (counts.errors <= 3) console.error(`tracker-instance ${args.instanceId}: status call failed: ${kind}: ${error instanceof Error ? error.message : ''}`);
    throw error;
  }
};

const tracker = await createTrackerTimed();

async function createTrackerTimed(): Promise<{ tracker: Tracker; createMs: number }> {
  const started = performance.now();
  const t = await createTracker({
    client,
    database: engine.database,
    instanceId: args.instanceId,
    maxPollsPerSecond: args.maxPollsPerSecond,
    pollIntervalMs: args.pollIntervalMs,
  });
  return { tracker: t, createMs: performance.now() - started };
}

/** Whether this process watches the unhandled events: until it sees none (a count every tick costs the database). */
let watchingEvents = args.countEvents === true;

async function eventsLeft(): Promise<number> {
  if (!watchingEvents) return 0;
  const n = await unhandledEvents(engine.sql, engine.dialect());
  watchingEvents = n > 0;
  return n;
}

async function tick(): Promise<Tick> {
  const cpu = process.cpuUsage();
  return {
    at: Date.now(),
    polls: counts.polls,
    errors: counts.errors,
    attemptErrors: counts.attemptErrors,
    db: engine.meter.snapshot(),
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMb: mb(process.memoryUsage().rss),
    wasmMb: engine.wasmMb(),
    walBytes: await engine.walBytes(),
    unhandledEvents: await eventsLeft(),
  };
}

async function fill(t: Tracker): Promise<void> {
  const started = performance.now();
  const sentAt = new Date(args.sentAt);
  const expiryDateTime = new Date(sentAt.getTime() + 7 * 86_400_000);
  const id = (i: number): string => trackedMessageId(args.seed, args.first + i);
  let next = 0;
  const adopt = async (): Promise<void> => {
    for (let i = next++; i < args.tracked; i = next++) {
      await t.track({ messageId: id(i), route: 'standard', sentAt, expiryDateTime, topic: 'Discharge Summary', recipient: 'A81001' });
    }
  };
  await Promise.all(Array.from({ length: args.concurrency }, adopt));
  const ms = performance.now() - started;
  const db = engine.meter.snapshot();
  const copying = performance.now();
  const copies = Array.from({ length: args.count - args.tracked }, (_, k) => id(args.tracked + k));
  const cloned = await cloneMessages(engine.sql, id(0), copies, LEDGER_SCHEMA, engine.dialect());
  const cloneMs = performance.now() - copying;
  print({ phase: 'filled', ms, tracked: args.tracked, cloned, cloneMs, db, rssMb: mb(process.memoryUsage().rss), wasmMb: engine.wasmMb() });
}

/** Runs the scenario's commands until stdin closes. */
async function obey(): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  for await (const text of lines) {
    const command = JSON.parse(text) as InstanceCommand;
    if (command.command === 'set-aside') {
      const started = performance.now();
      const rows = await setAside(engine.sql, LEDGER_SCHEMA, engine.dialect());
      watchingEvents = true;
      print({ phase: 'set-aside', rows, ms: performance.now() - started });
    }
  }
}

async function run(t: Tracker, createMs: number): Promise<void> {
  // An app registers its handler before it starts the tracker; this one only acknowledges.
  t.onEvent(() => undefined);
  const starting = performance.now();
  await t.start();
  print({ phase: 'started', createMs, startMs: performance.now() - starting, tick: await tick() });
  const timer = setInterval(() => void tick().then((current) => print({ phase: 'tick', tick: current })), args.tickMs);
  await obey();
  clearInterval(timer);
  const closing = performance.now();
  await t.close();
  const closeMs = performance.now() - closing;
  print({ phase: 'closed', closeMs, maxRssMb: process.resourceUsage().maxRSS / 1024, polls: counts.polls, errors: counts.errors, errorKinds, attemptErrorKinds });
}

/** A tracker on the database as it is: started, filled when asked, following for followMs, closed. */
async function footprint(t: Tracker, createMs: number): Promise<void> {
  t.onEvent(() => undefined);
  const starting = performance.now();
  await t.start();
  print({ phase: 'started', createMs, startMs: performance.now() - starting, tick: await tick() });
  if (args.count > 0) await fill(t);
  const timer = setInterval(() => void tick().then((current) => print({ phase: 'tick', tick: current })), args.tickMs);
  await new Promise((resolve) => setTimeout(resolve, args.followMs ?? 0));
  clearInterval(timer);
  const closing = performance.now();
  await t.close();
  const closeMs = performance.now() - closing;
  print({ phase: 'closed', closeMs, maxRssMb: process.resourceUsage().maxRSS / 1024, polls: counts.polls, errors: counts.errors, errorKinds, attemptErrorKinds });
}

try {
  if (args.mode === 'fill') await fill(tracker.tracker);
  else if (args.mode === 'footprint') await footprint(tracker.tracker, tracker.createMs);
  else await run(tracker.tracker, tracker.createMs);
} finally {
  if (args.mode === 'fill') await tracker.tracker.close();
  await engine.end();
}
