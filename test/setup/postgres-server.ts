import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL server on loopback, in a temporary directory. */
export interface PostgresServer {
  url: string;
  /** The server's data directory (for tests that read its files). */
  dataDir: string;
  stop(): void;
}

/** The newest Debian PostgreSQL binaries directory, if the package is installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** A loopback port nobody listens on now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Options of {@link startPostgres}. */
export interface PostgresServerOptions {
  /** Server settings added to (and overriding) the defaults, e.g. `{ fsync: 'on' }` (the bench). */
  settings?: Record<string, string>;
}

/** Every server's directory is named so, in the system's temporary directory. */
const DIR_PREFIX = 'cdms-pg-';
/** The file in a server's directory that names the process that started it: a later run tells a stale server by it. */
const OWNER_FILE = 'owner.pid';

const asRoot = (): boolean => process.getuid?.() === 0;

/** Runs a PostgreSQL command; as root (which PostgreSQL refuses) as the `postgres` user. */
function runPg(bin: string, cmd: string, args: string[]): void {
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
}

/** Stops the server of `dir` (at once: its data is thrown away) and removes the directory, whatever is left of either. */
function stopAndRemove(bin: string, dir: string): void {
  try {
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) runPg(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a process is running (EPERM: it is, and someone else's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops and removes the servers a run that was killed left behind (SIGKILL
 * gives no chance to clean up): every directory of ours whose owner process
 * is gone. A directory without an owner file is left alone: it may be one a
 * run is creating right now. Returns the directories removed.
 */
export function removeStalePostgres(root: string = tmpdir()): string[] {
  const bin = postgresBinaries();
  if (!bin || !existsSync(root)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = join(root, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(owner) || owner <= 0 || isRunning(owner)) continue;
    try {
      stopAndRemove(bin, dir);
      removed.push(dir);
    } catch (error) {
      console.warn(`could not remove the stale PostgreSQL server in ${dir}: ${String(error)}`);
    }
  }
  return removed;
}

/** The signals that end a test run from outside: a CI's or a terminal's stop, Ctrl-C, a closed terminal. */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Calls `stop` when this process ends: on SIGTERM, SIGINT or SIGHUP (which
 * end it without any teardown, leaving the server and its directory behind)
 * and on exit. Returns the function that removes the handlers.
 */
function onProcessEnd(stop: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    stop();
    // A listener replaces Node's default of ending the process. vitest ends it on its own (process.exit
    // a moment after the signal); where nobody does, end it as the signal would have, once every
    // listener has run (this one is gone by then, so the default applies).
    setTimeout(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    }, 100);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, onSignal);
  process.once('exit', stop);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    process.off('exit', stop);
  };
}

/**
 * Starts a server with initdb and pg_ctl. PostgreSQL refuses to run as root,
 * so as root the commands run as the `postgres` user, in a directory it owns.
 * pg_ctl detaches the server, so it would outlive this process: it is stopped
 * by `stop()`, and also when this process ends on SIGTERM, SIGINT or SIGHUP
 * or exits without calling it (the handlers are in place before the
 * directory has anything in it). A process killed outright leaves it to
 * {@link removeStalePostgres}.
 */
export async function startPostgres(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  writeFileSync(join(dir, OWNER_FILE), String(process.pid));
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    removeHandlers();
    stopAndRemove(bin, dir);
  };
  const removeHandlers = onProcessEnd(stop);
  try {
    if (asRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const port = await freePort();
    runPg(bin, 'initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'cdms', '--no-sync']);
    runPg(bin, 'pg_ctl', [
      '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', 'start',
      '-o', [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, ...Object.entries(options.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`)].join(' '),
    ]);
    return { url: `postgres://cdms@127.0.0.1:${port}/postgres`, dataDir: join(dir, 'data'), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
