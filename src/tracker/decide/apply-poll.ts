// What one poll of a followed message changes: the poll counted against the
// cap, the status (or its absence) recorded, the next poll planned. Pure; the
// effect that asks the service is ../work/poll.ts.
import type { MessageState } from '../model/message-state.js';
import { begin, type Transition } from '../model/transition.js';
import { POLLS_PER_WINDOW } from './poll-schedule.js';
import { raiseAttention } from '../model/attention.js';
import { recordStatus, scheduleNextPoll, settle } from './transitions.js';
import type { StepContext } from './step-context.js';

/** What one status request answered. */
export type PollOutcome =
  | { kind: 'status'; status: string; subStatus: string | null; updated: string | null }
  | { kind: 'not-found' }
  | { kind: 'error'; detail: string };

/**
 * Applies one poll of a followed message: counts it against the cap, records
 * what it saw, and plans the next one. A 404 before expiry is retried at the
 * next poll; after expiry it means the service removed the status.
 */
export function applyPoll(state: MessageState, outcome: PollOutcome, source: 'poll' | 'poll-now', ctx: StepContext): Transition {
  const t = begin(state);
  const s = t.state;
  s.polls += 1;
  s.pollTimes = [...s.pollTimes, ctx.now].slice(-POLLS_PER_WINDOW);
  s.lastError = null;
  if (outcome.kind === 'status') {
    recordStatus(t, outcome, source, ctx);
  } else if (outcome.kind === 'not-found') {
    if (s.expiryAt && ctx.now >= s.expiryAt.getTime()) {
      settle(t);
      raiseAttention(t, 'removed-after-expiry', `The service removed the status after expiry; last status seen: ${s.status ?? 'none'}.`, ctx.now);
    } else {
      s.lastError = 'NotFoundError: the service does not know this message (yet); asked again at the next poll.';
    }
  } else {
    s.lastError = outcome.detail;
  }
  scheduleNextPoll(t, ctx);
  return t;
}
