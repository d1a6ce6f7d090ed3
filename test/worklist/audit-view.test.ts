// The audit page's reading: every entry is on exactly one page as the pages
// are followed, with the person and action filters or without them.
import { describe, expect, it } from 'vitest';
import type { Tracker, TrackerAuditEntry, TrackerAuditOptions, TrackerAuditPage } from '../../src/tracker/index.js';
import { auditPage, type AuditFilter } from '../../src/worklist/audit-view.js';
import type { WorklistConfig } from '../../src/worklist/options.js';

/** A ledger's audit of `n` entries, newest first, paged by cursor as the tracker pages it. */
function auditOf(n: number): { entries: TrackerAuditEntry[]; config: WorklistConfig } {
  const entries = Array.from({ length: n }, (_, i): TrackerAuditEntry => ({
    id: String(n - i),
    at: new Date(Date.UTC(2026, 10, 26) - i * 1000),
    messageId: '3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',
    by: i % 3 === 0 ? 'bob' : 'alice',
    action: i % 2 === 0 ? 'assign' : 'unassign',
    outcome: 'done',
    reason: null,
    assignee: 'alice',
    replacement: null,
    note: null,
    detail: null,
  }));
  const audit = (o: TrackerAuditOptions = {}): Promise<TrackerAuditPage> => {
    const from = o.cursor === undefined ? 0 : entries.findIndex((e) => e.id === o.cursor) + 1;
    const items = entries.slice(from, from + (o.limit ?? 100));
    return Promise.resolve({ items, nextCursor: from + items.length < entries.length ? items.at(-1)?.id : undefined });
  };
  return { entries, config: { tracker: { audit } as unknown as Tracker } as unknown as WorklistConfig };
}

const NO_FILTER: AuditFilter = { messageId: '', by: '', action: '', since: '', cursor: '' };

async function walk(config: WorklistConfig, filter: AuditFilter): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor = '';
  do {
    const page = await auditPage(config, { ...filter, cursor });
    pages.push(page.items.map((e) => e.id));
    cursor = page.next ?? '';
  } while (cursor);
  return pages;
}

describe('the audit page', () => {
  it('following the pages shows every entry once, in order, a hundred to a page', async () => {
    const { entries, config } = auditOf(250);
    const pages = await walk(config, NO_FILTER);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(pages.flat()).toEqual(entries.map((e) => e.id));
  });

  it('with person and action filters: every matching entry once, none that does not match', async () => {
    const { entries, config } = auditOf(700);
    const pages = await walk(config, { ...NO_FILTER, by: 'bob', action: 'assign' });
    expect(pages.flat()).toEqual(entries.filter((e) => e.by === 'bob' && e.action === 'assign').map((e) => e.id));
    expect(pages.every((p) => p.length <= 100)).toBe(true);
  });
});
