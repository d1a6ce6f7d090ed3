import type { TrackerStore } from '../store/store.js';

/**
 * The status-request budget every instance on one database shares: each
 * request takes a slot `1000 / maxPollsPerSecond` ms after the previous one
 * (a virtual schedule kept in one row), so the instances together never
 * exceed the rate, whatever their number.
 */
export class RequestBudget {
  readonly #store: TrackerStore;
  readonly #spacingMs: number;

  constructor(store: TrackerStore, maxPerSecond: number) {
    this.#store = store;
    this.#spacingMs = 1000 / maxPerSecond;
  }

  /** Reserves `count` slots; returns their times (ms since the epoch), in order. */
  async reserve(count: number, now = Date.now()): Promise<number[]> {
    if (count <= 0) return [];
    const first = await this.#store.reserveSlots('status-requests', new Date(now), count, this.#spacingMs);
    return Array.from({ length: count }, (_, i) => first + i * this.#spacingMs);
  }
}
