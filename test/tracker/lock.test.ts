import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { DatabaseInUseError, lockDirectory, type HeldLock, type LockOptions } from '../../src/tracker/db/lock-file.js';
import { startHeartbeat } from '../../src/tracker/db/lock/heartbeat.js';
import { canUnsharePid, startHolder } from './lock-processes.js';

const held: HeldLock[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((l) => l.release()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function lockPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-lock-'));
  dirs.push(dir);
  return join(dir, 'lock');
}

async function take(path: string, options?: LockOptions): Promise<{ ms: number; lock: HeldLock }> {
  const start = Date.now();
  const lock = await lockDirectory(path, options);
  held.push(lock);
  return { ms: Date.now() - start, lock };
}

const refusal = (path: string, options?: LockOptions): Promise<unknown> => lockDirectory(path, options).then((l) => (held.push(l), 'taken'), (e: unknown) => e);

const unshareNote = canUnsharePid() ? undefined : 'unshare --pid --fork is not available here (needs root or user namespaces, and util-linux)';
if (unshareNote) console.warn(`*** PID-namespace lock test SKIPPED: ${unshareNote} ***`);

describe('the embedded ledger lock', () => {
  it('a second taker in the same process is refused, naming this process; after release the next takes it without waiting', async () => {
    const path = lockPath();
    const first = await take(path);
    const second = await refusal(path);
    expect(second).toBeInstanceOf(DatabaseInUseError);
    expect(second).toBeInstanceOf(ConfigurationError);
    expect(second).toMatchObject({ holder: { pid: process.pid, host: hostname() } });
    await first.lock.release();
    const third = await take(path);
    expect(third.ms).toBeLessThan(2_000);
    // Only the holder's files are left: its record, socket and heartbeat.
    expect(readdirSync(path).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\.json$/)]));
    expect(statSync(path).mode & 0o777).toBe(0o700);
  });

  it('a holder killed with SIGKILL on this kernel, under another host name (a rescheduled pod on a shared volume): refused while alive, taken over at once after', async () => {
    const path = lockPath();
    const holder = await startHolder(path, { pose: { host: 'rescheduled-pod-7f9c' } });
    expect(await holder.take()).toMatchObject({ held: true });
    expect(await refusal(path)).toMatchObject({ holder: { pid: holder.pid, host: 'rescheduled-pod-7f9c' } });
    await holder.kill();
    // Ten seconds of heartbeat watching would be needed without the socket; the kernel says at once.
    const { ms } = await take(path, { stillMs: 10_000 });
    expect(ms).toBeLessThan(3_000);
  });

  it.skipIf(unshareNote)("a holder that is PID 1 of its own PID namespace (a container's main process): refused while alive, taken over at once after SIGKILL", async () => {
    const path = lockPath();
    const holder = await startHolder(path, { newPidNamespace: true });
    expect(holder.pid).toBe(1);
    expect(await holder.take()).toMatchObject({ held: true });
    const refused = await refusal(path, { stillMs: 10_000 });
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect(refused).toMatchObject({ holder: { pid: 1 } });
    await holder.kill();
    const { ms } = await take(path, { stillMs: 10_000 });
    expect(ms).toBeLessThan(3_000);
    // And the other way round: PID 1 of a new namespace takes over a lock this process left by dying.
    const path2 = lockPath();
    const dying = await startHolder(path2);
    expect(await dying.take()).toMatchObject({ held: true });
    await dying.kill();
    const successor = await startHolder(path2, { newPidNamespace: true });
    const answer = await successor.take();
    expect(answer).toMatchObject({ held: true });
  });

  it('a holder on another node (another kernel): refused while its heartbeat moves, taken over once it has been still for stillMs', async () => {
    const path = lockPath();
    const holder = await startHolder(path, { pose: { kernel: 'boot:another-node', host: 'node-b' }, lock: { beatMs: 200 } });
    expect(await holder.take()).toMatchObject({ held: true });
    const refusedAt = Date.now();
    expect(await refusal(path, { stillMs: 3_000 })).toMatchObject({ holder: { host: 'node-b' } });
    // Seen alive by its first beat, well before the still time.
    expect(Date.now() - refusedAt).toBeLessThan(2_500);
    await holder.kill();
    const { ms } = await take(path, { stillMs: 3_000 });
    expect(ms).toBeGreaterThanOrEqual(2_900);
  });

  it('a record that cannot be read (half-written, corrupt) is never taken as stale: refused while any heartbeat moves, taken once all are still', async () => {
    const path = lockPath();
    mkdirSync(path, { mode: 0o700 });
    writeFileSync(join(path, '7.json'), '{"pid": 4');
    const beat = startHeartbeat(join(path, '0123456789abcdef.beat'), 100);
    try {
      expect(await refusal(path, { stillMs: 2_000 })).toMatchObject({ holder: { pid: 0, host: 'unknown' } });
    } finally {
      beat.stop();
    }
    const { ms } = await take(path, { stillMs: 2_000 });
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(readdirSync(path)).not.toContain('7.json');
  });

  it("an older version's lock file: respected while its process runs, replaced by the directory once it is dead", async () => {
    const path = lockPath();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(path, JSON.stringify({ pid: sleeper.pid, host: hostname() }));
      expect(await refusal(path)).toMatchObject({ holder: { pid: sleeper.pid } });
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    await take(path);
    expect(statSync(path).isDirectory()).toBe(true);
  });
});
