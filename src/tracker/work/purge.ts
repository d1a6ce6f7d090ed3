// Retention's step: settled messages older than the period deleted with their
// history and events, a small batch at a time so that polls and sends are
// never held up for long; then, on the embedded engine (which has no
// autovacuum), the space they held made reusable. The background loop runs a
// batch per round (runtime/retention.ts); `cdms track purge` runs them all.
import type { Purged, TrackerStore } from '../store/store.js';

/** Messages deleted per statement: small enough that one batch holds the database for milliseconds. */
export const PURGE_BATCH = 200;

/** What a purge deleted, in all. */
export interface PurgeResult {
  /** Messages deleted. */
  messages: number;
  /** Their history rows. */
  histories: number;
  /** Their events. */
  events: number;
}

/** Adds one batch's counts to a total. */
export function addPurged(total: PurgeResult, batch: Purged): PurgeResult {
  return { messages: total.messages + batch.messages, histories: total.histories + batch.histories, events: total.events + batch.events };
}

/**
 * Deletes every settled message last changed before `before`, a batch at a
 * time, then vacuums when asked (the embedded engine) and something was
 * deleted. `pauseMs` between full batches leaves the database to other work.
 */
export async function purgeAll(store: TrackerStore, before: Date, options: { vacuum: boolean; pauseMs?: number }): Promise<PurgeResult> {
  let total: PurgeResult = { messages: 0, histories: 0, events: 0 };
  for (;;) {
    const batch = await store.purgeSettled(before, new Date(), PURGE_BATCH);
    total = addPurged(total, batch);
    if (batch.messages < PURGE_BATCH) break;
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  }
  if (options.vacuum && total.messages > 0) await store.vacuum();
  return total;
}
