// The status-request rate every instance on one database shares, kept in
// the database itself (one row), so adding instances never adds requests.
import type { LedgerStore } from '../store/ledger-store.js';
import type { RequestSlots } from '../work/context.js';
import { waitUntil } from './waker.js';

/**
 * The status-request budget every instance on one database shares: each
 * request takes a slot `1000 / maxPollsPerSecond` ms after the previous one
 * (a virtual schedule kept in one row), so the instances together never
 * exceed the rate, whatever their number.
 */
export class RequestBudget implements RequestSlots {
  readonly #store: Pick<LedgerStore, 'reserveSlots'>;
  readonly #spacingMs: number;
  readonly #lateMs: number;
  /** The late requests of this turn of the event loop waiting for their new slots (see {@link RequestBudget.#retake}). */
  #retaking: { count: number; slots: Promise<number[]> } | undefined;

  constructor(store: Pick<LedgerStore, 'reserveSlots'>, maxPerSecond: number) {
    this.#store = store;
    this.#spacingMs = 1000 / maxPerSecond;
    this.#lateMs = Math.max(this.#spacingMs, 25);
  }

  /** Reserves `count` slots; returns their times (ms since the epoch), in order. */
  async reserve(count: number, now = Date.now()): Promise<number[]> {
    if (count <= 0) return [];
    const first = await this.#store.reserveSlots('status-requests', new Date(now), count, this.#spacingMs);
    return Array.from({ length: count }, (_, i) => first + i * this.#spacingMs);
  }

  /**
   * Waits for a slot's time. When the process was stalled past it (a long
   * pause, a busy machine), the slot is given up for a new one rather than
   * used late: late requests would otherwise leave together, over the rate.
   * False when `signal` fired first.
   */
  async waitTurn(slot: number, signal: AbortSignal): Promise<boolean> {
    let turn = slot;
    for (let retakes = 0; ; retakes++) {
      if (!(await waitUntil(turn, signal))) return false;
      if (Date.now() - turn <= this.#lateMs || retakes >= 5) return true;
      turn = await this.#retake();
    }
  }

  /**
   * A new slot for a late request. A stall makes many requests late at
   * once (their timers fire together): those of one turn of the event loop
   * share one reservation of consecutive slots, the same slots as one
   * reservation each, without a statement each (decision D-TRACKER-42).
   */
  #retake(): Promise<number> {
    let batch = this.#retaking;
    if (!batch) {
      const joining = { count: 0, slots: Promise.resolve<number[]>([]) };
      joining.slots = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.#retaking = undefined;
        return this.reserve(joining.count);
      });
      batch = this.#retaking = joining;
    }
    const place = batch.count++;
    return batch.slots.then((slots) => slots[place] ?? Date.now());
  }
}
