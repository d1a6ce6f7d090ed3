import type { TrackerStore } from '../store/store.js';
import { waitUntil } from './waker.js';

/**
 * The status-request budget every instance on one database shares: each
 * request takes a slot `1000 / maxPollsPerSecond` ms after the previous one
 * (a virtual schedule kept in one row), so the instances together never
 * exceed the rate, whatever their number.
 */
export class RequestBudget {
  readonly #store: TrackerStore;
  readonly #spacingMs: number;
  readonly #lateMs: number;

  constructor(store: TrackerStore, maxPerSecond: number) {
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
   * The new slot is used even if its own reservation made it late: those
   * return one by one as the database grants them, so they cannot bunch, and
   * retaking again would only add database work where the database is
   * already what holds the requests back. False when `signal` fired first.
   */
  async waitTurn(slot: number, signal: AbortSignal): Promise<boolean> {
    if (!(await waitUntil(slot, signal))) return false;
    if (Date.now() - slot <= this.#lateMs) return true;
    const [retaken = Date.now()] = await this.reserve(1);
    return waitUntil(retaken, signal);
  }
}
