// What the tracker scenario and its tracker processes say to each other:
// the arguments of a process, and the JSON lines it prints.
import type { DbWork } from './db-meter.js';

/** Arguments of bench/children/tracker-instance.ts (one JSON argument). */
export interface InstanceArgs {
  /**
   * `fill` adopts messages and exits; `run` starts the tracker and polls
   * until its stdin closes; `footprint` starts a tracker on the database as it
   * is (a new directory, `memory:`, an existing ledger), fills it when
   * `count` > 0, follows the messages for `followMs`, and closes.
   */
  mode: 'fill' | 'run' | 'footprint';
  engine: 'pglite' | 'postgres';
  /** A directory (PGlite) or a postgres:// URL. */
  database: string;
  /** The sandbox the tracker polls. */
  url: string;
  apiKey: string;
  /** Which messages (see tracker-ids.ts): ids of `[first, first + count)` of `seed`. */
  seed: number;
  first: number;
  count: number;
  /** How many of them `fill` adopts with tracker.track() (timed); the rest are copies of the first (tracker-clone.ts). */
  tracked: number;
  /** When the adopted messages were sent (ISO); long enough ago that each is due at once. */
  sentAt: string;
  /** Parallel `track()` calls while filling. */
  concurrency: number;
  instanceId: string;
  maxPollsPerSecond: number;
  pollIntervalMs: number;
  /** How often a running process reports its counters. */
  tickMs: number;
  /** Count the ledger's unhandled events from the start, until none are left (else only after a set-aside). */
  countEvents?: boolean;
  /** `footprint`: how long the tracker follows the messages after the fill. */
  followMs?: number;
}

/** Cumulative counters of a running tracker process. */
export interface Tick {
  /** Milliseconds since the epoch. */
  at: number;
  /** Status calls answered (the tracker's polls, the client's retries inside). */
  polls: number;
  /** Status calls that failed (each still a poll in the ledger). */
  errors: number;
  /** HTTP attempts that failed, retried or not. */
  attemptErrors: number;
  db: DbWork;
  /** CPU time of the whole process (user + system), ms. */
  cpuMs: number;
  rssMb: number;
  /** PGlite's WASM memory, MB (0 on PostgreSQL). */
  wasmMb: number;
  /** The database's WAL position, bytes. */
  walBytes: number;
  /** The ledger's unhandled events while this process watches them (after a set-aside, or from the start with countEvents), else 0. */
  unhandledEvents: number;
}

/** What the scenario can ask of a running process, one JSON line each on its stdin (closing stdin stops it). */
export type InstanceCommand = { command: 'set-aside' };

/** The lines a process prints, one JSON object each. */
export type InstanceLine =
  /** ms and db: the tracked messages only; cloneMs: the copies made after them. */
  | { phase: 'filled'; ms: number; tracked: number; cloned: number; cloneMs: number; db: DbWork; rssMb: number; wasmMb: number }
  /** Answer to `set-aside`: the messages never polled, now due a day later (rows), and how long it took. */
  | { phase: 'set-aside'; rows: number; ms: number }
  /** createMs: `createTracker()` (open, migrate); startMs: `start()`. */
  | { phase: 'started'; createMs: number; startMs: number; tick: Tick }
  | { phase: 'tick'; tick: Tick }
    /** errorKinds: failed status calls by error class; attemptErrorKinds: failed HTTP attempts (retried or not) by answer or network error code. */
  | {
      phase: 'closed';
      closeMs: number;
      maxRssMb: number;
      polls: number;
      errors: number;
      errorKinds: Record<string, number>;
      attemptErrorKinds: Record<string, number>;
    };
