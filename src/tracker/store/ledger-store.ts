// What the rest of the tracker calls on its ledger, whichever engine holds
// it: the PostgreSQL store (store.ts, its statements in sql.ts) and the
// SQLite store (sqlite/store.ts) each give all of it, so the same tracker
// and the same tests run on both (D-TRACKER-35).
import type { NotifierStore } from './notifier-store.js';
import type { WriteFault } from './sqlite/connection.js';
import type { TrackerStore } from './store.js';

/** The notifiers' places and the reads they deliver from, on either engine. Internal. */
export type NotifierLedger = { [K in keyof NotifierStore]: NotifierStore[K] };

/** The tracker's ledger, on either engine: the PostgreSQL store's public members. Internal. */
export type LedgerStore = { [K in Exclude<keyof TrackerStore, 'notifiers'>]: TrackerStore[K] } & {
  readonly notifiers: NotifierLedger;
  /** The write the disk last refused (the embedded ledger's own disk; PostgreSQL says so through its errors). */
  writeFault?(): Promise<WriteFault | null>;
};
