// The audit as the worklist shows and exports it: the tracker's entries,
// newest first for the page (oldest first for the CSV file), filtered by
// message, person, action and date.
import { isoWithOffset } from '../core/local-time.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import type { TrackerAuditEntry } from '../tracker/index.js';
import type { WorklistConfig } from './options.js';

/** The audit page's filters, from its query string. */
export interface AuditFilter {
  messageId: string;
  by: string;
  action: string;
  /** A day, `YYYY-MM-DD`: entries from its start (UTC). */
  since: string;
  cursor: string;
}

/** The actions a filter may name: checked against the tracker's own list by the compiler, both ways. */
const ACTIONS: ReadonlySet<string> = new Set(
  Object.keys({ acknowledge: 1, assign: 1, unassign: 1, resend: 1, replace: 1, 'poll-now': 1 } satisfies Record<TrackerAuditEntry['action'], 1>),
);

/** Reads the filters; values that cannot be right are dropped (and said so by the page). */
export function readAuditFilter(query: URLSearchParams): AuditFilter {
  const get = (name: string) => (query.get(name) ?? '').trim().slice(0, 200);
  const messageId = get('messageId');
  const since = get('since');
  const action = get('action');
  return {
    messageId: UUID_PATTERN.test(messageId) ? messageId : '',
    by: get('by'),
    action: ACTIONS.has(action) ? action : '',
    since: /^\d{4}-\d{2}-\d{2}$/.test(since) && !Number.isNaN(Date.parse(`${since}T00:00:00Z`)) ? since : '',
    cursor: /^[A-Za-z0-9_-]{1,64}$/.test(get('cursor')) ? get('cursor') : '',
  };
}

function keep(e: TrackerAuditEntry, f: AuditFilter): boolean {
  return (!f.by || e.by === f.by) && (!f.action || e.action === f.action);
}

/** A page of entries that pass the filters, newest first, and the cursor of the next. */
export async function auditPage(config: WorklistConfig, f: AuditFilter, size = 100): Promise<{ items: TrackerAuditEntry[]; next: string | undefined }> {
  const items: TrackerAuditEntry[] = [];
  let cursor: string | undefined = f.cursor || undefined;
  // Person and action filters are applied here: read on until a page is full (or a bounded number of pages was read).
  // Never more is read than the page has room for, so the cursor is where the page ends and nothing is skipped.
  for (let read = 0; read < 20 && items.length < size; read++) {
    const page = await config.tracker.audit({
      order: 'newest-first',
      limit: size - items.length,
      cursor,
      messageId: f.messageId || undefined,
      since: f.since ? new Date(`${f.since}T00:00:00Z`) : undefined,
    });
    items.push(...page.items.filter((e) => keep(e, f)));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { items, next: cursor };
}

/** Every entry that passes the filters, oldest first, for the CSV file (at most `cap`). */
export async function* auditEntries(config: WorklistConfig, f: AuditFilter, cap = 100_000): AsyncGenerator<TrackerAuditEntry> {
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await config.tracker.audit({ limit: 1000, cursor, messageId: f.messageId || undefined, since: f.since ? new Date(`${f.since}T00:00:00Z`) : undefined });
    for (const e of page.items) {
      if (!keep(e, f)) continue;
      if (count++ >= cap) return;
      yield e;
    }
    cursor = page.nextCursor;
  } while (cursor);
}

/** A CSV cell (RFC 4180), with text that a spreadsheet would run as a formula made inert. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV file's header line. */
export const CSV_HEADER = 'at,messageId,by,action,outcome,reason,assignee,replacement,note,detail\r\n';

/** One entry as a CSV line. */
export function csvLine(e: TrackerAuditEntry, timeZone = 'UTC'): string {
  return [isoWithOffset(e.at, timeZone), e.messageId, e.by, e.action, e.outcome, e.reason, e.assignee, e.replacement, e.note, e.detail].map(csvCell).join(',') + '\r\n';
}
