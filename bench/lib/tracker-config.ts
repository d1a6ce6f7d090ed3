// Settings of the tracker scenario and what each engine's run hands back.
import { loadavg } from 'node:os';
import type { InstanceArgs, InstanceLine } from './tracker-protocol.js';
import type { Stretch } from './tracker-figures.js';

/**
 * The scenario's settings. BENCH_TRACKER_MESSAGES overrides the count for a
 * quick look; BENCH_TRACKER_FULL_CYCLE=1 polls every message once however
 * long it takes (half an hour or more for 100,000 on this machine).
 */
export interface TrackerBenchConfig {
  messages: number;
  /** Of which adopted with tracker.track() (timed), per engine; the rest are copies (tracker-clone.ts). */
  tracked: number;
  seed: number;
  /** Tracker processes sharing the PostgreSQL database. */
  instances: number;
  /** Short, so that every message is due again soon after its first poll: the backlog never runs dry. */
  pollIntervalMs: number;
  /** The option's ceiling: the machine, not the budget, is the limit. */
  maxPollsPerSecond: number;
  /** Longest stretch of first polls (Infinity: the full cycle). */
  cycleMs: number;
  /**
   * Polls claimed and not yet made, per process, that drain after the
   * set-aside: at this maxPollsPerSecond the tracker keeps 512 in flight.
   */
  settlePollsPerInstance: number;
  steadyMs: number;
  /** The option's default: fresh processes run at it for the database work per poll a production tracker does. */
  pacedRate: number;
  pacedWarmupMs: number;
  pacedMs: number;
  tickMs: number;
  stallMs: number;
  fillConcurrency: number;
  /** Fresh processes timed starting on the full ledger (the embedded engine). */
  startSamples: number;
  /** When the adopted messages were sent: long enough ago that all are due at once. */
  sentAt: string;
}

export function trackerBenchConfig(env: NodeJS.ProcessEnv = process.env): TrackerBenchConfig {
  const messages = Number(env['BENCH_TRACKER_MESSAGES'] ?? 100_000);
  if (!Number.isInteger(messages) || messages < 100) throw new RangeError('BENCH_TRACKER_MESSAGES must be a whole number of at least 100');
  return {
    messages,
    tracked: Math.min(messages, 2_000),
    seed: 12,
    instances: 4,
    pollIntervalMs: 5_000,
    maxPollsPerSecond: 10_000,
    cycleMs: env['BENCH_TRACKER_FULL_CYCLE'] === '1' ? Infinity : 30_000,
    settlePollsPerInstance: 512,
    steadyMs: 20_000,
    pacedRate: 5,
    pacedWarmupMs: 3_000,
    pacedMs: 20_000,
    tickMs: 250,
    stallMs: 90_000,
    fillConcurrency: 64,
    startSamples: 3,
    sentAt: new Date(Date.now() - 7 * 3_600_000).toISOString(),
  };
}

/** The arguments of a tracker process of this run (the caller adds what differs). */
export function instanceArgs(
  config: TrackerBenchConfig,
  sandbox: { url: string; apiKey: string },
  rest: Pick<InstanceArgs, 'mode' | 'engine' | 'database' | 'first' | 'count' | 'tracked' | 'instanceId' | 'concurrency'>,
  pace: Partial<Pick<InstanceArgs, 'maxPollsPerSecond' | 'pollIntervalMs' | 'countEvents' | 'followMs'>> = {},
): InstanceArgs {
  return {
    ...rest,
    url: sandbox.url,
    apiKey: sandbox.apiKey,
    seed: config.seed,
    sentAt: config.sentAt,
    maxPollsPerSecond: config.maxPollsPerSecond,
    pollIntervalMs: config.pollIntervalMs,
    tickMs: config.tickMs,
    ...pace,
  };
}

/**
 * How the stretch at the default rate runs: maxPollsPerSecond 5, and a
 * pollIntervalMs long enough that the tracker's idle checks come once a
 * second, as at the default six hours (they scale with the interval below
 * 20 s), yet short enough that the messages polled before are due again.
 */
export function pacedArgs(config: TrackerBenchConfig): Pick<InstanceArgs, 'maxPollsPerSecond' | 'pollIntervalMs'> {
  return { maxPollsPerSecond: config.pacedRate, pollIntervalMs: 20_000 };
}

