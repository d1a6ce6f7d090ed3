// A PostgreSQL server the test can silence: a loopback TCP proxy in front of
// it holds every byte when told (neither refusing nor closing), as a dropped
// network or a frozen server would; and a sandbox for the tracker's client.
// Started before a file's tests, stopped after them.
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { hasPostgres, startFaultyPostgres, type FaultyPostgres } from './postgres-fault-server.js';
import { startBlackholeProxy, type BlackholeProxy } from './tcp-blackhole-proxy.js';

/** The parts, filled in before the file's first test. */
export interface SilentPostgres {
  server: FaultyPostgres;
  proxy: BlackholeProxy;
  sandbox: Sandbox;
  /** The server's URL through the proxy, with `query` (URL parameters) appended when given. */
  throughProxy(query?: string): string;
}

/** Registers the file's beforeAll and afterAll hooks; does nothing where PostgreSQL's binaries are missing. */
export function useSilentPostgres(options: { password: string; seed: number }): SilentPostgres {
  const parts = {
    throughProxy(query?: string): string {
      const url = parts.server.url.replace(`:${parts.server.port}/`, `:${parts.proxy.port}/`);
      return query === undefined ? url : `${url}?${query}`;
    },
  } as SilentPostgres;
  beforeAll(async () => {
    if (!hasPostgres()) return;
    [parts.server, parts.sandbox] = await Promise.all([startFaultyPostgres({ password: options.password }), startSandbox({ port: 0, seed: options.seed })]);
    parts.proxy = await startBlackholeProxy(parts.server.port);
  }, 60_000);
  afterAll(async () => {
    await parts.proxy?.close();
    parts.server?.destroy();
    await parts.sandbox?.close();
  });
  return parts;
}

/** How long `work` took, and what it threw. */
export async function timed(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await work();
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}
