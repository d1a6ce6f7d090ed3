// The heartbeat of an instance on a PostgreSQL ledger (decision
// D-TRACKER-20): its row in `instances`, rewritten every HEARTBEAT_MS by the
// database's clock, is how the others know it is alive. When it stops (the
// process was killed, its host lost), its leases are free within
// DEAD_AFTER_MS, not at their end: a restart resumes an in-flight send within
// seconds. A clean stop removes the row. It runs on the PollingLoop, so a
// database that is down is retried with back-off and never ends it.
import { HEARTBEAT_MS } from '../model/liveness.js';
import type { TrackerContext } from '../work/context.js';
import { describeError } from '../decide/describe-error.js';
import { PollingLoop, type LoopStatus } from './polling-loop.js';

/** An instance's heartbeat, from its creation to its close. Internal. */
export class Heartbeat {
  readonly #ctx: TrackerContext;
  readonly #loop: PollingLoop;

  constructor(ctx: TrackerContext) {
    this.#ctx = ctx;
    const { config, store } = ctx;
    this.#loop = new PollingLoop({
      round: async () => {
        await store.heartbeat(config.instanceId);
        return HEARTBEAT_MS;
      },
      onError: (error, failures) =>
        config.logger.warn(
          { event: 'tracker.heartbeat-failed', error: error instanceof Error ? error.name : typeof error, failures },
          'cdms tracker: could not write this instance\'s heartbeat (the database is unavailable); retrying. After 10 s without one, ' +
            'other instances take over its work.',
        ),
      backoffMs: HEARTBEAT_MS / 8,
      maxBackoffMs: HEARTBEAT_MS,
    });
  }

  /** Writes the first beat (so the instance is known alive before its first lease) and starts the loop. */
  async start(): Promise<void> {
    await this.#ctx.store.heartbeat(this.#ctx.config.instanceId);
    this.#loop.start();
  }

  /** What the loop is doing, for the health check. */
  status(): LoopStatus {
    return this.#loop.status(describeError);
  }

  /** Stops beating and removes the instance's row: it holds nothing any more. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.#ctx.store.leave(this.#ctx.config.instanceId).catch(() => undefined);
  }
}