/** Server-side work of a stretch, per poll (PostgreSQL only). */
export interface ServerStretch {
  cpuMsPerPoll: number;
  execMsPerPoll: number;
  statementsPerPoll: number;
  walBytesPerPoll: number;
}

/** The stretches measured per poll. */
export type Measured = 'cycle' | 'steady' | 'paced';

/** What one engine's run measured. */
export interface EngineResult {
  engine: 'embedded' | 'postgres';
  instances: number;
  messages: number;
  /** The adopt figures are of the `tracked` messages; `cloneMs`: copying the rest (set-up). */
  fill: { tracked: number; ms: number; statementsPerTrack: number; dbMsPerTrack: number; cloneMs: number };
  /** createTracker() + start(), per process started on the full ledger. */
  startMs: number[];
  /** Of which createTracker() (open, migrate). */
  createMs: number[];
  rssAfterStartMb: number[];
  /** Peak RSS of the processes of the saturated stretches. */
  maxRssMb: number[];
  /** Peak RSS of the processes of the stretch at the default rate (fresh processes on the full ledger: the footprint of following it). */
  pacedMaxRssMb: number[];
  /** PGlite's WASM memory after start and at the end of the steady stretch (embedded only). */
  wasmMb: { afterStart: number; end: number } | null;
  /** The first-poll stretch (the full cycle when its polls reach `messages`). */
  cycle: Stretch;
  /** Messages never polled, set aside after the first-poll stretch. */
  setAside: number;
  steady: Stretch;
  /** Fresh processes at maxPollsPerSecond `pacedRate` (the default), polling messages polled before. */
  paced: Stretch;
  pacedRate: number;
  server: Record<Measured, ServerStretch> | null;
  /** Polls per instance in the cycle (several instances). */
  pollsByInstance: number[];
  /** Failed status calls over the whole run, by error class. */
  errorKinds: Record<string, number>;
  /** Failed HTTP attempts over the whole run (the client retried most), by answer or network error code. */
  attemptErrorKinds: Record<string, number>;
  /** What the ledger says after the run. */
  ledger: { messages: number; polled: number; maxPolls: number; sumPolls: number; countedPolls: number };
  loadAverage: number[];
}

/** The load average now, rounded, for the notes. */
export const load = (): number[] => loadavg().map((l) => Number(l.toFixed(2)));

/** Adds up failed requests by answer. */
export function mergeCounts(all: readonly Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const counts of all) for (const [k, n] of Object.entries(counts)) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}

/** What the stopped processes of one engine add up to: failed requests by answer, and the status calls they counted (polls and errors). */
export function closedFigures(closed: readonly Extract<InstanceLine, { phase: 'closed' }>[]): Pick<EngineResult, 'errorKinds' | 'attemptErrorKinds'> & { countedPolls: number } {
  return {
    errorKinds: mergeCounts(closed.map((c) => c.errorKinds)),
    attemptErrorKinds: mergeCounts(closed.map((c) => c.attemptErrorKinds)),
    countedPolls: closed.reduce((sum, c) => sum + c.polls + c.errors, 0),
  };
}

/** Start time (createTracker() + start()), its createTracker() part and the RSS after it, per process started. */
export function startFigures(started: readonly Extract<InstanceLine, { phase: 'started' }>[]): Pick<EngineResult, 'startMs' | 'createMs' | 'rssAfterStartMb'> {
  return {
    startMs: started.map((s) => s.createMs + s.startMs),
    createMs: started.map((s) => s.createMs),
    rssAfterStartMb: started.map((s) => s.tick.rssMb),
  };
}

/** The adopt figures of the fill processes of one engine, `ms` the wall time of their track() calls together. */
export function fillFigures(filled: readonly Extract<InstanceLine, { phase: 'filled' }>[], ms: number): EngineResult['fill'] {
  const tracked = filled.reduce((sum, f) => sum + f.tracked, 0);
  const statements = filled.reduce((sum, f) => sum + f.db.statements, 0);
  const dbMs = filled.reduce((sum, f) => sum + f.db.ms, 0);
  return { tracked, ms, statementsPerTrack: statements / tracked, dbMsPerTrack: dbMs / tracked, cloneMs: Math.max(...filled.map((f) => f.cloneMs)) };
}
