// The counts the stats and the health check read of the SQLite ledger, and
// the write its disk last refused.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { TrackedRoute, TrackerStage } from '../../model/types.js';
import { date } from '../rows.js';
import type { HealthTotals, StageCount, Totals } from '../store.js';
import { toHealthTotals } from '../totals-store.js';
import type { SqliteConnection, WriteFault } from './connection.js';
import { MESSAGES } from './sql.js';

/** The counts the stats and the health check read of the SQLite ledger, and the write its disk last refused. Internal. */
export class SqliteTotalsStore {
  readonly #c: SqliteConnection;

  constructor(c: SqliteConnection) {
    this.#c = c;
  }

  async counts(): Promise<StageCount[]> {
    return this.#c.all(MESSAGES.counts).map((r) => ({
      route: r.route as TrackedRoute,
      stage: r.stage as TrackerStage,
      status: r.status === '' ? null : String(r.status),
      count: Number(r.n),
    }));
  }

  async totals(overdueBefore: Date): Promise<Totals> {
    const r = this.#c.get(MESSAGES.totals, { before: overdueBefore });
    return { attention: Number(r?.attention ?? 0), overdue: Number(r?.overdue ?? 0), unhandledEvents: Number(r?.unhandled_events ?? 0) };
  }

  async oldestUnresolved(): Promise<{ messageId: string; createdAt: Date; stage: TrackerStage } | undefined> {
    const r = this.#c.get(MESSAGES.oldestUnresolved);
    return r ? { messageId: String(r.message_id), createdAt: date(r.created_at) ?? new Date(0), stage: r.stage as TrackerStage } : undefined;
  }

  async writeFault(): Promise<WriteFault | null> {
    return this.#c.writeFault();
  }

  async healthTotals(overdueBefore: Date, notifierFailures: number): Promise<HealthTotals> {
    const r = this.#c.get(MESSAGES.healthTotals, { before: overdueBefore, failures: notifierFailures });
    return toHealthTotals(r);
  }
}
