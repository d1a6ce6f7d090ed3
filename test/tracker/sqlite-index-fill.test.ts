// The embedded ledger's newest-first index is kept in ascending order: every
// new message's key is the largest, so SQLite appends it and the index's pages
// stay full. In descending order each key went in at the far left and every
// split left two half-full pages, doubling the index on disk and in a
// `memory:` ledger; SQLite reads the ascending index backwards for the lists.
import { describe, expect, it } from 'vitest';
import { createTracker } from '../../src/tracker/index.js';
import { useSandbox } from '../sandbox/support.js';
import { withLedgerFile } from './sqlite-ledger.js';
import { FAST, SQLITE, freshLedgerDirectory } from './support.js';

const env = useSandbox();
const ADOPTED = 3_000;

describe.skipIf(!SQLITE)('the embedded ledger keeps its newest-first index full', () => {
  it('adopted messages fill the index pages, and the newest-first list reads the index backwards', async () => {
    const database = freshLedgerDirectory();
    const tracker = await createTracker({ client: env.client(), database, ...FAST });
    const sentAt = new Date(Date.now() - 60_000);
    let next = 0;
    const adopt = async (): Promise<void> => {
      while (next < ADOPTED) {
        next++;
        await tracker.track({ messageId: crypto.randomUUID(), route: 'standard', sentAt });
      }
    };
    await Promise.all(Array.from({ length: 32 }, adopt));
    const newest = await tracker.list({ limit: 3 });
    await tracker.close();
    await withLedgerFile(database, (db) => {
      const leaves = db
        .prepare("SELECT sum(pgsize - unused) AS used, sum(pgsize) AS size, count(*) AS pages FROM dbstat WHERE name = 'messages_created' AND pagetype = 'leaf'")
        .get() as { used: number; size: number; pages: number };
      expect(leaves.pages).toBeGreaterThan(10);
      // Appended keys fill a page before the next one starts (about half full when they went in at the left).
      expect(leaves.used / leaves.size).toBeGreaterThan(0.85);
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT * FROM messages ORDER BY created_at DESC, message_id DESC LIMIT 3')
        .all()
        .map((row) => String(row['detail']));
      expect(plan.join('\n')).toContain('USING INDEX messages_created');
      expect(plan.join('\n')).not.toContain('TEMP B-TREE');
      const newestInLedger = db.prepare('SELECT message_id FROM messages ORDER BY created_at DESC, message_id DESC LIMIT 3').all();
      expect(newest.items.map((m) => m.messageId)).toEqual(newestInLedger.map((row) => row['message_id']));
    });
  });
});
