import { describe, expect, it } from 'vitest';
import type { SqlDriver, SqlRow } from '../../src/tracker/db/driver.js';
import { TrackerStore } from '../../src/tracker/store/store.js';
import { RequestBudget } from '../../src/tracker/work/budget.js';

/**
 * The budget row over a driver that answers each reservation after
 * `delayMs`, as a busy database does: keeps the row's next free slot as
 * PostgreSQL's `greatest(next_slot, now) + count * spacing` would.
 */
function slowBudgetDriver(delayMs: number): { driver: SqlDriver; reservations: () => number } {
  let nextSlot = 0;
  let reservations = 0;
  const driver: SqlDriver = {
    engine: 'pglite',
    async query<R extends SqlRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      if (!sql.includes('budget')) throw new Error(`unexpected statement: ${sql}`);
      reservations++;
      const [, now, count, spacing] = params as [string, Date, number, number];
      nextSlot = Math.max(nextSlot, now.getTime()) + count * spacing;
      const row = { next_slot: new Date(nextSlot) };
      await new Promise((r) => setTimeout(r, delayMs));
      return [row as unknown as R];
    },
    transaction: (work) => work(driver),
    close: () => Promise.resolve(),
  };
  return { driver, reservations: () => reservations };
}

describe('tracker request budget', () => {
  it('waitTurn: a slot on time is used as it is, with no new reservation', async () => {
    const { driver, reservations } = slowBudgetDriver(0);
    const budget = new RequestBudget(new TrackerStore(driver, 'cdms_tracker'), 10);
    const [slot] = await budget.reserve(1);
    expect(await budget.waitTurn(slot!, new AbortController().signal)).toBe(true);
    expect(reservations()).toBe(1);
  });

  it('waitTurn: a slot the process was stalled past is given up for a new one', async () => {
    const { driver, reservations } = slowBudgetDriver(0);
    const budget = new RequestBudget(new TrackerStore(driver, 'cdms_tracker'), 10);
    const started = Date.now();
    expect(await budget.waitTurn(started - 5_000, new AbortController().signal)).toBe(true);
    expect(reservations()).toBe(1);
    // The new slot is now or later, never in the stalled past.
    expect(Date.now()).toBeGreaterThanOrEqual(started);
  });

  it('waitTurn: a new slot made late by a slow database is used, not retaken again', async () => {
    // Every reservation takes longer than the lateness allowed (25 ms at 1,000 a second).
    const { driver, reservations } = slowBudgetDriver(80);
    const budget = new RequestBudget(new TrackerStore(driver, 'cdms_tracker'), 1_000);
    expect(await budget.waitTurn(Date.now() - 1_000, new AbortController().signal)).toBe(true);
    expect(reservations()).toBe(1);
  });

  it('waitTurn: false when stopped while waiting for the slot', async () => {
    const { driver } = slowBudgetDriver(0);
    const budget = new RequestBudget(new TrackerStore(driver, 'cdms_tracker'), 10);
    const stop = new AbortController();
    const turn = budget.waitTurn(Date.now() + 60_000, stop.signal);
    stop.abort();
    expect(await turn).toBe(false);
  });
});
