// What the scenario hands a tracker-ledger child (children/tracker-ledger.ts)
// and what it prints back.

/** One tracker-ledger process's task. */
export interface LedgerArgs {
  mode: 'adopt' | 'open' | 'send' | 'queue' | 'resend';
  /** A directory, or `memory:`. */
  database: string;
  /** The service the tracker's client talks to (the bench's own server; nothing listening in mode `queue`). */
  url: string;
  apiKey: string;
  /** Messages to adopt (mode `adopt`). */
  count: number;
  /** track() calls in flight at a time. */
  concurrency: number;
  /** Seeds the messageIds (tracker-ids.ts). */
  seed: number;
}

/** What one tracker-ledger process measured. */
export interface LedgerResult {
  /** createTracker() on the database as it was. */
  createMs: number;
  /** start() (0 in mode `open`). */
  startMs: number;
  /** The track() calls together (mode `adopt`). */
  adoptMs: number;
  adopted: number;
  /** The tracked send (mode `send`), or from start() to the stored message sent (mode `resend`). */
  sendMs: number;
  /** The main thread's event-loop delay during the send or the resend (monitorEventLoopDelay, 1 ms resolution). */
  loop: { maxMs: number; p99Ms: number; meanMs: number } | null;
  /** The ledger's files after the send and close. */
  files: { count: number; bytes: number } | null;
  /** Peak RSS of the whole process (started through the relay, so its own). */
  maxRssMb: number;
}
