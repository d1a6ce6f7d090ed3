// The due-work loop of one instance: polls and unfinished sends claimed
// under a lease, each run in its slot of the shared request budget. It runs
// is one of the tracker's loops; the steps it runs are in ../work.
import { setMaxListeners } from 'node:events';
import type { ClaimedWork } from '../store/store.js';
import { settleClaimedSend } from '../work/settle-send.js';
import type { TrackerContext } from '../work/context.js';
import { pollClaimed } from '../work/poll.js';
import type { NextRound } from './polling-loop.js';
import { CallsInFlight } from './calls-in-flight.js';
import { TrackerLoop } from './tracker-loop.js';
import { waitUntil } from './waker.js';

/**
 * The background work of one instance: claims due messages (polls, sends to
 * settle or resend) under a lease, gives each a slot of the shared request
 * budget, and runs them. Claims stay about two seconds of budget ahead, so a
 * dead instance strands little work and a busy one never runs ahead of the
 * others.
 */
export class BackgroundWork extends TrackerLoop {
  /**
   * The jobs under way, counted (calls-in-flight.ts). A full loop wakes once
   * an eighth of its room is free (decision D-TRACKER-42): at saturation one
   * claim then takes many messages (one due-row search, one budget
   * reservation, one transaction) rather than one per finished poll, while
   * the work still in flight keeps the requests going meanwhile.
   */
  readonly #inFlight = new CallsInFlight((size) => {
    if (size === this.#maxInFlight - this.#refill) this.wake();
  });
  readonly #maxInFlight: number;
  readonly #batch: number;
  /** How much room a full loop waits for before it claims again (see {@link BackgroundWork.#inFlight}). */
  readonly #refill: number;

  constructor(ctx: TrackerContext) {
    super(ctx, { errorEvent: 'tracker.loop-error', errorMessage: 'background work failed', maxBackoffMs: 30_000 });
    const rate = ctx.config.maxPollsPerSecond;
    this.#batch = Math.max(1, Math.min(200, Math.ceil(rate * 2)));
    this.#maxInFlight = Math.max(8, Math.min(512, Math.ceil(rate * 4)));
    this.#refill = Math.max(1, Math.min(this.#batch, Math.floor(this.#maxInFlight / 8)));
    // Every job waiting for its slot listens to the stop signal.
    setMaxListeners(this.#maxInFlight + 16, this.signal);
  }

  /** Stops claiming; work waiting for its slot is released for later, requests under way finish. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.#inFlight.settled();
  }

  /** Claims what is due and there is room for; with nothing claimed, pauses until the next due time (at most the idle check). */
  protected async round(): Promise<NextRound> {
    const room = this.#maxInFlight - this.#inFlight.size;
    const claimed = room > 0 ? await this.#claim(Math.min(room, this.#batch)) : 0;
    if (claimed > 0) return 'again';
    return room > 0 ? await this.#idleMs() : this.ctx.config.idleCheckMs;
  }

  async #idleMs(): Promise<number> {
    const due = await this.ctx.store.nextDue();
    const { idleCheckMs } = this.ctx.config;
    return due === null ? idleCheckMs : Math.min(idleCheckMs, Math.max(0, due.getTime() - Date.now()));
  }

  async #claim(limit: number): Promise<number> {
    const { store, config, budget } = this.ctx;
    const now = Date.now();
    const claimed = await store.claimDue(config.instanceId, new Date(now + config.leaseMs), new Date(now), limit);
    // A message tracker.send is sending in this process is its own (decision D-TRACKER-19): the claim only renewed the
    // lease it holds under the same name, and its send records the outcome.
    const work = claimed.filter((w) => !this.ctx.sendsInProgress.has(w.state.messageId));
    if (work.length === 0) return claimed.length;
    const slots = await budget.reserve(work.length);
    for (const [i, w] of work.entries()) void this.#inFlight.add(this.#runAt(w, slots[i] ?? Date.now()));
    // Stay near the budget: claim again only when these are about to run.
    const last = slots.at(-1) ?? now;
    if (last - Date.now() > 2_000) await waitUntil(last - 2_000, this.signal);
    return work.length;
  }

  async #runAt(work: ClaimedWork, slot: number): Promise<void> {
    const { store, config } = this.ctx;
    try {
      if (!(await this.ctx.budget.waitTurn(slot, this.signal))) {
        await store.release(work.state.messageId, config.instanceId);
        return;
      }
      if (work.claimedStage === 'following') await pollClaimed(this.ctx, work.state, 'poll');
      else await settleClaimedSend(this.ctx, work.state, work.claimedStage === 'queued');
    } catch (error) {
      // Left leased: another attempt follows when the lease ends.
      config.logger.error(
        { event: 'tracker.work-error', messageId: work.state.messageId, error: error instanceof Error ? error.name : typeof error },
        'cdms tracker: could not record the result of background work; it will be retried',
      );
    }
  }
}
