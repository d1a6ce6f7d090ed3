// The event-delivery loop: recorded events handed to the app's handlers, at
// least once and in order per message, a failed delivery retried after a
// growing pause. It is one of the tracker's loops.
import type { TrackerEvent, TrackerEventHandler } from '../model/events.js';
import type { TrackerContext } from '../work/context.js';
import { describeError } from '../decide/describe-error.js';
import type { NextRound } from './polling-loop.js';
import { retryPauseMs } from './retry-pause.js';
import { TrackerLoop } from './tracker-loop.js';

/**
 * Delivers recorded events to the app's handlers: at least once, in order
 * per message (only a message's oldest unhandled event is ever claimed),
 * different messages side by side. An event is handled when every handler
 * resolved; a rejection puts it back with a growing pause. With no handler
 * registered nothing is claimed, so events wait, across restarts, for one.
 */
export class EventDispatcher extends TrackerLoop {
  readonly #handlers = new Set<TrackerEventHandler>();

  constructor(ctx: TrackerContext) {
    super(ctx, { errorEvent: 'tracker.events-error', errorMessage: 'could not deliver events', maxBackoffMs: 30_000 });
  }

  /** Adds a handler; returns its removal. */
  add(handler: TrackerEventHandler): () => void {
    this.#handlers.add(handler);
    this.wake();
    return () => {
      this.#handlers.delete(handler);
    };
  }

  /** Whether any handler is registered. */
  get hasHandlers(): boolean {
    return this.#handlers.size > 0;
  }

  /** Delivers a batch; with nothing delivered, pauses until the next event is due (at most the idle check). */
  protected async round(): Promise<NextRound> {
    const { config, store } = this.ctx;
    const delivered = this.#handlers.size > 0 ? await this.#deliverBatch() : 0;
    if (delivered > 0) return 'again';
    const due = this.#handlers.size > 0 ? await store.nextEventDue() : null;
    return due === null ? config.idleCheckMs : Math.min(config.idleCheckMs, due.getTime() - Date.now());
  }

  async #deliverBatch(): Promise<number> {
    const { config, store } = this.ctx;
    const now = Date.now();
    const events = await store.claimEvents(config.instanceId, new Date(now + config.leaseMs), new Date(now), 64);
    await Promise.all(events.map((event) => this.#deliver(event)));
    return events.length;
  }

  async #deliver(event: TrackerEvent): Promise<void> {
    const { config, store } = this.ctx;
    try {
      for (const handler of [...this.#handlers]) await handler(Object.freeze({ ...event }));
    } catch (error) {
      this.ctx.telemetry.handlerFailed(event.kind);
      const pause = retryPauseMs(event.attempt, config.idleCheckMs);
      config.logger.warn(
        { event: 'tracker.handler-failed', eventId: event.id, kind: event.kind, messageId: event.messageId, attempt: event.attempt },
        `cdms tracker: an event handler failed; event ${event.id} will be delivered again in ${pause} ms`,
      );
      await store.eventFailed(event.id, config.instanceId, new Date(Date.now() + pause), describeError(error));
      return;
    }
    await store.eventHandled(event.id, config.instanceId, new Date());
  }
}
