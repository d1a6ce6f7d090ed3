// The notifiers' loop: each notifier delivered from its own place in the
// attention events (kept in the ledger), under a lease so one instance
// delivers for it at a time, a failure retried after a growing pause, and the
// place moved on only after a delivery succeeded: at least once, across
// restarts (decision D-TRACKER-29). It runs on the PollingLoop.
import { describeError } from '../describe-error.js';
import type { DigestAttentionNotifier, EachAttentionNotifier, TrackerNotifier } from '../notify/notifier.js';
import type { TrackerContext } from '../work/context.js';
import { PollingLoop, type NextRound } from './polling-loop.js';

const MAX_RETRY_PAUSE_MS = 300_000;
/** Notices per claim: a claim must end well within its lease, and each POST may take its whole timeout. */
const BATCH = 5;

/** Delivers attention to the app's notifiers (see {@link TrackerNotifier}). */
export class NotifierLoop {
  readonly #ctx: TrackerContext;
  readonly #notifiers: ReadonlyMap<string, TrackerNotifier>;
  readonly #loop: PollingLoop;

  constructor(ctx: TrackerContext, notifiers: readonly TrackerNotifier[]) {
    this.#ctx = ctx;
    this.#notifiers = new Map(notifiers.map((n) => [n.name, n]));
    const { config } = ctx;
    this.#loop = new PollingLoop({
      round: () => this.#round(),
      onError: (error) => config.logger.error({ event: 'tracker.notifiers-error', error: describeError(error) }, 'cdms tracker: could not deliver notifications; retrying'),
      backoffMs: config.idleCheckMs,
      maxBackoffMs: 30_000,
    });
  }

  /** Starts delivering (once). */
  start(): void {
    this.#loop.start();
  }

  /** Looks for new attention now. */
  wake(): void {
    this.#loop.wake();
  }

  /** Stops after the deliveries under way. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** Delivers what is due for each notifier; pauses until the next is due (at most the idle check). */
  async #round(): Promise<NextRound> {
    const { store, config } = this.#ctx;
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
    const { store, config } = this.#ctx;
    const now = Date.now();
    const claim = await store.notifiers.claim(notifier.name, config.instanceId, new Date(now + config.leaseMs), new Date(now));
    if (!claim) return false;
    try {
      const more = notifier.kind === 'each' ? await this.#each(notifier, claim.lastEventId) : await this.#digest(notifier, claim.lastEventId, lastAttention);
      await store.notifiers.release(notifier.name, config.instanceId);
      return more;
    } catch (error) {
      const pause = Math.min(MAX_RETRY_PAUSE_MS, config.idleCheckMs * 2 ** Math.min(claim.attempts + 1, 20));
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
    const { store, config } = this.#ctx;
    const notices = await store.notifiers.noticesAfter(after, BATCH);
    for (const notice of notices) {
      await notifier.notify(Object.freeze({ ...notice }));
      await store.notifiers.delivered(notifier.name, config.instanceId, notice.eventId, new Date(), new Date());
    }
    return notices.length === BATCH;
  }

  /** One digest of what is new up to the last attention seen; the next not before `everyMs`. */
  async #digest(notifier: DigestAttentionNotifier, after: string, upTo: string): Promise<boolean> {
    const { store, config } = this.#ctx;
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
