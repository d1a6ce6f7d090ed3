// The tracker scenario's arithmetic: the counters of several tracker
// processes added up, and the work of a stretch of polling divided by its
// polls. Pure, checked by test/bench.
import type { StatementWork } from './db-meter.js';
import type { Tick } from './tracker-protocol.js';

/** The counters of every process together at one moment. */
export interface Totals {
  /** The moment, ms since the epoch. */
  at: number;
  polls: number;
  errors: number;
  attemptErrors: number;
  statements: number;
  dbMs: number;
  cpuMs: number;
  /** The WAL position (one database for every process: the furthest seen). */
  walBytes: number;
  /** Unhandled events (one database: the most any watching process saw). */
  unhandledEvents: number;
  byKind: Record<string, StatementWork>;
}

/**
 * Adds up the processes' latest counters. `at` is the earliest of their
 * times for the start of a stretch (polling began with the first process)
 * and the latest for its end.
 */
export function sumTicks(ticks: readonly Tick[], at: 'earliest' | 'latest'): Totals {
  if (ticks.length === 0) throw new RangeError('no counters to add up');
  const byKind: Record<string, StatementWork> = {};
  for (const t of ticks) {
    for (const [label, w] of Object.entries(t.db.byKind)) {
      const sum = (byKind[label] ??= { count: 0, ms: 0 });
      sum.count += w.count;
      sum.ms += w.ms;
    }
  }
  const times = ticks.map((t) => t.at);
  const add = (pick: (t: Tick) => number): number => ticks.reduce((sum, t) => sum + pick(t), 0);
  return {
    at: at === 'earliest' ? Math.min(...times) : Math.max(...times),
    polls: add((t) => t.polls),
    errors: add((t) => t.errors),
    attemptErrors: add((t) => t.attemptErrors),
    statements: add((t) => t.db.statements),
    dbMs: add((t) => t.db.ms),
    cpuMs: add((t) => t.cpuMs),
    walBytes: Math.max(...ticks.map((t) => t.walBytes)),
    unhandledEvents: Math.max(...ticks.map((t) => t.unhandledEvents)),
    byKind,
  };
}

/** A stretch of polling, per poll. */
export interface Stretch {
  polls: number;
  errors: number;
  /** Failed HTTP attempts, including those the client retried with success. */
  attemptErrors: number;
  seconds: number;
  pollsPerSecond: number;
  statementsPerPoll: number;
  /** Milliseconds in database statements per poll (see db-meter.ts for what they are on each engine). */
  dbMsPerPoll: number;
  /** CPU of the tracker processes per poll (HTTP, JSON, logic and, on PGlite, the database). */
  cpuMsPerPoll: number;
  walBytesPerPoll: number;
  /** Statements of each kind per poll, most frequent first. */
  byKindPerPoll: { kind: string; perPoll: number; msPerPoll: number }[];
}

/** The work between two totals, divided by the polls made in between. */
export function stretch(from: Totals, to: Totals): Stretch {
  const polls = to.polls - from.polls;
  if (polls <= 0) throw new RangeError('no polls in this stretch');
  const seconds = (to.at - from.at) / 1000;
  const byKindPerPoll = Object.entries(to.byKind)
    .map(([kind, w]) => {
      const before = from.byKind[kind] ?? { count: 0, ms: 0 };
      return { kind, perPoll: (w.count - before.count) / polls, msPerPoll: (w.ms - before.ms) / polls };
    })
    .filter((k) => k.perPoll > 0)
    .sort((a, b) => b.perPoll - a.perPoll);
  return {
    polls,
    errors: to.errors - from.errors,
    attemptErrors: to.attemptErrors - from.attemptErrors,
    seconds,
    pollsPerSecond: polls / seconds,
    statementsPerPoll: (to.statements - from.statements) / polls,
    dbMsPerPoll: (to.dbMs - from.dbMs) / polls,
    cpuMsPerPoll: (to.cpuMs - from.cpuMs) / polls,
    walBytesPerPoll: (to.walBytes - from.walBytes) / polls,
    byKindPerPoll,
  };
}

/** Status requests a second needed to follow `inFlight` messages at `pollsPerDay` each. */
export function pollsPerSecondNeeded(inFlight: number, pollsPerDay: number): number {
  return (inFlight * pollsPerDay) / 86_400;
}

/** Messages that can be followed at `pollsPerDay` each with `pollsPerSecond`. */
export function messagesFollowed(pollsPerSecond: number, pollsPerDay: number): number {
  return (pollsPerSecond * 86_400) / pollsPerDay;
}
