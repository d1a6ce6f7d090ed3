// The bench's meter of node:sqlite statements: the tracker's statements counted by kind, the bench's own not,
// and the ledger found by its messages table.
import { describe, expect, it } from 'vitest';
import { DbMeter } from '../../bench/lib/db-meter.js';
import { meterSqlite } from '../../bench/lib/sqlite-meter.js';
import { loadSqlite } from '../../src/tracker/db/sqlite/load.js';
import { SQLITE } from '../tracker/support.js';

describe('tracker bench: the SQLite meter', () => {
  it.skipIf(!SQLITE)('counts every statement by kind, finds the ledger by its messages table, and leaves the bench\'s own statements out', async () => {
    const meter = new DbMeter();
    const { instance } = meterSqlite(meter);
    const DatabaseSync = loadSqlite();
    const lock = new DatabaseSync(':memory:');
    lock.prepare('SELECT 1 AS one').all();
    expect(instance()).toBeUndefined();
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE messages (message_id TEXT PRIMARY KEY, polls INTEGER)');
    db.prepare('INSERT INTO messages (message_id, polls) VALUES (?, 0)').run('a');
    db.prepare('INSERT INTO messages (message_id, polls) VALUES (?, 0)').run('b');
    expect(meter.snapshot().statements).toBe(3);
    expect(meter.snapshot().byKind['INSERT INTO messages (message_id,']?.count).toBe(2);
    const rows = await instance()!.unmetered('SELECT count(*) AS n FROM messages WHERE polls = ?', [0]);
    expect(rows).toEqual([{ n: 2 }]);
    expect(meter.snapshot().statements).toBe(3);
    expect(instance()!.walBytes()).toBe(0);
    db.close();
    lock.close();
  });
});
