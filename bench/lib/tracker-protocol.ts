// What the tracker scenario and its tracker processes say to each other:
// the arguments of a process, and the JSON lines it prints.
import type { DbWork } from './db-meter.js';

/** Arguments of bench/children/tracker-instance.ts (one JSON argument). */
export interface InstanceArgs {
  /** `fill` adopts messages and exits; `run` starts the tracker and polls until its stdin closes. */
  mode: 'fill' | 'run';
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
  /** When the adopted messages were sent (ISO); long enough ago that each is due at once. */
  sentAt: string;
  /** Parallel `track()` calls while filling. */
  concurrency: number;
  instanceId: string;
  maxPollsPerSecond: number;
  pollIntervalMs: number;
  /** How often a running process reports its counters. */
  tickMs: number;
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
}

/** The lines a process prints, one JSON object each. */
export type InstanceLine =
  | { phase: 'filled'; ms: number; tracked: number; db: DbWork; rssMb: number; wasmMb: number }
  /** createMs: `createTracker()` (open, migrate); startMs: `start()`. */
  | { phase: 'started'; createMs: number; startMs: number; tick: Tick }
  | { phase: 'tick'; tick: Tick }
  | { phase: 'closed'; closeMs: number; maxRssMb: number; polls: number; errors: number; errorKinds: Record<string, number> };
