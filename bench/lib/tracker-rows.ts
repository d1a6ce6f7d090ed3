// The tracker scenario's rows from what an engine's run measured. Pure,
// checked by test/bench.
import { formatValue, type Target } from './evaluate.js';
import { median } from './stats.js';
import { toRow, type Row } from './table.js';
import type { EngineResult, Measured } from './tracker-config.js';
import { messagesFollowed, pollsPerSecondNeeded, type Stretch } from './tracker-figures.js';
import { FOLLOW_MS, type Footprint } from './tracker-footprint.js';

/** The service's guidance: four polls of a message a day. */
const POLLS_PER_DAY = 4;
/** Headroom asked of the machine over what the ledger's messages need at four polls a day. */
const HEADROOM = 10;

const fmt = (n: number): string => formatValue(n);
const perKind = (s: Stretch): string => s.byKindPerPoll.map((k) => `${k.kind} ${k.perPoll.toFixed(2)}`).join(', ');

/** Failed status calls tolerated before a run's polling is not trusted: a poll that fails is retried at the next one, by design. */
const MAX_FAILED_SHARE = 0.01;

/** Why the run's polling cannot be trusted, or undefined when the ledger and the counts agree. */
export function ledgerFailure(r: EngineResult): string | undefined {
  const { ledger } = r;
  const failed = Object.entries(r.errorKinds);
  const failedCount = failed.reduce((sum, [, n]) => sum + n, 0);
  if (failedCount > MAX_FAILED_SHARE * ledger.countedPolls) return `status calls failed: ${failed.map(([kind, n]) => `${n} x ${kind}`).join(', ')}`;
  if (ledger.messages !== r.messages) return `the ledger holds ${ledger.messages} messages, not ${r.messages}`;
  // Every request of the first-poll stretch was some message's first poll; after a full cycle, every message was polled.
  const firstPolls = cycleComplete(r) ? r.messages : r.cycle.polls + r.cycle.errors;
  if (ledger.polled < firstPolls) return `${ledger.polled} messages polled, fewer than the ${firstPolls} first polls made`;
  if (ledger.sumPolls !== ledger.countedPolls) return `the ledger counts ${ledger.sumPolls} polls, the trackers made ${ledger.countedPolls} status calls`;
  return undefined;
}

/** Failed calls and attempts, for the notes. */
function failuresNote(r: EngineResult): string {
  const list = (counts: Record<string, number>): string => Object.entries(counts).map(([kind, n]) => `${n} x ${kind}`).join(', ') || 'none';
  const attempts = r.cycle.attemptErrors + r.steady.attemptErrors;
  return (
    `failed status calls: ${list(r.errorKinds)} (at most ${MAX_FAILED_SHARE * 100}% allowed); ` +
    `failed HTTP attempts in the two stretches: ${attempts}, in the whole run: ${list(r.attemptErrorKinds)} (the client retried them)`
  );
}

/** Whether the first-poll stretch polled every message (else it was cut short and the full cycle is projected). */
export const cycleComplete = (r: EngineResult): boolean => r.cycle.polls + r.cycle.errors >= r.messages;

/** Seconds of one full poll cycle: measured, or the messages over the first-poll rate. */
export const fullCycleSeconds = (r: EngineResult): number => (cycleComplete(r) ? r.cycle.seconds : r.messages / r.cycle.pollsPerSecond);

/** The scenario name of an engine's rows. */
export const scenarioName = (r: EngineResult): string => (r.engine === 'embedded' ? 'tracker-embedded' : `tracker-postgres-${r.instances}`);

/** The footprint targets: a sender app in a small container (a 512 MB limit) keeps room for itself. */
export const FOOTPRINT = {
  /** Peak RSS of a tracker process following the scenario's messages, MB. */
  peakRssMb: 200,
  /** createTracker() + start() on an existing ledger, ms. */
  startExistingMs: 500,
  /** createTracker() + start() on a new directory (or `memory:`), ms. */
  startNewMs: 3_000,
} as const;

/** Another package's run of the same engine, measured in the same run: the rows' baseline. */
export interface EngineBaseline {
  result: EngineResult;
  /** What it is, for the rows. */
  name: string;
}

/** One row of an engine's run; `baseline` picks the same figure from the baseline's run, when there is one. */
type RowMaker = (metric: string, unit: string, target: Target, samples: number[], note: string, fails?: string, baseline?: number[]) => Row;

