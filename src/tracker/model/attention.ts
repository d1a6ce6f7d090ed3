// The attention primitives: raising a reason a person must act on (once per
// reason and message, with its event) and clearing one that was answered.
// They change only the transition, so every floor above the model shares them.
import type { Transition } from './transition.js';
import type { AttentionReason } from './types.js';

/** Raises an attention condition once per reason and message; an event goes with it. */
export function raiseAttention(t: Transition, reason: AttentionReason, detail: string | null, now: number): void {
  if (t.state.attentionRaised.includes(reason)) return;
  t.state.attentionRaised.push(reason);
  t.state.attention = reason;
  t.state.attentionAt = new Date(now);
  t.state.attentionDetail = detail;
  t.events.push({ kind: 'attention', reason, detail });
}

/**
 * Clears the message's attention because what it warned of was answered (a
 * reason that clears itself). Kept in the transition, so the ledger clears it
 * only while the row still holds that reason; its event stays in the history.
 */
export function resolveAttention(t: Transition): void {
  const s = t.state;
  if (s.attention === null) return;
  t.resolved = s.attention;
  s.attention = null;
  s.attentionAt = null;
  s.attentionDetail = null;
}
