// The status-request budget on SQLite, kept in one row.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { SqliteConnection } from './connection.js';
import { BUDGET } from './sql.js';

/** The status-request budget on SQLite, kept in one row. Internal. */
export class SqliteBudgetStore {
  readonly #c: SqliteConnection;

  constructor(c: SqliteConnection) {
    this.#c = c;
  }

  async reserveSlots(name: string, now: Date, count: number, spacingMs: number): Promise<number> {
    const row = this.#c.get(BUDGET.reserve, { name, now, count, spacing: spacingMs });
    return Number(row?.next_slot ?? now.getTime()) - count * spacingMs;
  }
}
