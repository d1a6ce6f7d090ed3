// The audit of people's actions on the ledger (acknowledge, assign, send
// again, replace, poll now): what a tracker's `audit()` returns, read a page at a time
// with an opaque cursor. The entries are append-only (the ledger refuses to
// change or delete them) and name the person the app said was acting.
import { LocalValidationError } from '../core/errors/local-errors.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import type { SqlRow } from './db/driver.js';
import { date, text } from './store/rows.js';
import type { LedgerStore } from './store/ledger-store.js';
import type { AttentionReason } from './model/types.js';

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

/** Options of `tracker.audit`. Every filter is optional; they combine with AND. */
export interface TrackerAuditOptions {
  /** Only the entries of this message. */
  messageId?: string | undefined;
  /** Only the entries written at or after this time. */
  since?: Date | undefined;
  /** Page size, 1 to 1000. @defaultValue 100 */
  limit?: number | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** The order of the entries. @defaultValue 'oldest-first' */
  order?: 'oldest-first' | 'newest-first' | undefined;
}

/** A page of `tracker.audit`. */
export interface TrackerAuditPage {
  /** The entries of this page, in the order asked for. */
  items: TrackerAuditEntry[];
  /** Pass as `cursor` for the next page; undefined on the last page. */
  nextCursor: string | undefined;
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

/** Reads the audit a page at a time. @throws LocalValidationError for a bad limit, cursor, messageId or since. */
export async function readAudit(store: LedgerStore, options: TrackerAuditOptions = {}): Promise<TrackerAuditPage> {
  const limit = options.limit ?? 100;
  const problems: { name: string; reason: string }[] = [];
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) problems.push({ name: 'limit', reason: 'must be a whole number from 1 to 1000' });
  if (options.messageId !== undefined && !UUID_PATTERN.test(options.messageId)) {
    problems.push({ name: 'messageId', reason: 'must be a UUID' });
  }
  if (options.since !== undefined && !(options.since instanceof Date && !Number.isNaN(options.since.getTime()))) {
    problems.push({ name: 'since', reason: 'must be a valid Date' });
  }
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  if (after === null) problems.push({ name: 'cursor', reason: 'must be the nextCursor of an earlier page, unchanged' });
  if (problems.length > 0) throw new LocalValidationError(problems);
  const newestFirst = options.order === 'newest-first';
  const rows = await store.audit({ messageId: options.messageId, since: options.since, after: after ?? undefined, limit: limit + 1, newestFirst });
  const items = rows.slice(0, limit).map(toAuditEntry);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? Buffer.from(`a:${last.id}`).toString('base64url') : undefined };
}

function decodeCursor(cursor: string): string | null {
  const m = /^a:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m?.[1] ?? null;
}
