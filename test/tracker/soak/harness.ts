// The parent side of the soak tests: the practice process, tracker worker
// processes that can be killed and restarted, and readers of what they left.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { SandboxMessage, SandboxStats } from '../../../src/sandbox/index.js';
import type { WorkerArgs } from './plan.js';
import { withLedgerFile } from '../sqlite-ledger.js';

const here = fileURLToPath(new URL('.', import.meta.url));

function tsNode(script: string, args: string[], ipc: boolean): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(here, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
    cwd: join(here, '..', '..', '..'),
  });
}

/** The sandbox with its practice, in its own process. */
export interface Practice {
  url: string;
  apiKey: string;
  messages(): Promise<SandboxMessage[]>;
  stats(): Promise<SandboxStats>;
  stop(): void;
}

export async function startPractice(settleAfterMs: number): Promise<Practice> {
  const child = tsNode('practice.ts', [String(settleAfterMs)], false);
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`practice exited with ${code}`)));
  });
  const { url, apiKey } = JSON.parse(line) as { url: string; apiKey: string };
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${url}${path}`)).json()) as T;
  return {
    url,
    apiKey,
    messages: () => get<SandboxMessage[]>('/_sandbox/messages'),
    stats: () => get<SandboxStats>('/_sandbox/stats'),
    stop: () => child.kill('SIGKILL'),
  };
}

/** A tracker worker slot: restarted after each kill, with the same instance id. */
export class WorkerSlot {
  #child: ChildProcess | undefined;
  #exited = true;
  starts = 0;

  constructor(readonly args: WorkerArgs) {}

  get alive(): boolean {
    return !this.#exited;
  }

  start(): void {
    this.starts++;
    this.#exited = false;
    const child = tsNode('worker.ts', [JSON.stringify(this.args)], true);
    child.stdout?.resume();
    child.once('exit', () => {
      if (this.#child === child) this.#exited = true;
    });
    this.#child = child;
  }

  kill(): void {
    this.#child?.kill('SIGKILL');
  }

  /** Asks the worker to close cleanly and waits for it. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || this.#exited) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** One event as a worker's handler logged it. */
export interface LoggedEvent {
  id: string;
  kind: string;
  messageId: string;
  by: string;
}

export function readEventLog(file: string): LoggedEvent[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as LoggedEvent);
}

/** Runs queries against a ledger once its workers are stopped. */
export async function withLedger<T>(
  database: string,
  work: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (database.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: database, max: 1 });
    try {
      return await work(async (sql) => (await pool.query(sql)).rows as Record<string, unknown>[]);
    } finally {
      await pool.end();
    }
  }
  // The embedded ledger is one SQLite file: no schema, and no PostgreSQL casts (its values already are text and numbers).
  return withLedgerFile(database, (db) => work((sql) => Promise.resolve(db.prepare(sql.replace(/::(text|int)\b/g, '').replaceAll('cdms_tracker.', '')).all())));
}
