// tracker: the delivery tracker following 100,000 messages held by the
// sandbox (its own process), on the embedded store with one process, then on
// PostgreSQL with four processes sharing the database. Each ledger is filled
// through tracker.track() while the sandbox is filled with the same
// messages; then start time, memory, a full poll cycle (every message's
// first poll), a steady stretch after it, and the database work per poll.
//
// The embedded engine is measured twice, this build and a baseline build
// (the last commit on PGlite, unless BENCH_TRACKER_BASELINE names another
// ref; `off` skips it),
// each with a ledger of its own, and each also where a ledger is born: a
// fresh process on a new directory and on `memory:`, filled and followed
// (tracker-footprint.ts). This build is also measured once on the full
// ledger under `node --liftoff-only`.
// BENCH_TRACKER_MESSAGES=<n> runs it on fewer messages for a quick look.
import { baselinePackage } from '../lib/baseline-package.js';
import { startService } from '../lib/children.js';
import { fillSandbox } from '../lib/sandbox-fill.js';
import type { Row } from '../lib/table.js';
import { trackerBenchConfig, type EngineResult, type TrackerBenchConfig } from '../lib/tracker-config.js';
import { EmbeddedRun } from '../lib/tracker-embedded.js';
import { measureFootprint } from '../lib/tracker-footprint.js';
import { PostgresRun } from '../lib/tracker-postgres.js';
import { PGLITE_COMMIT } from './tracker-ledger.js';
import { footprintRows, trackerRows, type FootprintSide } from '../lib/tracker-rows.js';
import type { BenchContext } from './context.js';

type Sandbox = { url: string; apiKey: string };

/** Where a ledger is born, for one package: start samples, then one process each filled and followed. */
async function footprints(config: TrackerBenchConfig, sandbox: Sandbox, log: (m: string) => void, label: string, script?: string): Promise<FootprintSide> {
  log(`tracker ${label}: ${config.startSamples} starts on a new directory and on 'memory:', alternated`);
  const newDirectoryStartMs: number[] = [];
  const memoryStartMs: number[] = [];
  for (let i = 0; i < config.startSamples; i++) {
    newDirectoryStartMs.push((await measureFootprint(config, sandbox, { kind: 'new' }, { script, run: 'start-only' })).startMs);
    memoryStartMs.push((await measureFootprint(config, sandbox, { kind: 'memory' }, { script, run: 'start-only' })).startMs);
  }
  log(`tracker ${label}: footprint on a new directory`);
  const newDirectory = await measureFootprint(config, sandbox, { kind: 'new' }, { script });
  log(`tracker ${label}: footprint on 'memory:'`);
  const memory = await measureFootprint(config, sandbox, { kind: 'memory' }, { script });
  return { newDirectory, memory, newDirectoryStartMs, memoryStartMs };
}

export async function trackerScenario({ log }: BenchContext): Promise<Row[]> {
  const config = trackerBenchConfig();
  const baseline = await baselinePackage(log, { BENCH_TRACKER_BASELINE: process.env['BENCH_TRACKER_BASELINE'] ?? PGLITE_COMMIT });
  const sandbox = await startService<Sandbox>('sandbox');
  const embedded = new EmbeddedRun(config, sandbox.info, log);
  const before = baseline ? new EmbeddedRun(config, sandbox.info, log, { script: baseline.script('tracker-instance'), label: `embedded, ${baseline.name}` }) : undefined;
  const postgres = new PostgresRun(config, sandbox.info, log);
  try {
    log(`tracker: filling the sandbox and both ledgers with ${config.messages} messages`);
    const [sandboxMs] = await Promise.all([fillSandbox(sandbox.info, config.seed, config.messages), embedded.fill(), postgres.fill()]);
    log(`tracker: sandbox filled in ${(sandboxMs / 1000).toFixed(1)} s`);
    if (before) {
      log(`tracker: filling the baseline's ledger (${baseline!.name})`);
      await before.fill();
    }
    log('tracker: embedded run');
    const embeddedResult = await embedded.measure();
    log(`tracker: embedded run under node --liftoff-only`);
    const liftoffOnly = await measureFootprint(config, sandbox.info, { kind: 'existing', directory: embedded.directory }, { nodeFlags: ['--liftoff-only'] });
    let beforeResult: EngineResult | undefined;
    if (before) {
      log(`tracker: embedded run, ${baseline!.name}`);
      beforeResult = await before.measure();
    }
    const sdkFootprint = await footprints(config, sandbox.info, log, 'embedded');
    const beforeFootprint = baseline ? await footprints(config, sandbox.info, log, `embedded, ${baseline.name}`, baseline.script('tracker-instance')) : undefined;
    log('tracker: PostgreSQL run');
    const postgresResult = await postgres.measure();
    return [
      ...trackerRows(embeddedResult, beforeResult && baseline ? { result: beforeResult, name: baseline.name } : undefined),
      ...footprintRows(config.messages, sdkFootprint, beforeFootprint && baseline ? { side: beforeFootprint, name: baseline.name } : undefined, liftoffOnly),
      ...trackerRows(postgresResult),
    ];
  } finally {
    embedded.cleanup();
    before?.cleanup();
    postgres.cleanup();
    await sandbox.stop();
  }
}
