// Between the database's rows and the tracker's values: a row to a
// MessageState, a state or transition to statement parameters, a state to
// the public summary. The only place that knows the column names' order.
import type { SqlRow } from '../db/driver.js';
import type { AttentionCounts, AttentionNotice } from '../notify/notifier.js';
import type { AttentionReason, StatusChange, TrackedMessageSummary, TrackedRoute, TrackerStage } from '../model/types.js';
import type { MessageState, StoredPayload } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import type { TrackerEvent } from '../model/events.js';
import { newMessageKey, seal, unseal } from './sealed-payload.js';

/** A text column, or null. */
export const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/**
 * A timestamp column as a Date: PostgreSQL's drivers give a Date, or text
 * where the column came through JSON; SQLite keeps milliseconds.
 */
export const date = (v: unknown): Date | null =>
  v instanceof Date ? v : typeof v === 'string' ? new Date(v) : typeof v === 'number' ? new Date(v) : null;
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** A `messages` row as the tracker's state. */
export function toState(row: SqlRow): MessageState {
  return {
    messageId: String(row.message_id),
    route: row.route as TrackedRoute,
    stage: row.stage as TrackerStage,
    status: text(row.status),
    subStatus: text(row.sub_status),
    statusUpdated: text(row.status_updated),
    topic: text(row.topic),
    recipient: text(row.recipient),
    createdAt: date(row.created_at) ?? new Date(0),
    sentAt: date(row.sent_at),
    expiryAt: date(row.expiry_at),
    followUntil: date(row.follow_until),
    dueAt: date(row.due_at),
    polls: Number(row.polls),
    pollTimes: (json(row.poll_times) as number[] | null) ?? [],
    sendAttempts: Number(row.send_attempts),
    failedSince: date(row.failed_since),
    attention: text(row.attention) as AttentionReason | null,
    attentionAt: date(row.attention_at),
    attentionDetail: text(row.attention_detail),
    attentionRaised: (json(row.attention_raised) as AttentionReason[] | null) ?? [],
    lastError: text(row.last_error),
    payload: payloadOf(row),
    metadata: (json(row.metadata) as Record<string, unknown> | null) ?? null,
    unclearAt: date(row.unclear_at),
    assignee: text(row.assignee),
    replaces: text(row.replaces),
    replacedBy: text(row.replaced_by),
    versionNumber: row.version_number === null || row.version_number === undefined ? null : Number(row.version_number),
  };
}

/**
 * A row's content: opened with its key when the statement returned one
 * (`payload_key`: the claims do, the reads do not need it), or the clear
 * copy of a row written before contents were sealed.
 */
function payloadOf(row: SqlRow): StoredPayload | null {
  const clear = json(row.payload) as StoredPayload | null;
  if (clear) return clear;
  // Base64 text on PostgreSQL, bytes on SQLite.
  const sealed = typeof row.sealed === 'string' ? Buffer.from(row.sealed, 'base64') : row.sealed instanceof Uint8Array ? row.sealed : undefined;
  if (!(sealed && row.payload_key instanceof Uint8Array)) return null;
  try {
    return unseal(sealed, row.payload_key, String(row.message_id));
  } catch {
    // Altered on disk: treated as no longer held (a resend then fails with attention, for a person to send anew).
    return null;
  }
}

/** The lease a new row is written with: its owner, the earliest it may end, and how long it runs from the write. */
export interface InsertLease {
  owner: string;
  until: Date;
  ms: number;
}

/** A new message's content sealed under a new key of its own, never in clear (D-TRACKER-24); nulls without content. */
export function sealContent(s: MessageState): { sealed: Buffer | null; key: Buffer | null } {
  if (s.payload === null) return { sealed: null, key: null };
  const key = newMessageKey();
  return { sealed: seal(s.payload, key, s.messageId), key };
}

