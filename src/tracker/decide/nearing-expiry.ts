// Attention before it is too late: a message still not delivered (queued
// after a certain failure, or sending after an unclear one) whose expiry
// comes within `nearingExpiryMs` needs a person while the practice can still
// be reached another way (D-TRACKER-33). Pure, like the other decisions.
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import { raiseAttention, resolveAttention } from '../model/attention.js';
import type { StepContext } from './step-context.js';

/** When the tracker gives up on delivering a message: its expiry, else the end of following. */
export function givingUpAt(s: MessageState, ctx: StepContext): number {
  return s.expiryAt?.getTime() ?? s.createdAt.getTime() + ctx.config.followForMs;
}

/**
 * After a send or confirmation that did not deliver: raises `nearing-expiry`
 * once the message is within `nearingExpiryMs` of giving up and a second
 * attempt has failed too (a first failure is often passing, and the next
 * attempt comes within minutes); until then, brings its next attempt forward
 * to that moment, so the moment is not missed in a long pause between
 * resends. Past the expiry it is too late to warn: the giving-up rules
 * (`send-failed`, `delivery-unknown`) say what became of it.
 */
export function watchExpiry(t: Transition, ctx: StepContext): void {
  const s = t.state;
  if ((s.stage !== 'queued' && s.stage !== 'sending') || s.attentionRaised.includes('nearing-expiry')) return;
  const end = givingUpAt(s, ctx);
  const nearing = end - ctx.config.nearingExpiryMs;
  if (ctx.now >= end) return;
  if (ctx.now < nearing) {
    if (s.dueAt && s.dueAt.getTime() > nearing) s.dueAt = new Date(nearing);
    return;
  }
  if (s.sendAttempts < 2) return;
  const what = s.stage === 'queued' ? 'the service could not take it yet' : 'its delivery could not be confirmed yet';
  const until = s.expiryAt ? `its expiry at ${new Date(end).toISOString()}` : `the end of following at ${new Date(end).toISOString()}`;
  raiseAttention(t, 'nearing-expiry', `Not delivered: ${what}, and ${until} is near. The tracker keeps trying; reach the practice another way if it cannot wait.`, ctx.now);
}

/** Once the service holds the message, a `nearing-expiry` attention no longer holds: it is cleared (the event stays in the history). */
export function clearNearingExpiry(t: Transition): void {
  const s = t.state;
  if (s.attention !== 'nearing-expiry') return;
  resolveAttention(t);
}
