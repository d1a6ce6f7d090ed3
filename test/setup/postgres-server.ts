import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/**
 * Starts a server with initdb and pg_ctl. PostgreSQL refuses to run as root,
 * so as root the commands run as the `postgres` user, in a directory it owns.
 */
export async function startPostgres(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'cdms-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd: string, args: string[]): void => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'cdms', '--no-sync']);
  run('pg_ctl', [
    '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', 'start',
    '-o', [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, ...Object.entries(options.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`)].join(' '),
  ]);
  return {
    url: `postgres://cdms@127.0.0.1:${port}/postgres`,
    dataDir: join(dir, 'data'),
    stop() {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
