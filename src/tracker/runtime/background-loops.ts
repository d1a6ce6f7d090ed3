// The tracker's background loops together: due work, event delivery, the
// notifiers (when there are any) and retention, started, woken, stopped and
// reported as one.
import type { TrackerContext } from '../work/context.js';
import { BackgroundWork } from './background-work.js';
import { EventDispatcher } from './event-dispatcher.js';
import { NotifierLoop } from './notifier-loop.js';
import type { LoopStatus } from './polling-loop.js';
import { Retention } from './retention.js';

/** The tracker's background loops. Internal. */
export class BackgroundLoops {
  readonly background: BackgroundWork;
  readonly events: EventDispatcher;
  readonly notifiers: NotifierLoop | undefined;
  readonly retention: Retention;

  constructor(ctx: TrackerContext) {
    this.background = new BackgroundWork(ctx);
    this.events = new EventDispatcher(ctx);
    this.notifiers = ctx.config.notify.length > 0 ? new NotifierLoop(ctx, ctx.config.notify) : undefined;
    this.retention = new Retention(ctx);
  }

  /** Something recorded events: deliver them without waiting. */
  wake(): void {
    this.events.wake();
    this.notifiers?.wake();
  }

  start(): void {
    this.background.start();
    this.events.start();
    this.notifiers?.start();
    this.retention.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.background.stop(), this.events.stop(), this.notifiers?.stop(), this.retention.stop()]);
  }

  /** What each loop is doing, for the health check. */
  status(): { polling: LoopStatus; events: LoopStatus; retention: LoopStatus; notifications: LoopStatus | null } {
    return {
      polling: this.background.status(),
      events: this.events.status(),
      retention: this.retention.status(),
      notifications: this.notifiers?.status() ?? null,
    };
  }
}
