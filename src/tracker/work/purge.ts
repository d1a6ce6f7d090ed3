// Retention's step: settled messages older than the period deleted with their
// history and events, a small batch at a time so that polls and sends are
// never held up for long; then, on the embedded engine (which has no
// autovacuum), the space they held made reusable. The background loop runs a
// batch per round (runtime/retention.ts); `cdms track purge` runs them all.
import type { Purged } from '../store/store.js';
import type { LedgerStore } from '../store/ledger-store.js';

/** Messages deleted per statement: small enough that one batch holds the database for milliseconds. */
export const PURGE_BATCH = 200;

/** What a purge deleted, in all. */
export type PurgeResult = Purged;

/**
 * Deletes every settled message last changed before `before`, a batch at a
 * time, then vacuums when asked (the embedded engine) and something was
 * deleted.
 */
export async function purgeAll(store: LedgerStore, before: Date, options: { vacuum: boolean }): Promise<PurgeResult> {
  const total: PurgeResult = { messages: 0, histories: 0, events: 0 };
  for (;;) {
    const batch = await store.purgeSettled(before, new Date(), PURGE_BATCH);
    total.messages += batch.messages;
    total.histories += batch.histories;
    total.events += batch.events;
    if (batch.messages < PURGE_BATCH) break;
  }
  if (options.vacuum && total.messages > 0) await store.vacuum();
  return total;
}
