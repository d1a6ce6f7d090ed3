import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { DatabaseInUseError } from '../../src/tracker/db/in-use-error.js';
import { lockLedger, type SqliteLock } from '../../src/tracker/db/sqlite/lock.js';
import { canUnsharePid, startHolder } from './lock-processes.js';
import { SQLITE } from './support.js';

const held: SqliteLock[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const l of held.splice(0)) l.release();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function ledgerDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-lock-'));
  dirs.push(dir);
  return dir;
}

async function take(dir: string): Promise<{ ms: number; lock: SqliteLock }> {
  const start = Date.now();
  const lock = await lockLedger(dir);
  held.push(lock);
  return { ms: Date.now() - start, lock };
}

const refusal = (dir: string): Promise<unknown> => lockLedger(dir).then((l) => (held.push(l), 'taken'), (e: unknown) => e);

const unshareNote = canUnsharePid() ? undefined : 'unshare --pid --fork is not available here (needs root or user namespaces, and util-linux)';
if (unshareNote) console.warn(`*** PID-namespace lock test SKIPPED: ${unshareNote} ***`);

describe.skipIf(!SQLITE)('the embedded ledger lock (SQLite)', () => {
  it('a second taker in the same process is refused, naming this process; after release the next takes it without waiting', async () => {
    const dir = ledgerDir();
    const first = await take(dir);
    const second = await refusal(dir);
    expect(second).toBeInstanceOf(DatabaseInUseError);
    expect(second).toBeInstanceOf(ConfigurationError);
    expect(second).toMatchObject({ holder: { pid: process.pid, host: hostname() } });
    first.lock.release();
    const third = await take(dir);
    expect(third.ms).toBeLessThan(2_000);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o077, name).toBe(0);
  });

  it('a holder killed with SIGKILL: refused while alive, taken over at once after (the kernel frees its lock)', async () => {
    const dir = ledgerDir();
    const holder = await startHolder(dir);
    expect(await holder.take()).toMatchObject({ held: true });
    expect(await refusal(dir)).toMatchObject({ holder: { pid: holder.pid, host: hostname() } });
    await holder.kill();
    const { ms } = await take(dir);
    expect(ms).toBeLessThan(1_000);
  });

  it.skipIf(unshareNote)("a holder that is PID 1 of its own PID namespace (a container's main process): refused while alive, taken over at once after SIGKILL", async () => {
    const dir = ledgerDir();
    const holder = await startHolder(dir, { newPidNamespace: true });
    expect(holder.pid).toBe(1);
    expect(await holder.take()).toMatchObject({ held: true });
    const refused = await refusal(dir);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    await holder.kill();
    const { ms } = await take(dir);
    expect(ms).toBeLessThan(1_000);
    // And the other way round: PID 1 of a new namespace takes over a lock this process left by dying.
    const dir2 = ledgerDir();
    const dying = await startHolder(dir2);
    expect(await dying.take()).toMatchObject({ held: true });
    await dying.kill();
    const successor = await startHolder(dir2, { newPidNamespace: true });
    expect(await successor.take()).toMatchObject({ held: true });
  });
});
