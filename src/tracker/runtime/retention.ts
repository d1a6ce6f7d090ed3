// The retention loop: settled messages older than `keepSettledForMs` deleted
// with their history and events (D-TRACKER-15), one small batch per round,
// a short pause between full batches, then a pause until the next check. On
// the embedded engine the space is made reusable once a pass is done. It
// is one of the tracker's loops, beside the due-work and event loops.
import { isPostgresUrl } from '../db/open.js';
import { PURGE_BATCH } from '../work/purge.js';
import type { TrackerContext } from '../work/context.js';
import type { NextRound } from './polling-loop.js';
import { TrackerLoop } from './tracker-loop.js';

/** Between two full batches: polls and sends go first. */
const PAUSE_BETWEEN_BATCHES_MS = 500;
/** The longest pause between checks. */
const MAX_CHECK_MS = 3_600_000;

/** Deletes settled messages past the retention period in the background. Internal. */
export class Retention extends TrackerLoop {
  readonly #embedded: boolean;
  #deletedSinceVacuum = 0;

  constructor(ctx: TrackerContext) {
    super(ctx, { errorEvent: 'tracker.retention-error', errorMessage: 'could not delete settled messages', maxBackoffMs: 60_000 });
    const { database } = ctx.config;
    this.#embedded = typeof database === 'string' && !isPostgresUrl(database);
  }

  /** How often the ledger is checked once a pass is done: a tenth of the period, at most an hour. */
  get checkEveryMs(): number {
    const { keepSettledForMs, idleCheckMs } = this.ctx.config;
    return Math.min(MAX_CHECK_MS, Math.max(idleCheckMs, Math.floor(keepSettledForMs / 10)));
  }

  /** Starts the loop (once); with `keepSettledForMs` Infinity nothing is ever deleted and no loop runs. */
  override start(): void {
    if (Number.isFinite(this.ctx.config.keepSettledForMs)) super.start();
  }

  /** Deletes one batch; pauses briefly after a full one, until the next check after the last. */
  protected async round(): Promise<NextRound> {
    const { store, config } = this.ctx;
    const now = Date.now();
    const batch = await store.purgeSettled(new Date(now - config.keepSettledForMs), new Date(now), PURGE_BATCH);
    if (batch.messages > 0) {
      this.#deletedSinceVacuum += batch.messages;
      config.logger.info(
        { event: 'tracker.purged', messages: batch.messages, histories: batch.histories, events: batch.events },
        `cdms tracker: deleted ${batch.messages} settled messages older than the retention period`,
      );
    }
    if (batch.messages === PURGE_BATCH) return PAUSE_BETWEEN_BATCHES_MS;
    if (this.#embedded && this.#deletedSinceVacuum > 0) {
      await store.vacuum();
      this.#deletedSinceVacuum = 0;
    }
    return this.checkEveryMs;
  }
}
