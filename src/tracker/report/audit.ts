// The audit of people's actions, read a page at a time with an opaque cursor:
// what a tracker's `audit()` returns.
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import type { LedgerStore } from '../store/ledger-store.js';
import { toAuditEntry, type TrackerAuditEntry } from '../store/audit-entry.js';

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
