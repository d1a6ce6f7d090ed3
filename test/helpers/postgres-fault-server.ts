// A PostgreSQL server of a test's own, for the database fault suites: stopped
// the way a crash stops it (`pg_ctl stop -m immediate`: no shutdown, open
// connections cut), restarted on the same port with the same data, and,
// with a password, refusing a wrong one. Loopback only, in a temporary
// directory removed by destroy(). The commands run as the `postgres` user
// when the tests run as root (PostgreSQL refuses root), asynchronously, so
// the tracker under test keeps running while the server goes and comes.
//
//   const pg = await startFaultyPostgres();
//   const tracker = await createTracker({ client, database: pg.url });
//   await pg.crash();     // every connection cut, nothing answers on the port
//   await pg.restart();   // back on the same port, committed data intact
//   pg.destroy();
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, postgresBinaries } from '../setup/postgres-server.js';

/** A server a test can crash and restart. */
export interface FaultyPostgres {
  /** `postgres://cdms[:password]@127.0.0.1:port/postgres`. */
  readonly url: string;
  /** The port, kept across restarts. */
  readonly port: number;
  /** `pg_ctl stop -m immediate`: the server dies at once, connections are cut, nothing listens until restart(). */
  crash(): Promise<void>;
  /** Starts the server again on the same port, with what it had committed. */
  restart(): Promise<void>;
  /** Stops the server (if running) and removes its directory. */
  destroy(): void;
}

/** Options of {@link startFaultyPostgres}. */
export interface FaultyPostgresOptions {
  /** Require this password for the user `cdms` (scram-sha-256) instead of trusting loopback. */
  password?: string;
}

/** Whether this machine has the PostgreSQL binaries (the suites skip, loudly, without them). */
export const hasPostgres = (): boolean => postgresBinaries() !== undefined;

/** Starts a fresh server (initdb and pg_ctl start); throws without PostgreSQL binaries. */
export async function startFaultyPostgres(options: FaultyPostgresOptions = {}): Promise<FaultyPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'cdms-pg-fault-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd: string, args: string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
      execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
        error ? reject(new Error(`${cmd} failed: ${stderr || stdout || error.message}`)) : resolve(),
      );
    });
  const data = join(dir, 'data');
  const port = await freePort();
  const auth = ['-A', 'trust'];
  if (options.password !== undefined) {
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${options.password}\n`, { mode: 0o644 });
    auth.splice(0, 2, '--auth-host=scram-sha-256', '--auth-local=trust', `--pwfile=${pwfile}`);
  }
  await run('initdb', ['-D', data, ...auth, '-U', 'cdms', '--no-sync']);
  const start = (): Promise<void> =>
    run('pg_ctl', [
      '-D', data, '-l', join(dir, 'log'), '-w', 'start',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
    ]);
  await start();
  let running = true;
  const password = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}`;
  return {
    url: `postgres://cdms${password}@127.0.0.1:${port}/postgres`,
    port,
    async crash() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async restart() {
      await start();
      running = true;
    },
    destroy() {
      try {
        if (running) execFileSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []), '-D', data, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore' });
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
