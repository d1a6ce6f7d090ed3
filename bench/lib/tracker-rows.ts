// The tracker scenario's rows from what an engine's run measured. Pure,
// checked by test/bench.
import { formatValue, type Target } from './evaluate.js';
import { median } from './stats.js';
import { toRow, type Row } from './table.js';
import type { EngineResult } from './tracker-config.js';
import { messagesFollowed, pollsPerSecondNeeded, type Stretch } from './tracker-figures.js';

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
  if (ledger.polled !== r.messages) return `${r.messages - ledger.polled} messages never polled`;
  if (ledger.sumPolls !== ledger.countedPolls) return `the ledger counts ${ledger.sumPolls} polls, the trackers made ${ledger.countedPolls} status calls`;
  return undefined;
}

/** Failed calls and attempts, for the notes. */
function failuresNote(r: EngineResult): string {
  const failed = Object.entries(r.errorKinds).map(([kind, n]) => `${n} x ${kind}`);
  const attempts = r.cycle.attemptErrors + r.steady.attemptErrors;
  return `failed status calls: ${failed.length > 0 ? failed.join(', ') : 'none'} (at most ${MAX_FAILED_SHARE * 100}% allowed); failed HTTP attempts in the cycle and steady stretch: ${attempts}`;
}

/** The scenario name of an engine's rows. */
export const scenarioName = (r: EngineResult): string => (r.engine === 'embedded' ? 'tracker-embedded' : `tracker-postgres-${r.instances}`);

/** Every row of one engine's run. */
export function trackerRows(r: EngineResult): Row[] {
  const scenario = scenarioName(r);
  const report: Target = { kind: 'report' };
  const needed = pollsPerSecondNeeded(r.messages, POLLS_PER_DAY) * HEADROOM;
  const rate: Target = { kind: 'min', limit: Number(needed.toFixed(1)), unit: 'polls/s' };
  const failure = ledgerFailure(r);
  const row = (metric: string, unit: string, target: Target, samples: number[], note: string, fails?: string): Row =>
    toRow({ scenario, metric, unit, target, sdkSamples: samples, failure: fails, note });
  const n = fmt(r.messages);
  return [
    row(`adopt ${n} with track()`, 'msg/s', report, [(r.messages / r.fill.ms) * 1000], fillNote(r)),
    row(`start on the ${n} ledger`, 'ms', { kind: 'max', limit: 10_000, unit: 'ms' }, r.startMs, startNote(r)),
    row('RSS after start', 'MB', report, r.rssAfterStartMb, memoryNote(r)),
    row('peak RSS, whole run', 'MB', report, r.maxRssMb, `per process (maxRSS of ${r.instances} process${r.instances > 1 ? 'es' : ''})`),
    row(`first poll of all ${n}`, 's', report, [r.cycle.seconds], cycleNote(r)),
    row('polls/s, first polls', 'polls/s', rate, [r.cycle.pollsPerSecond], `${fmt(r.cycle.polls)} polls; target: ${HEADROOM}x the ${fmt(needed / HEADROOM)}/s that ${n} messages need at ${POLLS_PER_DAY} a day`, failure),
    row('polls/s, steady', 'polls/s', rate, [r.steady.pollsPerSecond], `${steadyNote(r)}; ${failuresNote(r)}`, failure),
    row('statements per poll, steady', 'stmt', report, [r.steady.statementsPerPoll], `steady: ${perKind(r.steady)}; first polls: ${fmt(r.cycle.statementsPerPoll)} (${perKind(r.cycle)})`),
    row('DB ms per poll, steady', 'ms', report, [dbMsPerPoll(r, 'steady')], dbNote(r)),
    row('tracker CPU ms per poll, steady', 'ms', report, [r.steady.cpuMsPerPoll], `all tracker processes, user + system; first polls: ${fmt(r.cycle.cpuMsPerPoll)} ms`),
    row('WAL bytes per poll, steady', 'B', report, [r.steady.walBytesPerPoll], `first polls: ${fmt(r.cycle.walBytesPerPoll)} B`),
  ];
}

/**
 * The database's work per poll: on PGlite the time in its query lock (its
 * CPU, on the tracker's thread); on PostgreSQL the server processes' CPU.
 */
export function dbMsPerPoll(r: EngineResult, which: 'cycle' | 'steady'): number {
  return r.server ? r.server[which].cpuMsPerPoll : r[which].dbMsPerPoll;
}

function fillNote(r: EngineResult): string {
  return `${fmt(r.fill.ms / 1000)} s, ${r.fill.statementsPerTrack.toFixed(2)} statements and ${r.fill.dbMsPerTrack.toFixed(2)} DB ms per track(); set-up, filled while the sandbox was being filled`;
}

function startNote(r: EngineResult): string {
  return `createTracker() + start(), ${r.startMs.length} fresh process${r.startMs.length > 1 ? 'es' : ''}: ${r.startMs.map((ms) => fmt(ms)).join(', ')} ms; createTracker() alone ${fmt(median(r.createMs))} ms (median)`;
}

function memoryNote(r: EngineResult): string {
  const wasm = r.wasmMb ? `; PGlite WASM heap ${fmt(r.wasmMb.afterStart)} MB after start, ${fmt(r.wasmMb.end)} MB at the end` : '';
  return `per process${wasm}`;
}

function cycleNote(r: EngineResult): string {
  const split = r.instances > 1 ? `; polls by instance ${r.pollsByInstance.map(fmt).join(' / ')}` : '';
  return `every message polled once (unknown -> PENDING: history, event, handler), ${r.instances} process${r.instances > 1 ? 'es' : ''}${split}; load average ${r.loadAverage.join(' ')}`;
}

function steadyNote(r: EngineResult): string {
  const followed = messagesFollowed(r.steady.pollsPerSecond, POLLS_PER_DAY);
  return `${fmt(r.steady.polls)} polls in ${fmt(r.steady.seconds)} s, status unchanged; at ${POLLS_PER_DAY} polls a day this follows ${fmt(followed)} messages`;
}

function dbNote(r: EngineResult): string {
  const first = `first polls: ${fmt(dbMsPerPoll(r, 'cycle'))} ms`;
  if (!r.server) return `time in PGlite's query lock: its CPU, on the tracker's own thread; ${first}`;
  const wait = (s: Stretch): string => fmt(s.dbMsPerPoll / s.statementsPerPoll);
  const { cycle, steady } = r.server;
  return (
    `CPU of the server's processes (/proc); ${first}. pg_stat_statements per poll: ${fmt(steady.execMsPerPoll)} ms executing (lock waits included), ` +
    `${fmt(steady.walBytesPerPoll)} WAL bytes (first polls ${fmt(cycle.execMsPerPoll)} ms, ${fmt(cycle.walBytesPerPoll)} B); a statement's mean wait in the tracker (its pool's queue included) ${wait(r.steady)} ms (first polls ${wait(r.cycle)} ms)`
  );
}
