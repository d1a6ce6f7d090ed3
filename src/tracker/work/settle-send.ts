// Settling a send the tracker is not sure of, in the background: a `sending`
// message (its send was unclear, or a crash cut it short) is looked up before
// any resend; a `queued` one (certainly not delivered) is sent again at once.
import { NotFoundError } from '../../core/errors/api-error.js';
import type { MessageState } from '../model/message-state.js';
import { readStatus } from './client-calls.js';
import { ledgerRefusal, sendRecordingVerdicts } from './rejected-content.js';
import { leasedCallOptions, stepContext, type TrackerContext } from './context.js';
import { absenceProven, applySendVerdict } from '../decide/apply-send.js';
import { classifySendError, type SendVerdict } from '../decide/send-verdict.js';
import { describeError } from '../decide/describe-error.js';

/**
 * Settles a message that is not known to be held: one whose send was unclear
 * or cut short by a crash is first looked up (held means sent; 404 means send
 * it again, with the same messageId, once no earlier attempt can still be on
 * its way); one queued after a certain failure is sent again directly.
 */
export async function settleClaimedSend(ctx: TrackerContext, claimed: MessageState, wasQueued: boolean): Promise<void> {
  // A `sending` row whose outcome was never recorded (its sender crashed, or could not write it): its attempt may have
  // reached the service, and may still be on its way (decision D-TRACKER-21).
  const state = wasQueued || claimed.unclearAt ? claimed : { ...claimed, unclearAt: new Date() };
  const verdict = wasQueued ? await resend(ctx, state) : await confirmThenResend(ctx, state);
  const t = applySendVerdict(state, verdict, stepContext(ctx));
  if (await ctx.store.save(t, ctx.config.instanceId, new Date())) {
    if (t.events.length > 0) ctx.eventsRecorded();
    const { logger } = ctx.config;
    logger.info({ event: 'tracker.send-settled', messageId: state.messageId, verdict: verdict.kind }, `cdms tracker: settled an unfinished send (${verdict.kind})`);
  }
}

async function confirmThenResend(ctx: TrackerContext, state: MessageState): Promise<SendVerdict> {
  try {
    const seen = await ctx.service.observe(() => readStatus(ctx.config.client, state.route, state.messageId, leasedCallOptions(ctx)));
    return { kind: 'held', ...seen };
  } catch (error) {
    if (!(error instanceof NotFoundError)) return { kind: 'lookup-failed', detail: describeError(error) };
  }
  // A 404 while an attempt may still be on its way is not proof of absence: wait, look again.
  if (!absenceProven(state, Date.now(), ctx.config.pollIntervalMs)) {
    return { kind: 'not-found-yet', detail: 'NotFoundError: not found yet, while an earlier attempt may still be on its way; asked again later.' };
  }
  return resend(ctx, state);
}

async function resend(ctx: TrackerContext, state: MessageState): Promise<SendVerdict> {
  const { payload } = state;
  if (!payload) {
    return { kind: 'failed', detail: 'The message content is no longer held, so it cannot be sent again; send it anew.' };
  }
  const refused = await ledgerRefusal(ctx, payload);
  if (refused) return refused;
  try {
    const result = await ctx.service.observe(() => sendRecordingVerdicts(ctx, state.route, payload, leasedCallOptions(ctx)));
    return { kind: 'sent', recovered: result.recovered };
  } catch (error) {
    // A resend's "messageId already used" means an earlier attempt arrived after all.
    return classifySendError(error, true);
  }
}
