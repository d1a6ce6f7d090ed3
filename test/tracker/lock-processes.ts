// The parent side of the lock tests: holder processes (lock-holder.ts) to
// start, command and kill, and whether this machine can start one as PID 1
// of a new PID namespace.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

/** An answer of a holder process. */
export interface HolderAnswer {
  held?: boolean;
  at?: number;
  error?: string;
  holder?: { pid: number; host: string };
  pid?: number;
  released?: boolean;
}

/** A holder process: started, waiting for commands. */
export interface HolderProcess {
  /** Its process id as it sees it (1 in a new PID namespace). */
  pid: number;
  take(): Promise<HolderAnswer>;
  release(): Promise<HolderAnswer>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
}

const started = new Set<ChildProcess>();
afterEach(() => {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
});

/**
 * Whether `unshare --pid --fork --mount-proc` works here (root, or user
 * namespaces allowed, and util-linux installed).
 */
export function canUnsharePid(): boolean {
  const r = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'true'], { stdio: 'ignore', timeout: 10_000 });
  return r.status === 0;
}

/** Starts a holder process of the lock of the ledger directory `path`. */
export async function startHolder(path: string, options: { newPidNamespace?: boolean } = {}): Promise<HolderProcess> {
  const node = [process.execPath, '--import', 'tsx', join(here, 'lock-holder.ts'), JSON.stringify({ path })];
  const [file, ...args] = options.newPidNamespace ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL', ...node] : node;
  const child = spawn(file as string, args, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  started.add(child);
  const lines: Interface = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const waiting: { resolve: (a: HolderAnswer) => void; reject: (e: Error) => void }[] = [];
  let gone: Error | undefined;
  lines.on('line', (line) => waiting.shift()?.resolve(JSON.parse(line) as HolderAnswer));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      gone = new Error(`holder exited (${code})`);
      for (const w of waiting.splice(0)) w.reject(gone);
      resolve();
    }),
  );
  const next = () =>
    new Promise<HolderAnswer>((resolve, reject) => {
      if (gone) reject(gone);
      else waiting.push({ resolve, reject });
    });
  const ask = (command: string) => {
    const answer = next();
    child.stdin?.write(`${command}\n`);
    return answer;
  };
  // Every process holding the output pipe is gone (under unshare, the PID-1 node dies after unshare does).
  const outputClosed = new Promise<void>((resolve) => child.stdout?.once('close', () => resolve()));
  const ready = await next();
  return {
    pid: ready.pid ?? 0,
    take: () => ask('take'),
    release: () => ask('release'),
    async kill() {
      child.kill('SIGKILL');
      await Promise.all([exited, outputClosed]);
      started.delete(child);
    },
  };
}
