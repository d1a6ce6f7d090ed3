// What a send (or the confirmation of an unclear one) changes, from its
// verdict: following, a resend later, a look-up later, failed for good with
// attention, or (when an earlier attempt may have arrived) never failed but
// `delivery-unknown`. Pure; the effects that send are ../work/send-now.ts
// and settle-send.ts.
import type { MessageState } from '../model/message-state.js';
import { begin, type Transition } from '../model/transition.js';
import { ledgerText } from './ledger-text.js';
import type { SendVerdict } from './send-verdict.js';
import { clearNearingExpiry, watchExpiry } from './nearing-expiry.js';
import { raiseAttention, resolveAttention } from '../model/attention.js';
import { recordStatus, scheduleNextPoll, settle } from './transitions.js';
import type { StepContext } from './step-context.js';

/**
 * Records what a send (or the confirmation of an unclear one) ended in. Once
 * the service holds the message its content is erased: only identifiers,
 * route, topic, recipient, times and statuses stay.
 *
 * A message an earlier attempt of which may have reached the service
 * (`unclearAt` set) is never recorded as certainly not delivered (decision
 * D-TRACKER-21): it is not `queued` but `sending` (looked up before any
 * resend), and when it can be neither confirmed nor sent again (its expiry
 * passed, the resend was refused) it is `delivery-unknown`, not `failed`.
 *
 * Every error text it records is first redacted of the message's values
 * (D-TRACKER-25).
 */
export function applySendVerdict(state: MessageState, verdict: SendVerdict, ctx: StepContext): Transition {
  // What the ledger keeps of the error never holds a value of the message, whatever the service echoed.
  if ('detail' in verdict) verdict = { ...verdict, detail: ledgerText(verdict.detail, state.payload) };
  const t = begin(state);
  const s = t.state;
  s.sendAttempts += 1;
  switch (verdict.kind) {
    case 'sent':
    case 'held':
      s.stage = 'following';
      s.sentAt ??= new Date(ctx.now);
      s.payload = null;
      s.lastError = null;
      // Found after all: what a person was asked to check is answered.
      if (s.attention === 'delivery-unknown') resolveAttention(t);
      clearNearingExpiry(t);
      // A successful send means PENDING (spec: States and transitions); the service's own word follows at the polls.
      if (s.status === null) {
        s.status = 'PENDING';
        t.history.push({ status: 'PENDING', subStatus: null, updated: null, source: verdict.kind === 'sent' ? 'send' : 'confirm' });
      }
      t.events.push({ kind: 'sent', recovered: verdict.kind === 'held' || verdict.recovered });
      if (verdict.kind === 'held') recordStatus(t, verdict, 'confirm', ctx);
      scheduleNextPoll(t, ctx);
      return t;
    case 'unconfirmed':
      s.unclearAt = new Date(ctx.now);
      return lookUpLater(t, verdict.detail, ctx);
    case 'lookup-failed':
      return lookUpLater(t, verdict.detail, ctx);
    case 'not-found-yet':
      // Asked again once the attempt can no longer be on its way.
      s.stage = 'sending';
      s.lastError = verdict.detail;
      s.dueAt = new Date(Math.max(ctx.now + 1, (s.unclearAt?.getTime() ?? ctx.now) + inFlightGraceMs(ctx.config.pollIntervalMs)));
      return t;
    case 'retry-later':
      if (s.unclearAt !== null) {
        if (pastGivingUp(s, ctx)) return deliveryUnknown(t, `still not confirmed at ${givingUpLabel(s)}; last error: ${verdict.detail}`, ctx);
        return lookUpLater(t, verdict.detail, ctx);
      }
      if (pastGivingUp(s, ctx)) return fail(t, 'send-failed', `Not delivered before ${givingUpLabel(s)}; last error: ${verdict.detail}`, ctx);
      s.stage = 'queued';
      s.dueAt = new Date(ctx.now + resendDelayMs(s.sendAttempts - 1, ctx.config.pollIntervalMs, ctx.random));
      s.lastError = verdict.detail;
      watchExpiry(t, ctx);
      return t;
    case 'content-rejected':
      // The scan's verdict is on the content, the same in every attempt.
      return fail(t, 'content-rejected', verdict.detail, ctx);
    case 'refused':
    case 'failed':
      if (s.unclearAt !== null) return deliveryUnknown(t, `it could not be sent again (${verdict.detail})`, ctx);
      return fail(t, 'send-failed', verdict.detail, ctx);
  }
}

