// The counts the stats and the health check read of the ledger.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver, SqlRow } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { TrackedRoute, TrackerStage } from '../model/types.js';
import { date } from './rows.js';
import type { Statements } from './sql.js';

/** A row of the `countsByRoute` statement. */
export interface StageCount {
  route: TrackedRoute;
  stage: TrackerStage;
  status: string | null;
  count: number;
}

/** Aggregates of the `totals` statement. */
export interface Totals {
  attention: number;
  overdue: number;
  unhandledEvents: number;
}

/** The health check's facts from the `healthTotals` statement. */
export interface HealthTotals {
  attention: number;
  overduePolls: number;
  unhandledEvents: number;
  oldestUnhandledEventAt: Date | null;
  /** The end of the latest status-request slot reserved by any instance. */
  lastSlotAt: Date | null;
  /** Notifiers whose last deliveries failed, at least the number asked for in a row. */
  failingNotifiers: FailingNotifier[];
}

/** A notifier whose deliveries keep failing: its name, failures in a row, and the last error (named safely). */
export interface FailingNotifier {
  name: string;
  attempts: number;
  lastError: string | null;
}

/** The counts the stats and the health check read of the ledger. Internal. */
export class TotalsStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Message counts by route, stage and status. */
  async counts(): Promise<StageCount[]> {
    const rows = await this.#db.query(...bind(this.#sql.countsByRoute));
    return rows.map((r) => ({
      route: r.route as TrackedRoute,
      stage: r.stage as TrackerStage,
      status: r.status === '' ? null : String(r.status),
      count: Number(r.n),
    }));
  }

  /** Attention, overdue (due before `overdueBefore`) and unhandled event counts. */
  async totals(overdueBefore: Date): Promise<Totals> {
    const [r] = await this.#db.query(...bind(this.#sql.totals, { before: overdueBefore }));
    return { attention: Number(r?.attention ?? 0), overdue: Number(r?.overdue ?? 0), unhandledEvents: Number(r?.unhandled_events ?? 0) };
  }

  /** The oldest message not yet followed to its end. */
  async oldestUnresolved(): Promise<{ messageId: string; createdAt: Date; stage: TrackerStage } | undefined> {
    const [r] = await this.#db.query(...bind(this.#sql.oldestUnresolved));
    return r ? { messageId: String(r.message_id), createdAt: r.created_at as Date, stage: r.stage as TrackerStage } : undefined;
  }

  /** The health check's counts and times, in one round trip. */
  async healthTotals(overdueBefore: Date, notifierFailures: number): Promise<HealthTotals> {
    const [r] = await this.#db.query(...bind(this.#sql.healthTotals, { before: overdueBefore, failures: notifierFailures }));
    return toHealthTotals(r);
  }
}

/** The health check's row, as either engine answers it, read into its counts and times. Internal. */
export function toHealthTotals(r: SqlRow | undefined): HealthTotals {
  return {
    attention: Number(r?.attention ?? 0),
    overduePolls: Number(r?.overdue ?? 0),
    unhandledEvents: Number(r?.unhandled_events ?? 0),
    oldestUnhandledEventAt: date(r?.oldest_unhandled_at),
    lastSlotAt: date(r?.last_slot),
    failingNotifiers: typeof r?.failing_notifiers === 'string' ? (JSON.parse(r.failing_notifiers) as FailingNotifier[]) : [],
  };
}