/** The parameters of `insertMessage`, in order: the content sealed under a new key, never in clear (D-TRACKER-24). */
export function insertParams(s: MessageState, lease: InsertLease | undefined): unknown[] {
  const { sealed: bytes, key } = sealContent(s);
  const sealed = bytes === null ? null : bytes.toString('base64');
  return [
    s.messageId, s.route, s.stage, s.status, s.subStatus, s.statusUpdated, s.topic, s.recipient,
    s.createdAt, s.sentAt, s.expiryAt, s.followUntil, s.dueAt, s.polls, JSON.stringify(s.pollTimes), s.sendAttempts,
    s.failedSince, s.attention, s.attentionAt, s.attentionDetail, JSON.stringify(s.attentionRaised), s.lastError,
    null, s.metadata === null ? null : JSON.stringify(s.metadata),
    lease?.owner ?? null, lease?.until ?? null, sealed, key, lease?.ms ?? null, s.replaces, s.versionNumber,
  ];
}

/** The parameters of `saveTransition`, in order; the content is never rewritten, only erased ($18). */
export function transitionParams(t: Transition, changedAt: Date, leaseOwner: string | null): unknown[] {
  const s = t.state;
  return [
    s.messageId, s.stage, s.status, s.subStatus, s.statusUpdated, s.sentAt, s.followUntil, s.dueAt, s.polls,
    JSON.stringify(s.pollTimes), s.sendAttempts, s.failedSince, s.attention, s.attentionAt, s.attentionDetail,
    JSON.stringify(s.attentionRaised), s.lastError, s.payload === null, changedAt,
    leaseOwner,
    JSON.stringify(t.history.map((h) => ({ status: h.status, sub_status: h.subStatus, status_updated: h.updated, source: h.source }))),
    JSON.stringify(t.events.map(({ kind, ...data }) => ({ kind, data }))),
    s.unclearAt, t.resolved ?? null,
  ];
}

/** The public view of a state. */
export function toSummary(s: MessageState): TrackedMessageSummary {
  const last = s.pollTimes.at(-1);
  return {
    messageId: s.messageId,
    route: s.route,
    stage: s.stage,
    status: s.status,
    subStatus: s.subStatus,
    updated: s.statusUpdated,
    topic: s.topic,
    recipient: s.recipient,
    sentAt: s.sentAt,
    expiryDateTime: s.expiryAt,
    polls: s.polls,
    lastPolledAt: last === undefined ? null : new Date(last),
    nextPollAt: s.stage === 'following' ? s.dueAt : null,
    attention: s.attention && s.attentionAt ? { reason: s.attention, since: s.attentionAt, detail: s.attentionDetail } : null,
    lastError: s.lastError,
    metadata: s.metadata,
    createdAt: s.createdAt,
    assignee: s.assignee,
    replaces: s.replaces,
    replacedBy: s.replacedBy,
    versionNumber: s.versionNumber,
  };
}

/** A `history` row. */
export function toStatusChange(row: SqlRow): StatusChange {
  return {
    at: date(row.at) ?? new Date(0),
    status: String(row.status),
    subStatus: text(row.sub_status),
    updated: text(row.status_updated),
    source: row.source as StatusChange['source'],
  };
}

/** An attention event row (with its message's columns) as a notifier's notice; the same on both engines. */
export function attentionNotice(row: SqlRow): AttentionNotice {
  return {
    eventId: String(row.id),
    messageId: String(row.message_id),
    reason: row.reason as AttentionReason,
    route: row.route as TrackedRoute,
    topic: text(row.topic),
    recipient: text(row.recipient),
    raisedAt: date(row.at) ?? new Date(0),
    sentAt: date(row.sent_at),
    expiryDateTime: date(row.expiry_at),
  };
}

/** Rows of `reason` and `n` as counts per reason. */
export const attentionCounts = (rows: readonly SqlRow[]): AttentionCounts => Object.fromEntries(rows.map((r) => [String(r.reason), Number(r.n)]));

/** An `events` row as the event the app's handler gets: its data (JSON, or already parsed by PostgreSQL) and the row's own fields. */
export function toEvent(row: SqlRow): TrackerEvent {
  const data = json(row.data) as Record<string, unknown>;
  return {
    ...data,
    id: String(row.id),
    kind: row.kind,
    messageId: String(row.message_id),
    route: row.route as TrackedRoute,
    at: date(row.at) ?? new Date(0),
    attempt: Number(row.attempts),
  } as TrackerEvent;
}