/** Still `sending`: the status endpoint is asked (again) after a pause that doubles with each round, until a limit. */
function lookUpLater(t: Transition, detail: string, ctx: StepContext): Transition {
  const s = t.state;
  if (s.attentionRaised.includes('delivery-unknown') || pastFollowing(s, ctx)) return deliveryUnknown(t, `still not confirmed; last error: ${detail}`, ctx);
  s.stage = 'sending';
  s.dueAt = new Date(ctx.now + resendDelayMs(s.sendAttempts - 1, ctx.config.pollIntervalMs, ctx.random));
  s.lastError = detail;
  watchExpiry(t, ctx);
  return t;
}

/**
 * A message that may be at the service but can be neither confirmed nor
 * sent again: a person must ask the practice. Its content is erased (it will
 * not be sent again); the status endpoint is still asked at the polling
 * pace, and a message found there is followed as any other, until following
 * ends.
 */
function deliveryUnknown(t: Transition, why: string, ctx: StepContext): Transition {
  const s = t.state;
  s.payload = null;
  s.lastError = why.slice(0, 500);
  raiseAttention(
    t,
    'delivery-unknown',
    `An attempt to send it may have reached the service, but the tracker can neither confirm it nor send it again: ${why}. ` +
      'Check with the practice whether it arrived before sending the document again.',
    ctx.now,
  );
  if (pastFollowing(s, ctx)) {
    settle(t);
    return t;
  }
  s.stage = 'sending';
  s.dueAt = new Date(ctx.now + ctx.config.pollIntervalMs);
  return t;
}

function fail(t: Transition, reason: 'send-failed' | 'content-rejected', detail: string, ctx: StepContext): Transition {
  t.state.stage = 'failed';
  t.state.dueAt = null;
  t.state.payload = null;
  t.state.lastError = detail;
  raiseAttention(t, reason, detail, ctx.now);
  return t;
}

/** A message that cannot be delivered any more: past its expiry, or (without one) followed for `followForMs`. */
function pastGivingUp(s: MessageState, ctx: StepContext): boolean {
  const limit = s.expiryAt?.getTime() ?? s.createdAt.getTime() + ctx.config.followForMs;
  return ctx.now >= limit;
}

/** A message no longer worth asking about: `followForMs` after its expiry (or its creation, without one). */
function pastFollowing(s: MessageState, ctx: StepContext): boolean {
  return ctx.now >= (s.expiryAt ?? s.createdAt).getTime() + ctx.config.followForMs;
}

function givingUpLabel(s: MessageState): string {
  return s.expiryAt ? `its expiry (${s.expiryAt.toISOString()})` : 'the end of following';
}

/** Pause before the next resend or confirmation: doubling from interval/360 (1 minute by default) to interval/12 (30 minutes), spread. */
export function resendDelayMs(attempt: number, intervalMs: number, random: () => number): number {
  const base = intervalMs / 360;
  const delay = Math.min(intervalMs / 12, base * 2 ** Math.min(attempt, 20));
  return Math.max(1, Math.round(delay * (0.5 + 0.5 * random())));
}

/**
 * How long after an unclear attempt ended a 404 from the status endpoint is
 * still not taken as absence: the request may be on its way (held by a
 * proxy, queued at the service). A minute by default (`pollIntervalMs /
 * 360`, at least a second; decision D-TRACKER-21).
 */
export function inFlightGraceMs(intervalMs: number): number {
  return Math.min(60_000, Math.max(1_000, intervalMs / 360));
}

/** Whether a 404 seen at `now` proves the service does not hold the message: no attempt may still be on its way. */
export function absenceProven(s: Pick<MessageState, 'unclearAt'>, now: number, intervalMs: number): boolean {
  return s.unclearAt === null || now >= s.unclearAt.getTime() + inFlightGraceMs(intervalMs);
}