/** Every row of one engine's run, beside the baseline's figures when one was measured. */
export function trackerRows(r: EngineResult, baseline?: EngineBaseline): Row[] {
  const scenario = scenarioName(r);
  const report: Target = { kind: 'report' };
  const needed = pollsPerSecondNeeded(r.messages, POLLS_PER_DAY) * HEADROOM;
  // Against the baseline (the last embedded engine on PGlite): the SQLite ledger at 1.5x it or more; the machine's tenfold headroom must hold as well.
  const rate: Target = baseline ? { kind: 'min-ratio', limit: 1.5 } : { kind: 'min', limit: Number(needed.toFixed(1)), unit: 'polls/s' };
  // The embedded tracker's own CPU per steady poll (its database included) at 1 ms or less; PostgreSQL's rows add up several processes, reported only.
  const cpuPerPoll: Target = r.engine === 'embedded' ? { kind: 'max', limit: 1, unit: 'ms' } : { kind: 'report' };
  const failure = ledgerFailure(r);
  const rateFailure = (pollsPerSecond: number): string | undefined =>
    failure ?? (baseline && pollsPerSecond < needed ? `below ${fmt(needed)} polls/s, ${HEADROOM}x what ${fmt(r.messages)} messages need` : undefined);
  const row: RowMaker = (metric, unit, target, samples, note, fails, base) =>
    toRow({
      scenario,
      metric,
      unit,
      target,
      sdkSamples: samples,
      failure: fails,
      note,
      ...(baseline && base ? { baselineSamples: base, baselineName: baseline.name } : {}),
    });
  const b = baseline?.result;
  const n = fmt(r.messages);
  return [
    row(`adopt ${fmt(r.fill.tracked)} with track()`, 'msg/s', report, [(r.fill.tracked / r.fill.ms) * 1000], fillNote(r)),
    row(`start on the ${n} ledger`, 'ms', { kind: 'max', limit: FOOTPRINT.startExistingMs, unit: 'ms' }, r.startMs, startNote(r), undefined, b?.startMs),
    row('RSS after start', 'MB', report, r.rssAfterStartMb, memoryNote(r), undefined, b?.rssAfterStartMb),
    row(
      `peak RSS following ${n} at ${r.pacedRate} polls/s`,
      'MB',
      { kind: 'max', limit: FOOTPRINT.peakRssMb, unit: 'MB' },
      r.pacedMaxRssMb,
      `maxRSS of each fresh process started on the full ledger and following it at the default maxPollsPerSecond (start, ${r.pacedRate} polls/s, close)`,
      undefined,
      b?.pacedMaxRssMb,
    ),
    row('peak RSS, saturated run', 'MB', report, r.maxRssMb, `per process (maxRSS of ${r.instances} process${r.instances > 1 ? 'es' : ''} polling at the machine's limit)`, undefined, b?.maxRssMb),
    row(`full poll cycle of ${n}${cycleComplete(r) ? '' : ' (projected)'}`, 's', report, [fullCycleSeconds(r)], cycleNote(r), undefined, b ? [fullCycleSeconds(b)] : undefined),
    row(
      'polls/s, first polls',
      'polls/s',
      rate,
      [r.cycle.pollsPerSecond],
      `${fmt(r.cycle.polls)} polls; target: ${baseline ? 'no lower than the baseline, and ' : ''}${HEADROOM}x the ${fmt(needed / HEADROOM)}/s that ${n} messages need at ${POLLS_PER_DAY} a day`,
      rateFailure(r.cycle.pollsPerSecond),
      b ? [b.cycle.pollsPerSecond] : undefined,
    ),
    row('polls/s, steady', 'polls/s', rate, [r.steady.pollsPerSecond], `${steadyNote(r)}; ${failuresNote(r)}`, rateFailure(r.steady.pollsPerSecond), b ? [b.steady.pollsPerSecond] : undefined),
    row('statements per first poll', 'stmt', report, [r.cycle.statementsPerPoll], perKind(r.cycle), undefined, b ? [b.cycle.statementsPerPoll] : undefined),
    row('statements per poll, steady', 'stmt', report, [r.steady.statementsPerPoll], perKind(r.steady), undefined, b ? [b.steady.statementsPerPoll] : undefined),
    row('DB ms per first poll', 'ms', report, [dbMsPerPoll(r, 'cycle')], dbNote(r, 'cycle'), undefined, b ? [dbMsPerPoll(b, 'cycle')] : undefined),
    row('DB ms per poll, steady', 'ms', report, [dbMsPerPoll(r, 'steady')], dbNote(r, 'steady'), undefined, b ? [dbMsPerPoll(b, 'steady')] : undefined),
    row('tracker CPU ms per poll, steady', 'ms', cpuPerPoll, [r.steady.cpuMsPerPoll], `all tracker processes, user + system; first polls: ${fmt(r.cycle.cpuMsPerPoll)} ms`, undefined, b ? [b.steady.cpuMsPerPoll] : undefined),
    row('WAL bytes per poll, steady', 'B', report, [r.steady.walBytesPerPoll], `first polls: ${fmt(r.cycle.walBytesPerPoll)} B`, undefined, b ? [b.steady.walBytesPerPoll] : undefined),
    ...pacedRows(r, row, report, b),
  ];
}

