// The notifiers' loop: each notifier delivered from its own place in the
// attention events (kept in the ledger), under a lease so one instance
// delivers for it at a time, a failure retried after a growing pause, and the
// place moved on only after a delivery succeeded: at least once, across
// restarts (decision D-TRACKER-29). It is one of the tracker's loops.
import { describeError } from '../decide/describe-error.js';
import type { DigestAttentionNotifier, EachAttentionNotifier, TrackerNotifier } from '../notify/notifier.js';
import type { TrackerContext } from '../work/context.js';
import type { NextRound } from './polling-loop.js';
import { retryPauseMs } from './retry-pause.js';
import { TrackerLoop } from './tracker-loop.js';
/** Notices per claim: a claim must end well within its lease, and each POST may take its whole timeout. */
const BATCH = 5;

/** Delivers attention to the app's notifiers (see {@link TrackerNotifier}). */
export class NotifierLoop extends TrackerLoop {
  readonly #notifiers: ReadonlyMap<string, TrackerNotifier>;

  constructor(ctx: TrackerContext, notifiers: readonly TrackerNotifier[]) {
    super(ctx, { errorEvent: 'tracker.notifiers-error', errorMessage: 'could not deliver notifications', maxBackoffMs: 30_000 });
    this.#notifiers = new Map(notifiers.map((n) => [n.name, n]));
  }

  /** Delivers what is due for each notifier; pauses until the next is due (at most the idle check). */
  protected async round(): Promise<NextRound> {
    const { store, config } = this.ctx;
    const now = Date.now();
    let pause = config.idleCheckMs;
    let again = false;
    for (const place of await store.notifiers.places([...this.#notifiers.keys()])) {
      const notifier = this.#notifiers.get(place.name);
      if (!notifier || place.lastAttention <= place.lastEventId) continue;
      const dueIn = place.nextAttemptAt.getTime() - now;
      if (dueIn > 0) pause = Math.min(pause, dueIn);
      else again = (await this.#claimAndDeliver(notifier, place.lastAttention.toString())) || again;
    }
    return again ? 'again' : pause;
  }

  /** True when more may be waiting for this notifier at once. */
  async #claimAndDeliver(notifier: TrackerNotifier, lastAttention: string): Promise<boolean> {
    const { store, config } = this.ctx;
    const now = Date.now();
    const claim = await store.notifiers.claim(notifier.name, config.instanceId, new Date(now + config.leaseMs), new Date(now));
    if (!claim) return false;
    try {
      const more = notifier.kind === 'each' ? await this.#each(notifier, claim.lastEventId) : await this.#digest(notifier, claim.lastEventId, lastAttention);
      await store.notifiers.release(notifier.name, config.instanceId);
      return more;
    } catch (error) {
      const pause = retryPauseMs(claim.attempts + 1, config.idleCheckMs);
      config.logger.warn(
        { event: 'tracker.notifier-failed', notifier: notifier.name, attempt: claim.attempts + 1, error: describeError(error) },
        `cdms tracker: notifier "${notifier.name}" failed (${describeError(error)}); trying again in ${pause} ms`,
      );
      await store.notifiers.failed(notifier.name, config.instanceId, describeError(error), new Date(Date.now() + pause));
      return false;
    }
  }

  /** Each notice in order; the place moves after each one delivered. */
  async #each(notifier: EachAttentionNotifier, after: string): Promise<boolean> {
    const { store, config } = this.ctx;
    const notices = await store.notifiers.noticesAfter(after, BATCH);
    for (const notice of notices) {
      await notifier.notify(Object.freeze({ ...notice }));
      await store.notifiers.delivered(notifier.name, config.instanceId, notice.eventId, new Date(), new Date());
    }
    return notices.length === BATCH;
  }

  /** One digest of what is new up to the last attention seen; the next not before `everyMs`. */
  async #digest(notifier: DigestAttentionNotifier, after: string, upTo: string): Promise<boolean> {
    const { store, config } = this.ctx;
    const fresh = await store.notifiers.newAttention(after, upTo);
    if (fresh.total > 0) {
      const waiting = await store.notifiers.waiting();
      await notifier.notify(
        Object.freeze({
          newByReason: fresh.counts,
          newTotal: fresh.total,
          waitingByReason: waiting.counts,
          waitingTotal: waiting.total,
          from: fresh.from,
          until: fresh.until,
        }),
      );
    }
    const now = Date.now();
    await store.notifiers.delivered(notifier.name, config.instanceId, upTo, new Date(now), new Date(now + notifier.everyMs));
    return false;
  }
}
