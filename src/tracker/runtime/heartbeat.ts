// The heartbeat of an instance on a PostgreSQL ledger (decision
// D-TRACKER-20): its row in `instances`, rewritten every HEARTBEAT_MS by the
// database's clock, is how the others know it is alive. When it stops (the
// process was killed, its host lost), its leases are free within
// DEAD_AFTER_MS, not at their end: a restart resumes an in-flight send within
// seconds. A clean stop removes the row. It is a TrackerLoop like every other
// loop, so a database that is down is retried with back-off and never ends it.
import { HEARTBEAT_MS } from '../model/liveness.js';
import type { TrackerContext } from '../work/context.js';
import { TrackerLoop } from './tracker-loop.js';

/** An instance's heartbeat, from its creation to its close. Internal. */
export class Heartbeat extends TrackerLoop {
  constructor(ctx: TrackerContext) {
    const { logger } = ctx.config;
    super(ctx, {
      onError: (error, failures) =>
        logger.warn(
          { event: 'tracker.heartbeat-failed', error: error instanceof Error ? error.name : typeof error, failures },
          'cdms tracker: could not write this instance\'s heartbeat (the database is unavailable); retrying. After 10 s without one, ' +
            'other instances take over its work.',
        ),
      backoffMs: HEARTBEAT_MS / 8,
      maxBackoffMs: HEARTBEAT_MS,
    });
  }

  protected async round(): Promise<number> {
    await this.ctx.store.heartbeat(this.ctx.config.instanceId);
    return HEARTBEAT_MS;
  }

  /**
   * Writes the first beat (so the instance is known alive before its first
   * lease; a database that refuses it fails the tracker's creation) and
   * starts the loop. Used instead of `start()`.
   */
  async begin(): Promise<void> {
    await this.ctx.store.heartbeat(this.ctx.config.instanceId);
    super.start();
  }

  /** Stops beating and removes the instance's row: it holds nothing any more. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.ctx.store.leave(this.ctx.config.instanceId).catch(() => undefined);
  }
}
