// What a send (or the confirmation of an unclear one) changes, from its
// verdict: following, a resend later, or failed for good with attention.
// Pure; the effects that send are ../work/send-now.ts and settle-send.ts.
import type { MessageState } from '../model/message-state.js';
import { begin, type Transition } from '../model/transition.js';
import type { SendVerdict } from './send-verdict.js';
import { clearNearingExpiry, watchExpiry } from './nearing-expiry.js';
import { raiseAttention, recordStatus, scheduleNextPoll, type StepContext } from './transitions.js';

/**
 * Records what a send (or the confirmation of an unclear one) ended in. Once
 * the service holds the message its content is erased: only identifiers,
 * route, topic, recipient, times and statuses stay.
 */
export function applySendVerdict(state: MessageState, verdict: SendVerdict, ctx: StepContext): Transition {
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
    case 'retry-later':
    case 'unconfirmed':
      if (verdict.kind === 'retry-later' && pastGivingUp(s, ctx)) return fail(t, 'send-failed', `Not delivered before ${givingUpLabel(s)}; last error: ${verdict.detail}`, ctx);
      s.stage = verdict.kind === 'retry-later' ? 'queued' : 'sending';
      s.dueAt = new Date(ctx.now + resendDelayMs(s.sendAttempts - 1, ctx.config.pollIntervalMs, ctx.random));
      s.lastError = verdict.detail;
      watchExpiry(t, ctx);
      return t;
    case 'content-rejected':
      return fail(t, 'content-rejected', verdict.detail, ctx);
    case 'refused':
    case 'failed':
      return fail(t, 'send-failed', verdict.detail, ctx);
  }
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

function givingUpLabel(s: MessageState): string {
  return s.expiryAt ? `its expiry (${s.expiryAt.toISOString()})` : 'the end of following';
}

/** Pause before the next resend or confirmation: doubling from interval/360 (1 minute by default) to interval/12 (30 minutes), spread. */
export function resendDelayMs(attempt: number, intervalMs: number, random: () => number): number {
  const base = intervalMs / 360;
  const delay = Math.min(intervalMs / 12, base * 2 ** Math.min(attempt, 20));
  return Math.max(1, Math.round(delay * (0.5 + 0.5 * random())));
}