/** The stretch at the default maxPollsPerSecond: what a production tracker asks of its database per poll. */
function pacedRows(r: EngineResult, row: RowMaker, report: Target, b: EngineResult | undefined): Row[] {
  const at = `at ${r.pacedRate} polls/s`;
  const who = `${r.instances} fresh process${r.instances > 1 ? 'es' : ''} with maxPollsPerSecond ${r.pacedRate} (the default), polling messages polled before`;
  return [
    row(`polls/s with maxPollsPerSecond ${r.pacedRate}`, 'polls/s', report, [r.paced.pollsPerSecond], `${who}: ${fmt(r.paced.polls)} polls in ${fmt(r.paced.seconds)} s`, undefined, b ? [b.paced.pollsPerSecond] : undefined),
    row(`statements per poll ${at}`, 'stmt', report, [r.paced.statementsPerPoll], perKind(r.paced), undefined, b ? [b.paced.statementsPerPoll] : undefined),
    row(`DB ms per poll ${at}`, 'ms', report, [dbMsPerPoll(r, 'paced')], dbNote(r, 'paced'), undefined, b ? [dbMsPerPoll(b, 'paced')] : undefined),
    row(`tracker CPU ms per poll ${at}`, 'ms', report, [r.paced.cpuMsPerPoll], 'all tracker processes, user + system, idle time between polls included', undefined, b ? [b.paced.cpuMsPerPoll] : undefined),
  ];
}

/** The footprint processes of one package: a new directory and `memory:`, each filled and followed, and fresh processes timed starting on each. */
export interface FootprintSide {
  newDirectory: Footprint;
  memory: Footprint;
  /** createTracker() + start() of fresh processes on a new directory, each closed at once. */
  newDirectoryStartMs: number[];
  /** The same on `memory:`. */
  memoryStartMs: number[];
}

/**
 * The footprint rows of the embedded engine: start on a new directory and on
 * `memory:`, and the peak RSS of a process that creates the ledger, fills it
 * to `messages` and follows them; `liftoffOnly` (report only): a process on
 * the existing ledger under `node --liftoff-only`.
 */
export function footprintRows(messages: number, sdk: FootprintSide, baseline?: { side: FootprintSide; name: string }, liftoffOnly?: Footprint): Row[] {
  const scenario = 'tracker-embedded';
  const n = fmt(messages);
  const row = (metric: string, unit: string, target: Target, pick: (s: FootprintSide) => number[], note: string): Row =>
    toRow({
      scenario,
      metric,
      unit,
      target,
      sdkSamples: pick(sdk),
      note,
      ...(baseline ? { baselineSamples: pick(baseline.side), baselineName: baseline.name } : {}),
    });
  const samples = (ms: number[]): string => `${ms.length} fresh process${ms.length > 1 ? 'es' : ''}: ${ms.map((x) => fmt(x)).join(', ')} ms`;
  const rss: Target = { kind: 'max', limit: FOOTPRINT.peakRssMb, unit: 'MB' };
  const start: Target = { kind: 'max', limit: FOOTPRINT.startNewMs, unit: 'ms' };
  const how = (f: Footprint): string =>
    `createTracker() ${fmt(f.createMs)} ms; RSS after start ${fmt(f.rssAfterStartMb)} MB, PGlite WASM heap ${fmt(f.wasmMb)} MB at the end; ${fmt(f.polls)} polls while following`;
  const rows = [
    row('start on a new directory', 'ms', start, (s) => s.newDirectoryStartMs, `createTracker() + start() on a directory that does not exist yet, ${samples(sdk.newDirectoryStartMs)}`),
    row(
      `peak RSS, new directory filled to ${n} and followed`,
      'MB',
      rss,
      (s) => [s.newDirectory.maxRssMb],
      `maxRSS of a fresh process: start on a new directory, ${n} messages adopted and copied in while it runs, ${fmt(FOLLOW_MS / 1000)} s following at the default rate, close; ${how(sdk.newDirectory)}`,
    ),
    row("start on 'memory:'", 'ms', start, (s) => s.memoryStartMs, `the same with database 'memory:', ${samples(sdk.memoryStartMs)}`),
    row(`peak RSS, 'memory:' filled to ${n} and followed`, 'MB', rss, (s) => [s.memory.maxRssMb], `as for the new directory; ${how(sdk.memory)}`),
  ];
  if (liftoffOnly) {
    rows.push(
      toRow({
        scenario,
        metric: `peak RSS following ${n}, node --liftoff-only`,
        unit: 'MB',
        target: { kind: 'report' },
        sdkSamples: [liftoffOnly.maxRssMb],
        note: `a fresh process on the full ledger under node --liftoff-only (PGlite's WebAssembly without V8's optimising tier), following at the default rate; start ${fmt(liftoffOnly.startMs)} ms; ${fmt(liftoffOnly.polls)} polls`,
      }),
    );
  }
  return rows;
}

