// The retention loop: settled messages older than `keepSettledForMs` deleted
// with their history and events (D-TRACKER-15), one small batch per round,
// a short pause between full batches, then a pause until the next check. On
// the embedded engine the space is made reusable once a pass is done. It
// runs on the PollingLoop, beside the due-work and event loops.
import { describeError } from '../describe-error.js';
import { isPostgresUrl } from '../db/open.js';
import { PURGE_BATCH } from '../work/purge.js';
import type { TrackerContext } from '../work/context.js';
import { PollingLoop, type LoopStatus, type NextRound } from './polling-loop.js';

/** Between two full batches: polls and sends go first. */
const PAUSE_BETWEEN_BATCHES_MS = 500;
/** The longest pause between checks. */
const MAX_CHECK_MS = 3_600_000;

/** Deletes settled messages past the retention period in the background. Internal. */
export class Retention {
  readonly #ctx: TrackerContext;
  readonly #loop: PollingLoop;
  readonly #embedded: boolean;
  #deletedSinceVacuum = 0;

  constructor(ctx: TrackerContext) {
    this.#ctx = ctx;
    const { config } = ctx;
    this.#embedded = typeof config.database === 'string' && !isPostgresUrl(config.database);
    this.#loop = new PollingLoop({
      round: () => this.#round(),
      onError: (error) => config.logger.error({ event: 'tracker.retention-error', error: describeError(error) }, 'cdms tracker: could not delete settled messages; retrying'),
      backoffMs: config.idleCheckMs,
      maxBackoffMs: 60_000,
    });
  }

  /** How often the ledger is checked once a pass is done: a tenth of the period, at most an hour. */
  get checkEveryMs(): number {
    const { keepSettledForMs, idleCheckMs } = this.#ctx.config;
    return Math.min(MAX_CHECK_MS, Math.max(idleCheckMs, Math.floor(keepSettledForMs / 10)));
  }

  /** Starts the loop (once); with `keepSettledForMs` Infinity nothing is ever deleted and no loop runs. */
  start(): void {
    if (Number.isFinite(this.#ctx.config.keepSettledForMs)) this.#loop.start();
  }

  /** What the loop is doing, for the health check. */
  status(): LoopStatus {
    return this.#loop.status(describeError);
  }

  /** Stops after the batch under way. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  async #round(): Promise<NextRound> {
    const { store, config } = this.#ctx;
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
