// Between the database's rows and the tracker's values: a row to a
// MessageState, a state or transition to the named values both engines'
// statements take, a state to the public summary.
import type { SqlRow } from '../db/driver.js';
import type { AttentionCounts, AttentionNotice } from '../notify/notifier.js';
import type { AttentionReason, StatusChange, TrackedMessageSummary, TrackedRoute, TrackerStage } from '../model/types.js';
import type { MessageState, StoredPayload } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import type { TrackerEvent } from '../model/events.js';
import { newMessageKey, unseal } from './sealed-payload.js';
import { sealToBase64 } from './sealed-base64.js';

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
async function sealedContent(s: MessageState): Promise<{ sealed: Buffer | null; key: Buffer | null }> {
  if (s.payload === null) return { sealed: null, key: null };
  const key = newMessageKey();
  return { sealed: await sealToBase64(s.payload, key, s.messageId), key };
}

const asJson = (v: unknown): string => JSON.stringify(v);

/**
 * A message's own columns, named as both engines' insert statements name
 * them; the content and the lease are each engine's to add (sealed bytes or
 * base64, the lease's end by the database's clock or the process's).
 */
export function messageColumns(s: MessageState) {
  return {
    message_id: s.messageId, route: s.route, stage: s.stage, status: s.status, sub_status: s.subStatus, status_updated: s.statusUpdated,
    topic: s.topic, recipient: s.recipient, created_at: s.createdAt, sent_at: s.sentAt, expiry_at: s.expiryAt, follow_until: s.followUntil,
    due_at: s.dueAt, polls: s.polls, poll_times: asJson(s.pollTimes), send_attempts: s.sendAttempts, failed_since: s.failedSince,
    attention: s.attention, attention_at: s.attentionAt, attention_detail: s.attentionDetail, attention_raised: asJson(s.attentionRaised),
    last_error: s.lastError, metadata: s.metadata === null ? null : asJson(s.metadata), replaces: s.replaces, version_number: s.versionNumber,
  };
}

/**
 * The values of PostgreSQL's `insertMessage`: the content sealed under a new
 * key, never in clear (D-TRACKER-24), as base64 text made a piece per turn of
 * the event loop (sealed-base64.ts); the lease runs `lease_ms` from the
 * write by the database's clock, never ending before `lease_until`.
 */
export async function insertValues(s: MessageState, lease: InsertLease | undefined) {
  return {
    ...messageColumns(s),
    payload: null, ...(await sealedContent(s)),
    lease_owner: lease?.owner ?? null, lease_until: lease?.until ?? null, lease_ms: lease?.ms ?? null,
  };
}

/**
 * The values of a transition's row, named as both engines' statements name
 * them; the content is never rewritten, only erased (`erase`). A reason is
 * raised when the transition's list of raised reasons (`raised_count`) is
 * longer than the row's.
 */
export function transitionValues(t: Transition, changedAt: Date, owner: string | null) {
  const s = t.state;
  return {
    id: s.messageId, owner, stage: s.stage, status: s.status, sub_status: s.subStatus, status_updated: s.statusUpdated, sent_at: s.sentAt,
    follow_until: s.followUntil, due_at: s.dueAt, polls: s.polls, poll_times: asJson(s.pollTimes), send_attempts: s.sendAttempts,
    failed_since: s.failedSince, raised_count: s.attentionRaised.length, attention: s.attention, attention_at: s.attentionAt,
    attention_detail: s.attentionDetail, resolved: t.resolved ?? null, attention_raised: asJson(s.attentionRaised), last_error: s.lastError,
    erase: s.payload === null, changed_at: changedAt, unclear_at: s.unclearAt,
  };
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
