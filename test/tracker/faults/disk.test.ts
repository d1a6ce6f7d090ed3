// The embedded ledger's disk faults, on a real file system: a 2 MB tmpfs the
// test fills to the last byte (SQLite's own SQLITE_FULL), and the same
// tmpfs remounted read-only (or the ledger's file bind-mounted read-only).
// chmod does not stop root, so a mount is the only honest way to make a
// directory read-only here. Where this process may not mount (not root, no
// CAP_SYS_ADMIN), the suite is skipped and says why.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/cdms-error.js';
import { createTracker, DatabaseUnavailableError } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { useSandbox } from '../../sandbox/support.js';
import { FAST, SQLITE, eventually } from '../support.js';

const env = useSandbox();
const mounted: string[] = [];
const made: string[] = [];

const run = (...args: string[]): void => void execFileSync(args[0] ?? '', args.slice(1), { stdio: 'pipe', timeout: 10_000 });

/** A fresh 2 MB tmpfs, or why none can be mounted here. */
function mountTmpfs(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-disk-fault-'));
  made.push(dir);
  run('mount', '-t', 'tmpfs', '-o', 'size=2m,mode=0700', 'tmpfs', dir);
  mounted.push(dir);
  return dir;
}

/** Whether this process may mount a tmpfs (tried once, then taken down). */
const unmountable = ((): string | null => {
  if (!SQLITE) return 'this runtime has no node:sqlite';
  try {
    const dir = mountTmpfs();
    run('umount', dir);
    mounted.splice(mounted.indexOf(dir), 1);
    return null;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${(error as Error).message.split('\n')[0] ?? 'unknown'})`;
  }
})();
if (unmountable) console.warn(`SKIPPED test/tracker/faults/disk.test.ts: ${unmountable}`);

afterAll(() => {
  // Innermost first (a bind mount of the ledger's file sits on its tmpfs); lazily if something still holds one.
  for (const dir of mounted.splice(0).reverse()) {
    try {
      run('umount', dir);
    } catch {
      run('umount', '-l', dir);
    }
  }
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Fills the file system under `dir` to its last byte; returns the filler's path. */
function fill(dir: string): string {
  const filler = join(dir, 'filler');
  for (const size of [65_536, 4_096, 512, 1]) {
    const chunk = Buffer.alloc(size);
    try {
      for (let i = 0; i < 10_000; i++) appendFileSync(filler, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  return filler;
}

describe.skipIf(unmountable !== null)('the embedded ledger on a disk that fills up or is read-only', () => {
  it('a full disk fails the calls that write with DatabaseUnavailableError (SQLITE_FULL), timers run on, health() says the ledger cannot write, and once space returns the tracker writes again with nothing lost', { timeout: 60_000 }, async () => {
    const disk = mountTmpfs();
    const tracker = await createTracker({ client: env.client(), database: join(disk, 'ledger'), ...FAST });
    let ticks = 0;
    const timer = setInterval(() => void ticks++, 10);
    try {
      await tracker.start();
      const before = crypto.randomUUID();
      await tracker.send('standard', standardMessage({ messageId: before }));

      const filler = fill(disk);
      const refused = crypto.randomUUID();
      const failure = await tracker.send('standard', standardMessage({ messageId: refused })).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect((failure as DatabaseUnavailableError).code).toBe('SQLITE_FULL');
      expect((failure as Error).message).toContain('the disk is full');
      // Recorded before it is sent: nothing reached the service.
      expect(env.sandbox.stats().sends[refused]).toBeUndefined();

      const full = await tracker.health();
      expect(full.ok).toBe(false);
      expect(full.database.reachable).toBe(true);
      expect(full.reasons.find((r) => r.code === 'ledger-not-writable')?.message).toContain('SQLITE_FULL');
      // The process and its timers go on while the disk is full (today's engine froze the whole process).
      const ticksThen = ticks;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ticks - ticksThen).toBeGreaterThan(5);
      expect(await tracker.get(before)).toMatchObject({ messageId: before });

      unlinkSync(filler);
      // By itself: the health check finds the ledger writes again, with no call from the app.
      await eventually('health() no longer says the ledger cannot write', async () => {
        const h = await tracker.health();
        return !h.reasons.some((r) => r.code === 'ledger-not-writable') && h;
      }, 10_000);
      await tracker.send('standard', standardMessage({ messageId: refused }));
      expect(await tracker.get(before)).toMatchObject({ messageId: before });
      expect(await tracker.get(refused)).toMatchObject({ messageId: refused });
      expect(env.sandbox.stats().sends[refused]).toMatchObject({ accepted: 1 });
    } finally {
      clearInterval(timer);
      await tracker.close();
    }
  });

  it('a read-only directory is a ConfigurationError that says so, not a failure that retries by itself', { timeout: 30_000 }, async () => {
    const disk = mountTmpfs();
    const database = join(disk, 'ledger');
    await (await createTracker({ client: env.client(), database })).close();
    run('mount', '-o', 'remount,ro', disk);
    const failure = await createTracker({ client: env.client(), database }).then(
      async (t) => (await t.close(), undefined),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as Error).message).toMatch(/read-only/);
    expect((failure as Error).message).not.toMatch(/retries|ENOENT/);
  });

  it('a read-only ledger file in a writable directory is a ConfigurationError that says so', { timeout: 30_000 }, async () => {
    const disk = mountTmpfs();
    const database = join(disk, 'ledger');
    mkdirSync(database, { recursive: true });
    await (await createTracker({ client: env.client(), database })).close();
    const file = join(database, 'ledger.sqlite');
    run('mount', '--bind', file, file);
    mounted.push(file);
    run('mount', '-o', 'remount,bind,ro', file);
    const failure = await createTracker({ client: env.client(), database }).then(
      async (t) => (await t.close(), undefined),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as Error).message).toMatch(/read-only/);
  });
});
