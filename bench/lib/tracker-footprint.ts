// The tracker's footprint on the embedded engine where a ledger is born: a
// fresh process creates a tracker on a new directory (or `memory:`), is timed
// starting on it, fills it to the scenario's size (tracker.track() for the
// first messages, copies for the rest, as the scenario's fill does) while
// the tracker runs, follows the messages at the default rate for a while, and
// closes; its peak RSS, through the relay, is the footprint. The existing
// directory's figures are the scenario's (fresh processes on the full ledger).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instanceArgs, pacedArgs, type TrackerBenchConfig } from './tracker-config.js';
import { TrackerProcess } from './tracker-process.js';

/** Messages adopted with track() in a footprint process (the rest are copies). */
const FOOTPRINT_TRACKED = 1_000;
/** How long a footprint process follows the messages after its fill. */
export const FOLLOW_MS = 20_000;

/** What one footprint process measured. */
export interface Footprint {
  /** createTracker() + start() on the database as it was. */
  startMs: number;
  /** Of which createTracker(). */
  createMs: number;
  rssAfterStartMb: number;
  /** Peak RSS over the whole process: start, fill, following, close. */
  maxRssMb: number;
  /** PGlite's WASM heap at the end. */
  wasmMb: number;
  /** Status calls made while following (a check that it followed). */
  polls: number;
}

/** Where a footprint process starts its tracker. */
export type FootprintDatabase = { kind: 'new' } | { kind: 'memory' } | { kind: 'existing'; directory: string };

/** What a footprint process does after it started: fill the ledger and follow it (the footprint), or close at once (a start sample). */
export type FootprintRun = 'fill-and-follow' | 'start-only';

/** Runs one footprint process; `script`/`nodeFlags` as for TrackerProcess. */
export async function measureFootprint(
  config: TrackerBenchConfig,
  sandbox: { url: string; apiKey: string },
  database: FootprintDatabase,
  how: { script?: string | undefined; nodeFlags?: readonly string[] | undefined; run?: FootprintRun } = {},
): Promise<Footprint> {
  const scratch = database.kind === 'new' ? mkdtempSync(join(tmpdir(), 'cdms-bench-footprint-')) : undefined;
  try {
    const where = database.kind === 'memory' ? 'memory:' : database.kind === 'existing' ? database.directory : join(scratch!, 'ledger');
    const startOnly = how.run === 'start-only';
    const fill = database.kind !== 'existing' && !startOnly;
    const args = instanceArgs(
      config,
      sandbox,
      {
        mode: 'footprint',
        engine: 'pglite',
        database: where,
        first: 0,
        count: fill ? config.messages : 0,
        tracked: fill ? Math.min(config.messages, FOOTPRINT_TRACKED) : 0,
        instanceId: `footprint-${database.kind}`,
        concurrency: config.fillConcurrency,
      },
      { ...pacedArgs(config), followMs: startOnly ? 0 : FOLLOW_MS },
    );
    const p = new TrackerProcess(args, { script: how.script, nodeFlags: how.nodeFlags });
    const started = await p.next('started');
    const closed = await p.next('closed');
    return {
      startMs: started.createMs + started.startMs,
      createMs: started.createMs,
      rssAfterStartMb: started.tick.rssMb,
      maxRssMb: closed.maxRssMb,
      wasmMb: p.latest?.wasmMb ?? started.tick.wasmMb,
      polls: closed.polls,
    };
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}
