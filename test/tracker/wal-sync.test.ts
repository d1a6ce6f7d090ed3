// The embedded ledger's durability without a flush on the main thread: commits in WAL mode with
// synchronous NORMAL, and the writes a caller relies on flushed by an fsync of the log off the main
// thread, one flush shared by the callers that arrive while one is under way (wal-sync.ts, D-TRACKER-39).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDirectorySqlite, openMemorySqlite } from '../../src/tracker/db/sqlite/open.js';
import { fsyncFile, WalSync } from '../../src/tracker/db/sqlite/wal-sync.js';
import { SQLITE } from './support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!SQLITE)('the SQLite ledger: commits flushed off the main thread', () => {
  it('runs in WAL mode with synchronous NORMAL, so a commit waits for no flush on the main thread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-wal-sync-'));
    dirs.push(dir);
    const driver = await openDirectorySqlite(join(dir, 'ledger'));
    try {
      expect(driver.sqlite.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      // 1 is NORMAL (2 FULL).
      expect(driver.sqlite.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 1 });
    } finally {
      await driver.close();
    }
  });

  it("flushes the ledger's own log file, once per caller that finds none under way, and once for all who come while one runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-wal-sync-'));
    dirs.push(dir);
    const driver = await openDirectorySqlite(join(dir, 'ledger'));
    const flushed: string[] = [];
    let release: () => void = () => undefined;
    const sync = new WalSync(driver.sqlite, (file) => {
      flushed.push(file);
      return new Promise<void>((resolve) => (release = resolve));
    });
    try {
      const first = sync.durable();
      // These three came after the first flush began: their commits may be after it, so they share the next one.
      const later = [sync.durable(), sync.durable(), sync.durable()];
      expect(flushed).toEqual([join(dir, 'ledger', 'ledger.sqlite-wal')]);
      release();
      await first;
      await new Promise((resolve) => setImmediate(resolve));
      expect(flushed).toHaveLength(2);
      let settled = false;
      void Promise.all(later).then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      release();
      await Promise.all(later);
      expect(flushed).toHaveLength(2);
    } finally {
      await driver.close();
    }
  });

  it('flushes nothing for memory:, and a log file that is not there (all checkpointed) needs no flush', async () => {
    const flushed: string[] = [];
    const memory = openMemorySqlite();
    try {
      await new WalSync(memory.sqlite, (file) => Promise.resolve(void flushed.push(file))).durable();
      expect(flushed).toEqual([]);
    } finally {
      await memory.close();
    }
    await expect(fsyncFile(join(tmpdir(), 'cdms-no-such-ledger', 'ledger.sqlite-wal'))).resolves.toBeUndefined();
  });
});
