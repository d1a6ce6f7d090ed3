// The audit of people's actions on the ledger (acknowledge, assign, send
// again, replace, poll now) as the store keeps it: an entry's types, and the
// reading of an `audit` row. The entries are append-only (the ledger refuses
// to change or delete them) and name the person the app said was acting.
import type { SqlRow } from '../db/driver.js';
import { date, text } from './rows.js';
import type { AttentionReason } from '../model/types.js';

/**
 * What a person did:
 * - `acknowledge`: cleared the message's attention, with a note;
 * - `assign` / `unassign`: took the message (or gave it to someone), or let it go;
 * - `resend`: sent it again as a new message that replaces it (see `replacement`);
 * - `replace`: sent the next version of its GP-route document (`tracker.replace`; see `replacement`);
 * - `poll-now`: asked the service for its status now.
 */
export type TrackerAuditAction = 'acknowledge' | 'assign' | 'unassign' | 'resend' | 'replace' | 'poll-now';

/**
 * How the attempt ended:
 * - `done`: it took effect;
 * - `conflict`: someone else acted on the message first (the attention was
 *   already cleared, the message already assigned or resent); nothing changed;
 * - `refused`: the tracker (or the app, through `recordRefusal`) refused it (a
 *   resend that failed local validation or that the app cannot make, a poll
 *   the service's guidance does not allow yet); nothing changed;
 * - `failed`: it was tried and did not work (a poll the service answered
 *   with an error); `detail` says what failed.
 */
export type TrackerAuditOutcome = 'done' | 'conflict' | 'refused' | 'failed';

/** One person's action on a message, as the audit keeps it. */
export interface TrackerAuditEntry {
  /** The entry's id: unique, increasing in the order entries were written. */
  id: string;
  /** When it happened. */
  at: Date;
  /** The message acted on. */
  messageId: string;
  /** Who acted: the person's id as the app's sign-in gave it; null for an acknowledgement made without a name (`acknowledge(messageId)`). */
  by: string | null;
  /** What they did. */
  action: TrackerAuditAction;
  /** How it ended. */
  outcome: TrackerAuditOutcome;
  /** The message's attention reason when they acted (for an acknowledgement, the reason cleared). */
  reason: AttentionReason | null;
  /** For `assign`, the person it was assigned to; for `unassign`, the person it was taken from. */
  assignee: string | null;
  /** For `resend` and `replace`, the new message that replaces this one. */
  replacement: string | null;
  /** The person's note, as they wrote it. */
  note: string | null;
  /** Why the tracker refused it, when it did; never patient data. */
  detail: string | null;
}

/** An `audit` row as an entry. */
export function toAuditEntry(row: SqlRow): TrackerAuditEntry {
  return {
    id: String(row.id),
    at: date(row.at) ?? new Date(0),
    messageId: String(row.message_id),
    by: text(row.actor),
    action: row.action as TrackerAuditAction,
    outcome: row.outcome as TrackerAuditOutcome,
    reason: text(row.reason) as AttentionReason | null,
    assignee: text(row.assignee),
    replacement: text(row.related),
    note: text(row.note),
    detail: text(row.detail),
  };
}

/** An entry's values by column, named as both engines' statements that write an entry name them. */
export function auditValues(e: Omit<TrackerAuditEntry, 'id'>) {
  return {
    at: e.at, message_id: e.messageId, actor: e.by, action: e.action, outcome: e.outcome, reason: e.reason,
    assignee: e.assignee, related: e.replacement, note: e.note, detail: e.detail,
  };
}
