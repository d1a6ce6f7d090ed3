// One poll with its effects: the status read (inside a telemetry span), the
// pure decision applied, the result saved under the lease.
import { NotFoundError } from '../../core/errors/api-error.js';
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import { readStatus } from './client-calls.js';
import { leasedCallOptions, stepContext, type TrackerContext } from './context.js';
import { applyPoll, type PollOutcome } from '../decide/apply-poll.js';
import { describeError } from '../decide/describe-error.js';

/** Asks the service for a message's status, as a {@link PollOutcome}; never throws. */
export async function pollOnce(ctx: TrackerContext, state: MessageState): Promise<PollOutcome> {
  try {
    const { route, messageId } = state;
    const seen = await ctx.telemetry.poll({ messageId, route }, () => ctx.service.observe(() => readStatus(ctx.config.client, route, messageId, leasedCallOptions(ctx))));
    return { kind: 'status', ...seen };
  } catch (error) {
    if (error instanceof NotFoundError) return { kind: 'not-found' };
    return { kind: 'error', detail: describeError(error) };
  }
}

/** Polls a claimed message and records the result under the lease. */
export async function pollClaimed(ctx: TrackerContext, state: MessageState, source: 'poll' | 'poll-now'): Promise<Transition | undefined> {
  const outcome = await pollOnce(ctx, state);
  const t = applyPoll(state, outcome, source, stepContext(ctx));
  const saved = await ctx.store.save(t, ctx.config.instanceId, new Date());
  if (saved && t.events.length > 0) ctx.eventsRecorded();
  return saved ? t : undefined;
}
