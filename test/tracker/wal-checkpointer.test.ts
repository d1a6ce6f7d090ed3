// While a large content is written to the SQLite ledger, the main
// connection makes no checkpoint of its own and a worker thread makes them
// (wal-checkpointer.ts, D-TRACKER-41); after it, the connection's own are
// back, and closing the ledger still checkpoints and removes the log.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/tracker/db/migrate.js';
import { openDirectorySqlite } from '../../src/tracker/db/sqlite/open.js';
import { checkpointerOf } from '../../src/tracker/db/sqlite/wal-checkpointer.js';
import { databaseFileOf } from '../../src/tracker/db/sqlite/wal-sync.js';
import { newState } from '../../src/tracker/model/message-state.js';
import { SqliteStore } from '../../src/tracker/store/sqlite/store.js';
import { SQLITE } from './support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function bigState(megabytes: number) {
  const messageId = randomUUID();
  const attachments = Array.from({ length: megabytes }, () => ({ content: randomBytes(750_000).toString('base64') }));
  return newState(messageId, 'standard', 'sending', Date.now(), { payload: { message: { messageId, attachments } } });
}

describe.skipIf(!SQLITE)('checkpoints of a large content, off the main thread', () => {
  it('turns the connection’s own checkpoints off while the pieces are written, has the worker make them, and turns them back on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-checkpointer-'));
    dirs.push(dir);
    const directory = join(dir, 'ledger');
    const driver = await openDirectorySqlite(directory);
    await migrate(driver, 'cdms_tracker');
    const store = new SqliteStore(driver.sqlite);
    const autocheckpoint = (): unknown => driver.sqlite.prepare('PRAGMA wal_autocheckpoint').get()?.wal_autocheckpoint;
    const seen: unknown[] = [];
    // What the connection's setting is while the pieces are written: read between the insert's turns.
    let watching = true;
    const watch = (): void => {
      seen.push(autocheckpoint());
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    await store.insert(bigState(6));
    watching = false;
    expect(seen).toContain(0);
    expect(autocheckpoint()).toBe(1000);
    const checkpointer = checkpointerOf(driver.sqlite, databaseFileOf(driver.sqlite));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(checkpointer?.done).toBeGreaterThanOrEqual(1);
    // The worker's checkpoints copied the log into the database file.
    expect(statSync(join(directory, 'ledger.sqlite')).size).toBeGreaterThan(4_000_000);
    await driver.close();
    // The worker's connection closed first, so the main one was the last: its close removed the log.
    expect(existsSync(join(directory, 'ledger.sqlite-wal'))).toBe(false);
  });

  it('starts no worker for a ledger of small contents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-checkpointer-'));
    dirs.push(dir);
    const driver = await openDirectorySqlite(join(dir, 'ledger'));
    await migrate(driver, 'cdms_tracker');
    const store = new SqliteStore(driver.sqlite);
    await store.insert(newState(randomUUID(), 'standard', 'sending', Date.now(), { payload: { message: { note: 'small' } } }));
    expect(checkpointerOf(driver.sqlite, databaseFileOf(driver.sqlite))?.done).toBe(0);
    await driver.close();
  });
});
