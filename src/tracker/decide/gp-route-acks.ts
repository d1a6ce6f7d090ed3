// The GP route's own failure rules (decision D-TRACKER-17): a document has
// failed when the practice system's infrastructure acknowledgement is negative
// or missing, or its business response is negative, or missing after a
// positive infrastructure acknowledgement (20013); then "the sender system
// MUST inform an appropriate person/team". A negative code raises `rejected`
// with what to do about that code (a refused replacement, 20014,
// `replacement-rejected`, naming both versions); a missing acknowledgement raises
// `no-infrastructure-ack` or `no-business-ack` once it has been awaited for
// the set time. Pure functions of the state and a StepContext.
import { ITK_INFRASTRUCTURE_SUCCESS, ITK_REPLACEMENT_NOT_PROCESSED } from '../../schemas/gp-route-codes.js';
import { parseGpRouteSubStatus } from '../../schemas/gp-route-substatus.js';
import { ITK_SUCCESS, SENT_TO_MESH } from '../../schemas/vocabulary.js';
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import type { AttentionReason } from '../model/types.js';
import { raiseAttention } from '../model/attention.js';
import type { GpAckConfig, StepContext } from './step-context.js';

const DAY_MS = 86_400_000;

/**
 * How long a GP-route message may stay 'Sent to MESH' before the missing
 * infrastructure acknowledgement needs a person: MESH's five days, after
 * which a message the practice has not collected is removed and reported
 * undelivered, so no acknowledgement can come any more.
 */
export const DEFAULT_INFRASTRUCTURE_ACK_MS = 5 * DAY_MS;

/**
 * How long a GP-route message may stay at '20013 - Success' before the
 * missing business response needs a person: the same five days, which also
 * covers a practice closed over a long bank-holiday weekend.
 */
export const DEFAULT_BUSINESS_ACK_MS = 5 * DAY_MS;

/** An acknowledgement the message is waiting for, and since when. */
interface AwaitedAck {
  reason: Extract<AttentionReason, 'no-infrastructure-ack' | 'no-business-ack'>;
  since: number;
  dueAt: number;
}

const DAY_HOURS = 24;
function duration(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= DAY_HOURS && hours % DAY_HOURS === 0) return `${hours / DAY_HOURS} day${hours === DAY_HOURS ? '' : 's'}`;
  if (hours >= 1) return `${Math.round(hours * 10) / 10} hours`;
  return `${Math.round(ms / 1_000)} seconds`;
}

/**
 * The acknowledgement a followed GP-route message is waiting for, or
 * undefined. 'Sent to MESH' waits for the infrastructure acknowledgement,
 * counted from the send; '20013 - Success' for the business response,
 * counted from the service's `updated` time of that status (the send, when
 * `updated` cannot be read; never later than now).
 */
function awaitedAck(s: MessageState, config: GpAckConfig, now: number): AwaitedAck | undefined {
  if (s.route !== 'gpconnect' || s.stage !== 'following' || s.status !== 'PENDING') return undefined;
  const code = parseGpRouteSubStatus(s.subStatus).code;
  const sentAt = (s.sentAt ?? s.createdAt).getTime();
  // Just sent, not yet polled, the tracker knows only PENDING: the acknowledgement is awaited from the send as well.
  if (code === SENT_TO_MESH || code === null) {
    const limit = config.infrastructureAckMs ?? DEFAULT_INFRASTRUCTURE_ACK_MS;
    return { reason: 'no-infrastructure-ack', since: sentAt, dueAt: sentAt + limit };
  }
  if (code === ITK_INFRASTRUCTURE_SUCCESS) {
    const updated = s.statusUpdated === null ? Number.NaN : Date.parse(s.statusUpdated);
    const since = Number.isFinite(updated) ? Math.min(Math.max(updated, sentAt), now) : sentAt;
    const limit = config.businessAckMs ?? DEFAULT_BUSINESS_ACK_MS;
    return { reason: 'no-business-ack', since, dueAt: since + limit };
  }
  return undefined;
}

/**
 * When a missing acknowledgement of this message falls due for attention, if
 * it has not been raised yet: the poll schedule looks again then, so the
 * attention is not left to the next regular poll.
 */
export function gpAckDueAt(s: MessageState, config: GpAckConfig, now: number): number | undefined {
  const awaited = awaitedAck(s, config, now);
  return awaited && !s.attentionRaised.includes(awaited.reason) ? awaited.dueAt : undefined;
}

/**
 * The two documents a refused replacement voids, by messageId only (the
 * ledger's links; never anything the message carried), so a person finds
 * both (decision D-TRACKER-34).
 */
function bothVersions(s: MessageState): string {
  const version = s.versionNumber === null ? '' : `version ${s.versionNumber}, `;
  const earlier = s.replaces === null ? 'the version it replaces (its relatesTo; not linked in this ledger)' : `the version it replaces (message ${s.replaces})`;
  return `The practice could not process this new version (${version}message ${s.messageId}) and has marked it and ${earlier} as void.`;
}

/**
 * The GP route's rules after a status was recorded: a negative code raises
 * `rejected` with the code's action (whatever the status says: a negative
 * ITK3 or MESH code is final), a refused replacement (20014)
 * `replacement-rejected`; an acknowledgement awaited for longer than its set
 * time raises its own reason. The message stays followed: a late
 * acknowledgement is still recorded.
 */
export function applyGpRouteRules(t: Transition, ctx: StepContext & { config: GpAckConfig }): void {
  const s = t.state;
  if (s.route !== 'gpconnect') return;
  const read = parseGpRouteSubStatus(s.subStatus);
  if (read.code === ITK_REPLACEMENT_NOT_PROCESSED) {
    raiseAttention(t, 'replacement-rejected', `${s.status ?? 'REJECTED'}: ${s.subStatus ?? ''}. ${bothVersions(s)} To do: ${read.action}`, ctx.now);
    return;
  }
  if (read.outcome === 'negative' || (s.status === 'REJECTED' && read.code !== null)) {
    raiseAttention(t, 'rejected', `${s.status ?? 'REJECTED'}: ${s.subStatus ?? ''}. ${read.meaning} To do: ${read.action}`, ctx.now);
    return;
  }
  const awaited = awaitedAck(s, ctx.config, ctx.now);
  if (!awaited || ctx.now < awaited.dueAt) return;
  const waited = duration(ctx.now - awaited.since);
  const detail =
    awaited.reason === 'no-infrastructure-ack'
      ? `Still '${SENT_TO_MESH}' ${waited} after it was sent: the practice's system has not acknowledged receipt (no ITK3 infrastructure acknowledgement). Tell the practice: the document may not have arrived.`
      : `'${ITK_SUCCESS}' for ${waited} without a business response: the practice's system received the document but has not said it was filed. Tell the practice: the document may not be in the patient record.`;
  raiseAttention(t, awaited.reason, detail, ctx.now);
}
