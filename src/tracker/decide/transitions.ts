// The rules every step of the tracker's logic shares: recording a status the
// service reported (history, events, final statuses, attention), raising
// attention once per reason, and scheduling the next poll. Pure functions of
// the transition and a StepContext (the time, decide's own settings, a random source),
// so they are tested without a database or a service.
import { FAILED_INSTANT_IMPORT, isTerminalStatus } from '../../schemas/vocabulary.js';
import type { NewHistory, Transition } from '../model/transition.js';
import type { StatusChange } from '../model/types.js';
import { raiseAttention } from '../model/attention.js';
import { applyGpRouteRules, gpAckDueAt } from './gp-route-acks.js';
import type { StepContext } from './step-context.js';
import { earliestUnderCap, followUntil, nextPollAt } from './poll-schedule.js';

/** Ends following: nothing more is due. */
export function settle(t: Transition): void {
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
    const why = seen.subStatus === FAILED_INSTANT_IMPORT ? 'the automatic import failed' : `"${seen.subStatus}"`;
    raiseAttention(t, 'instant-fell-back', `Not imported automatically (${why}); it now waits as a standard message for the practice.`, ctx.now);
  }
  if (s.failedSince && ctx.now - s.failedSince.getTime() >= ctx.config.failedAttentionMs) {
    raiseAttention(t, 'failed', `FAILED since ${s.failedSince.toISOString()}: it could not be imported into the patient record.`, ctx.now);
  }
  if (!isTerminalStatus(seen.status)) return applyGpRouteRules(t, ctx);
  settle(t);
  t.events.push({ kind: 'terminal', status: seen.status, subStatus: seen.subStatus });
  applyGpRouteRules(t, ctx);
  // A refused replacement has its own reason (the GP route's rules raised it): not `rejected` over it.
  if (seen.status === 'REJECTED' && !t.state.attentionRaised.includes('replacement-rejected')) {
    raiseAttention(t, 'rejected', seen.subStatus ? `REJECTED: ${seen.subStatus}` : 'REJECTED by the practice.', ctx.now);
  }
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
  const ackDue = next === undefined ? undefined : gpAckDueAt(s, ctx.config, ctx.now);
  if (next !== undefined && ackDue !== undefined) {
    // Look again when a missing GP-route acknowledgement falls due, if the cap allows.
    next = Math.max(Math.min(next, ackDue), earliestUnderCap(s.pollTimes, intervalMs), ctx.now);
  }
  // Never give up on a message without asking about it once (an old message adopted late, a short followForMs).
  if (next === undefined && s.polls === 0) next = Math.max(ctx.now, s.followUntil.getTime());
  // Nor before following has ended: the last look is at its end, so the unresolved detail names a time past.
  if (next === undefined && ctx.now < s.followUntil.getTime()) next = Math.max(s.followUntil.getTime(), earliestUnderCap(s.pollTimes, intervalMs));
  if (next === undefined) {
    settle(t);
    raiseAttention(t, 'unresolved', `No final status after following it until ${s.followUntil.toISOString()}.`, ctx.now);
    return;
  }
  s.dueAt = new Date(next);
}
