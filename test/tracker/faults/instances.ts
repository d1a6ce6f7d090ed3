// The parent side of instance.ts: start a tracker process, read its lines,
// kill it, and see how it ended.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { InstanceArgs } from './instance.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** A tracker process. */
export interface Instance {
  /** The JSON lines it printed so far. */
  readonly lines: Record<string, unknown>[];
  /** Resolves with the first line that has `key`. */
  line(key: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with its exit code (null when killed by a signal) and what it wrote on stderr. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** SIGKILL. */
  kill(): void;
  readonly child: ChildProcess;
}

/** Starts instance.ts with `args`. */
export function startInstance(args: InstanceArgs): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'instance.ts'), JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: join(here, '..', '..', '..'),
  });
  const lines: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    if (!text.startsWith('{')) return;
    lines.push(JSON.parse(text) as Record<string, unknown>);
    for (const wake of waiting.splice(0)) wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    lines,
    exited,
    child,
    kill: () => child.kill('SIGKILL'),
    async line(key, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((l) => key in l);
        if (found) return found;
        if (gone) throw new Error(`the instance exited without printing ${key}: ${stderr.slice(-2_000)}`);
        if (Date.now() > end) throw new Error(`no ${key} from the instance within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}
