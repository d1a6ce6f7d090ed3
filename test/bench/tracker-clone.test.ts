// The tracker scenario's fill and set-aside: the SQL it builds, and what a
// tracker reads back from a ledger filled that way (embedded engine).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneMessages, cloneSql, setAside, setAsideSql, sqliteCloneSql, unhandledEvents, type RunSql } from '../../bench/lib/tracker-clone.js';
import { trackedMessageId } from '../../bench/lib/tracker-ids.js';
import { CdmsClient } from '../../src/index.js';
import { loadSqlite } from '../../src/tracker/db/sqlite/load.js';
import { createTracker } from '../../src/tracker/index.js';
import { SQLITE, freshLedgerDirectory } from '../tracker/support.js';


describe('tracker bench: copies of an adopted row', () => {
  it('cloneSql: every column copied as it is but message_id, which comes from the JSON array; names quoted', () => {
    const sql = cloneSql('cdms_tracker', ['message_id', 'route', 'due_at']);
    expect(sql).toContain('INSERT INTO "cdms_tracker".messages ("message_id", "route", "due_at")');
    expect(sql).toContain('SELECT ids.id::uuid, t."route", t."due_at" FROM "cdms_tracker".messages t');
    expect(sql).toContain('jsonb_array_elements_text($1::jsonb)');
    expect(sql).toContain('WHERE t.message_id = $2::uuid');
    expect(() => cloneSql('s', ['route'])).toThrow(/no message_id/);
  });

  it('setAsideSql: only followed messages never polled, due a day later', () => {
    const sql = setAsideSql('cdms_tracker');
    expect(sql).toContain(`UPDATE "cdms_tracker".messages SET due_at = now() + interval '1 day'`);
    expect(sql).toContain(`WHERE polls = 0 AND stage = 'following'`);
  });

  it('sqliteCloneSql: every column copied but message_id, which comes from the JSON array; one row of n per copy', () => {
    const sql = sqliteCloneSql(['message_id', 'route', 'due_at']);
    expect(sql).toContain('INSERT INTO messages ("message_id", "route", "due_at")');
    expect(sql).toContain('SELECT ids.value, t."route", t."due_at" FROM messages t, json_each(?1) AS ids WHERE t.message_id = ?2');
    expect(sql).toContain('RETURNING 1 AS n');
    expect(() => sqliteCloneSql(['route'])).toThrow(/no message_id/);
  });

  // The copies are written into the embedded SQLite ledger by a connection of the bench's own, as the scenario does.
  it.skipIf(!SQLITE)('a tracker reads the copies as adopted messages, and the set-aside moves their next poll a day on', async () => {
    const database = freshLedgerDirectory();
    const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:59', apiKey: 'bench-test' });
    const ids = Array.from({ length: 12 }, (_, i) => trackedMessageId(5, i));
    const sentAt = new Date(Date.now() - 3_600_000);
    let tracker = await createTracker({ client, database });
    await tracker.track({ messageId: ids[0]!, route: 'standard', sentAt, topic: 'Discharge Summary', recipient: 'A81001' });
    await tracker.close();

    const DatabaseSync = loadSqlite();
    const db = new DatabaseSync(join(database, 'ledger.sqlite'));
    const run: RunSql = (sql, params) => Promise.resolve(db.prepare(sql).all(...params));
    try {
      expect(await cloneMessages(run, ids[0]!, ids.slice(1), undefined, 'sqlite')).toBe(11);
      await expect(cloneMessages(run, ids[0]!, ids.slice(1), undefined, 'sqlite')).rejects.toThrow(/UNIQUE constraint failed: messages.message_id/);
      expect(await setAside(run, undefined, 'sqlite')).toBe(12);
      // Adopting records no event; the count runs on the tracker's own tables.
      expect(await unhandledEvents(run, 'sqlite')).toBe(0);
    } finally {
      db.close();
    }

    tracker = await createTracker({ client, database });
    try {
      const [original, copy] = await Promise.all([tracker.get(ids[0]!), tracker.get(ids[11]!)]);
      expect(copy).toMatchObject({ messageId: ids[11], route: 'standard', status: original?.status, sentAt: original?.sentAt, polls: 0 });
      expect(copy?.nextPollAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
      expect((await tracker.stats()).total).toBe(12);
    } finally {
      await tracker.close();
    }
  });
});
