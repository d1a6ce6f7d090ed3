// The test suite's own PostgreSQL server does not outlive the run that
// started it: a run stopped from outside (SIGTERM, Ctrl-C) stops it on the
// way out, and one killed outright (SIGKILL, no way to clean up) has it
// removed by the next run's start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postgresBinaries, removeStalePostgres } from './postgres-server.js';

const HOLDER = fileURLToPath(new URL('./postgres-holder.ts', import.meta.url));

interface Held {
  child: ChildProcess;
  dir: string;
  postmaster: number;
}

/** Starts a process holding a server, once the server is up. */
async function holdServer(): Promise<Held> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code, signal) => reject(new Error(`the holder ended before its server was up (${code ?? signal})`)));
  });
  const { dir, postmaster } = JSON.parse(first) as { dir: string; postmaster: number };
  return { child, dir, postmaster };
}

/** Whether a process runs: one that has ended but is not yet reaped (a zombie, state Z) does not. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Whether the postmaster has ended, waiting up to 10 s for it: `pg_ctl stop -w` returns once the
 * server removed its pid file, a moment before its process is gone.
 */
async function ended(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Sends `signal` and resolves with the signal the process ended by (null: it exited by itself). */
function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    child.once('exit', (_code, by) => resolve(by));
    child.kill(signal);
  });
}

describe.skipIf(!postgresBinaries())("the test suite's PostgreSQL server", () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('is stopped, and its temporary directory removed, when its process gets %s', async (signal) => {
    const held = await holdServer();
    expect(isRunning(held.postmaster)).toBe(true);
    expect(existsSync(held.dir)).toBe(true);
    // The process still ends by the signal, as it would without the handler.
    expect(await stop(held.child, signal)).toBe(signal);
    expect(await ended(held.postmaster)).toBe(true);
    expect(existsSync(held.dir)).toBe(false);
  });

  it('left running by a process killed outright (SIGKILL), is stopped and removed by the next start', async () => {
    const held = await holdServer();
    expect(await stop(held.child, 'SIGKILL')).toBe('SIGKILL');
    expect(isRunning(held.postmaster)).toBe(true); // what a killed run leaves behind
    expect(existsSync(held.dir)).toBe(true);
    expect(removeStalePostgres()).toContain(held.dir);
    expect(await ended(held.postmaster)).toBe(true);
    expect(existsSync(held.dir)).toBe(false);
  });

  it("leaves a server alone while the process that started it runs (another run's)", async () => {
    const held = await holdServer();
    try {
      expect(removeStalePostgres()).not.toContain(held.dir);
      expect(isRunning(held.postmaster)).toBe(true);
    } finally {
      await stop(held.child, 'SIGTERM');
    }
    expect(existsSync(held.dir)).toBe(false);
  });
});
