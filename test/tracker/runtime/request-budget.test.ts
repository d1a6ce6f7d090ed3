import { describe, expect, it } from 'vitest';
import { RequestBudget } from '../../../src/tracker/runtime/request-budget.js';

/** The budget's row as the stores keep it: the next free slot, each reservation recorded by its count. */
function budgetRow() {
  let next = 0;
  const reservations: number[] = [];
  return {
    reservations,
    store: {
      reserveSlots(_name: string, now: Date, count: number, spacingMs: number): Promise<number> {
        reservations.push(count);
        const first = Math.max(next, now.getTime());
        next = first + count * spacingMs;
        return Promise.resolve(first);
      },
    },
  };
}

describe('RequestBudget.waitTurn', () => {
  it('uses a slot on time as it is', async () => {
    const { store, reservations } = budgetRow();
    const budget = new RequestBudget(store, 100);
    expect(await budget.waitTurn(Date.now() + 20, new AbortController().signal)).toBe(true);
    expect(reservations).toEqual([]);
  });

  it('gives up a slot the process was stalled past for a new one', async () => {
    const { store, reservations } = budgetRow();
    const budget = new RequestBudget(store, 100);
    expect(await budget.waitTurn(Date.now() - 1_000, new AbortController().signal)).toBe(true);
    expect(reservations[0]).toBe(1);
  });

  it('gives the requests made late together one reservation, a slot each, still spaced by the rate', async () => {
    const { store, reservations } = budgetRow();
    // 100 a second: a slot every 10 ms.
    const budget = new RequestBudget(store, 100);
    const stalled = Date.now() - 1_000;
    const started = Date.now();
    const done: number[] = [];
    const turns = Array.from({ length: 20 }, (_, i) => budget.waitTurn(stalled + i * 10, new AbortController().signal).then((ok) => (done.push(Date.now()), ok)));
    expect(await Promise.all(turns)).toEqual(Array.from({ length: 20 }, () => true));
    // One statement for the twenty, not one each (a stall can make more late after it: those come later).
    expect(reservations[0]).toBe(20);
    expect(reservations.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(20);
    // Each had its own slot: the last left at least 19 slots after the first new one (timers never fire early by more than a tick).
    expect(Math.max(...done) - started).toBeGreaterThanOrEqual(19 * 10 - 2);
  });

  it('answers false when stopped while waiting for a new slot', async () => {
    const { store } = budgetRow();
    const budget = new RequestBudget(store, 1);
    const stop = new AbortController();
    // Five late turns of one second each: the first new slot is now, the fifth four seconds on.
    const turns = Array.from({ length: 5 }, () => budget.waitTurn(Date.now() - 10_000, stop.signal));
    setTimeout(() => stop.abort(), 50);
    const answers = await Promise.all(turns);
    expect(answers.filter((ok) => !ok).length).toBeGreaterThanOrEqual(3);
  });
});
