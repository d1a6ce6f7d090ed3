// The tracker's reads for the app and the CLI: one message with its
// history, and the list a page at a time with an opaque cursor.
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { assertUuid } from '../../core/path.js';
import type { ListFilter } from '../store/store.js';
import type { LedgerStore } from '../store/ledger-store.js';
import { toSummary } from '../store/rows.js';
import type { TrackedMessage, TrackedMessageSummary, TrackedRoute, TrackerStage } from '../model/types.js';

/** Options of `tracker.list`. Every filter is optional; they combine with AND. */
export interface TrackerListOptions {
  /** Only messages whose last known service status is this (e.g. 'PENDING'). */
  status?: string | undefined;
  /** Only messages of this route. */
  route?: TrackedRoute | undefined;
  /** Only messages at this stage. */
  stage?: TrackerStage | undefined;
  /** true: only messages that need attention; false: only those that do not. */
  attention?: boolean | undefined;
  /** Page size, 1 to 1000. @defaultValue 50 */
  limit?: number | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
}

/** A page of `tracker.list`, newest first. */
export interface TrackerListPage {
  /** The messages of this page. */
  items: TrackedMessageSummary[];
  /** Pass as `cursor` for the next page; undefined on the last page. */
  nextCursor: string | undefined;
}

/** A message with its history, or undefined when the ledger does not hold it. */
export async function getMessage(store: LedgerStore, messageId: string): Promise<TrackedMessage | undefined> {
  const state = await store.get(messageId);
  if (!state) return undefined;
  return { ...toSummary(state), history: await store.history(messageId) };
}

/**
 * When retention removed a message the audit names (its entries stay), or
 * undefined: the tracker holds it, never held it, or removed it before
 * removals were kept.
 */
export async function removedAt(store: LedgerStore, messageId: string): Promise<Date | undefined> {
  assertUuid('messageId', messageId);
  return (await store.removedAt(messageId)) ?? undefined;
}

/** Lists messages, newest first, a page at a time. */
export async function listMessages(store: LedgerStore, options: TrackerListOptions = {}): Promise<TrackerListPage> {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new LocalValidationError([{ name: 'limit', reason: 'must be a whole number from 1 to 1000' }]);
  }
  const filter: ListFilter = {
    status: options.status,
    route: options.route,
    stage: options.stage,
    attention: options.attention,
    after: options.cursor === undefined ? undefined : decodeCursor(options.cursor),
    limit: limit + 1,
  };
  const rows = await store.list(filter);
  const items = rows.slice(0, limit).map(toSummary);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : undefined };
}

function encodeCursor(m: TrackedMessageSummary): string {
  return Buffer.from(JSON.stringify([m.createdAt.toISOString(), m.messageId])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; messageId: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const createdAt = new Date(String(at));
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(createdAt.getTime())) return { createdAt, messageId: id };
  } catch {
    // fall through to the error below
  }
  throw new LocalValidationError([{ name: 'cursor', reason: 'must be the nextCursor of an earlier page, unchanged' }]);
}
