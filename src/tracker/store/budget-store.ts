// The status-request budget every instance shares, kept in one row.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { Statements } from './sql.js';

/** The status-request budget every instance shares, kept in one row. Internal. */
export class BudgetStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Reserves `count` slots `spacingMs` apart in the shared budget; returns the first slot's time (ms). */
  async reserveSlots(name: string, now: Date, count: number, spacingMs: number): Promise<number> {
    const [row] = await this.#db.query<{ next_slot: Date }>(...bind(this.#sql.reserveSlots, { name, now, count, spacing: spacingMs }));
    return (row?.next_slot.getTime() ?? now.getTime()) - count * spacingMs;
  }
}
