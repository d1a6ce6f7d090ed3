// What a purge would delete, counted and nothing changed: `cdms track purge
// --dry-run`. The same choice of messages as the purge's own statement (a
// final stage, no open attention, every event handled, not leased, last
// changed before the cut-off), on either engine, in one read.
import type { SqlDriver } from '../db/driver.js';
import { bind, named } from '../db/named.js';
import { quoteIdentifier } from '../db/quote-identifier.js';
import { isSqliteDriver } from '../db/sqlite/open.js';
import type { PurgeResult } from './purge.js';

/** What a purge would delete, and how many of those messages the audit names (its entries stay). */
export interface PurgePreview extends PurgeResult {
  /** Messages last changed before this would go. */
  before: Date;
  /** Of the messages, those with entries in the audit: the entries stay, and the message's page says when it was removed. */
  audited: number;
}

/** Counts what purging settled messages last changed before `before` would delete. Reads only. */
export async function previewPurge(db: SqlDriver, schema: string, before: Date, now: Date): Promise<PurgePreview> {
  const sqlite = isSqliteDriver(db);
  const t = (table: string) => (sqlite ? table : `${quoteIdentifier(schema)}.${table}`);
  // The embedded ledger keeps times as milliseconds.
  const at = (d: Date) => (sqlite ? d.getTime() : d);
  // Named as the purge's own statements name them; `$n` for either engine (the SQLite driver reads `$n` as `?n`).
  const preview = named(
    `WITH doomed AS (
      SELECT m.message_id FROM ${t('messages')} m
      WHERE m.stage IN ('settled', 'failed') AND m.attention IS NULL AND m.changed_at < :before
        AND (m.lease_until IS NULL OR m.lease_until < :now)
        AND NOT EXISTS (SELECT 1 FROM ${t('events')} e WHERE e.message_id = m.message_id AND e.handled_at IS NULL)
    )
    SELECT CAST((SELECT count(*) FROM doomed) AS integer) AS messages,
      CAST((SELECT count(*) FROM ${t('history')} h WHERE h.message_id IN (SELECT message_id FROM doomed)) AS integer) AS histories,
      CAST((SELECT count(*) FROM ${t('events')} e WHERE e.message_id IN (SELECT message_id FROM doomed)) AS integer) AS events,
      CAST((SELECT count(*) FROM doomed d WHERE EXISTS (SELECT 1 FROM ${t('audit')} a WHERE a.message_id = d.message_id)) AS integer) AS audited`,
  );
  const [row] = await db.query<{ messages: unknown; histories: unknown; events: unknown; audited: unknown }>(
    ...bind(preview, { before: at(before), now: at(now) }),
  );
  return { before, messages: Number(row?.messages ?? 0), histories: Number(row?.histories ?? 0), events: Number(row?.events ?? 0), audited: Number(row?.audited ?? 0) };
}
