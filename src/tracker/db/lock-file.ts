// The lock of an embedded database's directory. PGlite serves one process,
// and two opening the same directory would corrupt it, so the second is
// refused with the holder named (and a way out); a dead holder's lock is
// taken over.
import { hostname } from 'node:os';
import { open, readFile, rm } from 'node:fs/promises';
import { ConfigurationError } from '../../core/errors/cdms-error.js';

/** A held lock; `release()` removes it. */
export interface HeldLock {
  /** Removes the lock file. */
  release(): Promise<void>;
}

/**
 * Takes the lock of an embedded database directory. PGlite is one process's
 * database: two processes opening the same directory would corrupt it, so the
 * second is refused with the way out (PostgreSQL). A lock left by a process
 * that died (SIGKILL, power loss) is taken over.
 */
export async function lockDirectory(file: string): Promise<HeldLock> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname() }));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const holder = await readHolder(file);
      if (holder && isAlive(holder)) {
        throw new DatabaseInUseError(holder);
      }
      await rm(file, { force: true });
    }
  }
  throw new ConfigurationError(`Could not take the lock ${file}; another process keeps taking it.`);
}

/** The process holding an embedded database's lock. */
export interface Holder {
  /** Its process id. */
  pid: number;
  /** The host it runs on. */
  host: string;
}

/**
 * Thrown when another live process holds the embedded database. A
 * ConfigurationError, with the holder kept apart so that a tool (the `cdms`
 * command) can say it in its own terms. Internal.
 */
export class DatabaseInUseError extends ConfigurationError {
  /** The process holding the database. */
  readonly holder: Holder;

  /** @param holder - The process holding the lock. */
  constructor(holder: Holder) {
    super(
      `The tracker database is in use by process ${holder.pid} on ${holder.host}. The embedded database serves one ` +
        'process; to run several instances, give them one PostgreSQL database (database: "postgres://...").',
    );
    this.holder = holder;
  }
}

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    const { pid, host } = (parsed ?? {}) as { pid?: unknown; host?: unknown };
    return typeof pid === 'number' && typeof host === 'string' ? { pid, host } : undefined;
  } catch {
    return undefined; // unreadable or half-written: treat as stale
  }
}

/** Whether the holder still runs. A holder on another host cannot be checked: assume it does. */
function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
