import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CdmsClient } from '../../../src/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { makeMemoryDirectory, MEMORY_PREFIX, removeStale } from '../../../src/tracker/db/memory-directory.js';

const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:59', apiKey: 'memory-directory' });

const memoryDirs = (parent = tmpdir()): string[] => readdirSync(parent).filter((n) => n.startsWith(MEMORY_PREFIX));

/** A pid that ran and exited, so no process has it (until the kernel reuses it). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe("'memory:' lives in a private temporary directory that goes with the tracker", () => {
  it('is removed when the tracker closes, and holds the ledger meanwhile', async () => {
    const before = new Set(memoryDirs());
    const tracker = await createTracker({ client, database: 'memory:' });
    const mine = memoryDirs().filter((n) => !before.has(n));
    expect(mine).toHaveLength(1);
    expect(existsSync(join(tmpdir(), mine[0]!, 'pgdata', 'PG_VERSION'))).toBe(true);
    await tracker.track({ messageId: '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11', route: 'standard', sentAt: new Date() });
    expect((await tracker.list()).items).toHaveLength(1);
    await tracker.close();
    expect(existsSync(join(tmpdir(), mine[0]!))).toBe(false);
  });

  it('is removed when the process exits without closing it', () => {
    const parent = mkdtempSync(join(tmpdir(), 'cdms-memexit-'));
    const script = `
      import { makeMemoryDirectory } from ${JSON.stringify(new URL('../../../src/tracker/db/memory-directory.ts', import.meta.url).href)};
      const dir = await makeMemoryDirectory(${JSON.stringify(parent)});
      process.stdout.write(dir.path);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(MEMORY_PREFIX);
    expect(existsSync(run.stdout)).toBe(false);
  });

  it('one left by a killed process is removed by the next open; a live one, and a fresh unlocked one, are kept', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cdms-memstale-'));
    const dead = join(parent, `${MEMORY_PREFIX}dead`);
    mkdirSync(join(dead, 'pgdata'), { recursive: true });
    writeFileSync(join(dead, 'lock'), JSON.stringify({ pid: deadPid(), host: hostname() }));
    const alive = join(parent, `${MEMORY_PREFIX}alive`);
    mkdirSync(alive);
    writeFileSync(join(alive, 'lock'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    const starting = join(parent, `${MEMORY_PREFIX}starting`);
    mkdirSync(starting);
    const abandoned = join(parent, `${MEMORY_PREFIX}abandoned`);
    mkdirSync(abandoned);
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(abandoned, longAgo, longAgo);
    const made = await makeMemoryDirectory(parent);
    expect(memoryDirs(parent).sort()).toEqual([`${MEMORY_PREFIX}alive`, `${MEMORY_PREFIX}starting`, made.path.split('/').pop()].sort());
    expect(await removeStale(parent)).toBe(0); // the live and the new are never taken for stale
    await made.remove();
    expect(existsSync(made.path)).toBe(false);
  });
});