/**
 * The database's work per poll: on PGlite the time in its query lock (its
 * CPU, on the tracker's thread); on PostgreSQL the server processes' CPU.
 */
export function dbMsPerPoll(r: EngineResult, which: Measured): number {
  return r.server ? r.server[which].cpuMsPerPoll : r[which].dbMsPerPoll;
}

function fillNote(r: EngineResult): string {
  const copies = r.messages - r.fill.tracked;
  return (
    `${fmt(r.fill.ms / 1000)} s, ${r.fill.statementsPerTrack.toFixed(2)} statements and ${r.fill.dbMsPerTrack.toFixed(2)} DB ms per track(), while the sandbox was being filled; ` +
    `the other ${fmt(copies)} are copies of an adopted row, made by SQL in ${fmt(r.fill.cloneMs / 1000)} s (set-up)`
  );
}

function startNote(r: EngineResult): string {
  return `createTracker() + start(), ${r.startMs.length} fresh process${r.startMs.length > 1 ? 'es' : ''}: ${r.startMs.map((ms) => fmt(ms)).join(', ')} ms; createTracker() alone ${fmt(median(r.createMs))} ms (median)`;
}

function memoryNote(r: EngineResult): string {
  const wasm = r.wasmMb ? `; PGlite WASM heap ${fmt(r.wasmMb.afterStart)} MB after start, ${fmt(r.wasmMb.end)} MB at the end` : '';
  return `per process${wasm}`;
}

function cycleNote(r: EngineResult): string {
  const split = r.instances > 1 ? `; first polls by instance ${r.pollsByInstance.map(fmt).join(' / ')}` : '';
  const how = cycleComplete(r)
    ? 'measured: every message polled once'
    : `${fmt(r.messages)} messages over the rate of the first ${fmt(r.cycle.polls)} first polls (${fmt(r.cycle.seconds)} s; BENCH_TRACKER_FULL_CYCLE=1 polls them all)`;
  return `${how}; a first poll: unknown -> PENDING, history, event, handler; ${r.instances} process${r.instances > 1 ? 'es' : ''}${split}; load average ${r.loadAverage.join(' ')}`;
}

function steadyNote(r: EngineResult): string {
  const followed = messagesFollowed(r.steady.pollsPerSecond, POLLS_PER_DAY);
  const aside = r.setAside > 0 ? `, after the ${fmt(r.setAside)} messages never polled were set aside (due a day later) and the polls already claimed were made` : '';
  return `${fmt(r.steady.polls)} polls in ${fmt(r.steady.seconds)} s of messages polled before, status unchanged${aside}; at ${POLLS_PER_DAY} polls a day this follows ${fmt(followed)} messages`;
}

function dbNote(r: EngineResult, which: Measured): string {
  if (!r.server) return "time in the embedded engine's statements (node:sqlite's calls; PGlite's query lock on a baseline on PGlite): its CPU, on the tracker's own thread";
  const server = r.server[which];
  const tracker = r[which];
  return (
    `CPU of the server's processes (/proc); pg_stat_statements: ${fmt(server.execMsPerPoll)} ms executing (lock waits included), ${fmt(server.walBytesPerPoll)} WAL bytes; ` +
    `a statement's mean wait in the tracker ${fmt(tracker.dbMsPerPoll / tracker.statementsPerPoll)} ms` +
    (which === 'paced' ? '' : " (its pool's queue included: at maxPollsPerSecond 10,000 the tracker keeps 512 polls in flight per process)")
  );
}
