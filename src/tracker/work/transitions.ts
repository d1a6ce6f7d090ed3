import { isTerminalStatus } from '../../polling.js';
import type { TrackerConfig } from '../options.js';
import type { MessageState } from '../model/message-state.js';
import { begin, type NewHistory, type Transition } from '../model/transition.js';
import type { AttentionReason, StatusChange } from '../types.js';
import { POLLS_PER_WINDOW, earliestUnderCap, followUntil, nextPollAt } from './poll-plan.js';

/** What a step of the tracker's logic depends on besides the message. Internal. */
export interface StepContext {
  now: number;
  config: Pick<TrackerConfig, 'pollIntervalMs' | 'beforeExpiryMs' | 'followForMs' | 'failedAttentionMs'>;
  random: () => number;
}

/** The subStatus of an instant message that fell back to a standard toolbar message (spec: States and transitions). */
export const INSTANT_FALLBACK_SUB_STATUS = 'Failed instant message import';

/** Raises an attention condition once per reason and message; an event goes with it. */
export function raiseAttention(t: Transition, reason: AttentionReason, detail: string | null, now: number): void {
  if (t.state.attentionRaised.includes(reason)) return;
  t.state.attentionRaised.push(reason);
  t.state.attention = reason;
  t.state.attentionAt = new Date(now);
  t.state.attentionDetail = detail;
  t.events.push({ kind: 'attention', reason, detail });
}

/** Ends following: nothing more is due. */
function settle(t: Transition): void {
  t.state.stage = 'settled';
  t.state.dueAt = null;
}

/**
 * Records a status the service reported: history and a `status-changed`
 * event when it differs from the last one, then the final-status and
 * attention rules.
 */
export function recordStatus(
  t: Transition,
  seen: { status: string; subStatus: string | null; updated: string | null },
  source: StatusChange['source'],
  ctx: StepContext,
): void {
  const s = t.state;
  if (seen.status !== s.status || seen.subStatus !== s.subStatus) {
    const entry: NewHistory = { status: seen.status, subStatus: seen.subStatus, updated: seen.updated, source };
    t.history.push(entry);
    t.events.push({ kind: 'status-changed', from: s.status, to: seen.status, subStatus: seen.subStatus });
  }
  s.status = seen.status;
  s.subStatus = seen.subStatus;
  s.statusUpdated = seen.updated;
  s.failedSince = seen.status === 'FAILED' ? (s.failedSince ?? new Date(ctx.now)) : null;
  if (s.route === 'instant' && seen.status === 'PENDING' && seen.subStatus !== null) {
    // Spec: an instant message the toolbar did not import (it failed, or was not run in time) becomes a standard one.
    const why = seen.subStatus === INSTANT_FALLBACK_SUB_STATUS ? 'the automatic import failed' : `"${seen.subStatus}"`;
    raiseAttention(t, 'instant-fell-back', `Not imported automatically (${why}); it now waits as a standard message for the practice.`, ctx.now);
  }
  if (s.failedSince && ctx.now - s.failedSince.getTime() >= ctx.config.failedAttentionMs) {
    raiseAttention(t, 'failed', `FAILED since ${s.failedSince.toISOString()}: it could not be imported into the patient record.`, ctx.now);
  }
  if (!isTerminalStatus(seen.status)) return;
  settle(t);
  t.events.push({ kind: 'terminal', status: seen.status, subStatus: seen.subStatus });
  if (seen.status === 'REJECTED') raiseAttention(t, 'rejected', seen.subStatus ? `REJECTED: ${seen.subStatus}` : 'REJECTED by the practice.', ctx.now);
  if (seen.status === 'EXPIRED') raiseAttention(t, 'expired', 'EXPIRED before the practice took it.', ctx.now);
}

/** Schedules the next poll of a followed message, or settles it as unresolved when following ends. */
export function scheduleNextPoll(t: Transition, ctx: StepContext): void {
  const s = t.state;
  if (s.stage !== 'following') return;
  const sentAt = (s.sentAt ?? s.createdAt).getTime();
  const expiryAt = s.expiryAt?.getTime();
  s.followUntil ??= new Date(followUntil(sentAt, expiryAt, ctx.config.followForMs));
  const { pollIntervalMs: intervalMs, beforeExpiryMs } = ctx.config;
  let next = nextPollAt({ now: ctx.now, polls: s.pollTimes, sentAt, expiryAt, followUntil: s.followUntil.getTime(), intervalMs, beforeExpiryMs, random: ctx.random });
  if (next !== undefined && s.failedSince && !s.attentionRaised.includes('failed')) {
    // Look again when FAILED has lasted long enough to need a person, if the cap allows.
    const due = s.failedSince.getTime() + ctx.config.failedAttentionMs;
    next = Math.max(Math.min(next, due), earliestUnderCap(s.pollTimes, intervalMs), ctx.now);
  }
  // Never give up on a message without asking about it once (an old message adopted late, a short followForMs).
  if (next === undefined && s.polls === 0) next = Math.max(ctx.now, s.followUntil.getTime());
  if (next === undefined) {
    settle(t);
    raiseAttention(t, 'unresolved', `No final status after following it until ${s.followUntil.toISOString()}.`, ctx.now);
    return;
  }
  s.dueAt = new Date(next);
}

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

/** Pause before the next resend or confirmation: doubling from interval/360 (1 minute by default) to interval/12 (30 minutes), spread. */
export function resendDelayMs(attempt: number, intervalMs: number, random: () => number): number {
  const base = intervalMs / 360;
  const delay = Math.min(intervalMs / 12, base * 2 ** Math.min(attempt, 20));
  return Math.max(1, Math.round(delay * (0.5 + 0.5 * random())));
}
