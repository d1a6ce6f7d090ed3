// The lock of an embedded database's directory. PGlite serves one process,
// and two opening the same directory would corrupt it, so the second is
// refused with the holder named (and a way out); a dead holder's lock is
// taken over at once where its kernel can tell (see decision D-TRACKER-23).
//
// The lock is a directory of numbered records, `<n>.json`, each created
// whole by link(2) from a finished temporary file, so no one ever reads a
// half-written record, and no name is ever used twice. The highest number is
// the lock's state: its holder, or `free` after a clean release. To take the
// lock a process links the next number; link fails for all but one, and the
// winner then checks that nothing higher appeared (a number below the
// highest may be free again once the files behind it are cleared). Replacing
// a dead holder is the same step, so there is no read-delete-create window.
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import type { Server } from 'node:net';
import { dirname, join } from 'node:path';
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { DatabaseInUseError, type Holder } from './in-use-error.js';
import { BEAT_MS, heartbeatSeen, startHeartbeat, type Heartbeat } from './lock/heartbeat.js';
import { ownIdentity, probeProcess, type Liveness, type ProcessIdentity } from './lock/identity.js';
import { closeServer, listenForProbes, probeSocket } from './lock/liveness-socket.js';

export { DatabaseInUseError, type Holder } from './in-use-error.js';

/** A held lock; `release()` frees it. */
export interface HeldLock {
  /** Frees the lock (call after the database is closed). */
  release(): Promise<void>;
}

/** Options of {@link lockDirectory}; the defaults are for production, tests shorten them. */
export interface LockOptions {
  /** How long a holder that cannot be checked directly must stay silent to count as dead. @defaultValue 10_000 */
  stillMs?: number | undefined;
  /** How often the holder beats. @defaultValue 1_000 */
  beatMs?: number | undefined;
  /** Who this process says it is (tests pose as another node). @defaultValue this process */
  identity?: ProcessIdentity | undefined;
}

/** A holder's record: who it is, and the socket it proves its life on. */
interface HolderRecord extends ProcessIdentity {
  /** Names the holder's files: `<nonce>.sock`, `<nonce>.beat`. */
  nonce: string;
  /** Whether it listens on `<nonce>.sock`. */
  socket: boolean;
}

/** The newest record: a holder, `free`, or unreadable (corrupt, or written by hand). */
type Newest = { generation: number; record: HolderRecord | 'free' | 'unreadable' };

const RECORD = /^(\d+)\.json$/;

/**
 * Takes the lock of an embedded database directory (`path` is the lock's own
 * directory inside it). PGlite is one process's database: two processes
 * opening the same directory would corrupt it, so the second is refused with
 * the way out (PostgreSQL). A lock whose holder died (SIGKILL, power loss, a
 * container replaced) is taken over: at once when the holder ran on this
 * kernel (its socket refuses), after `stillMs` of silence from its heartbeat
 * otherwise.
 *
 * @throws DatabaseInUseError when a live process holds it.
 */
export async function lockDirectory(path: string, options: LockOptions = {}): Promise<HeldLock> {
  const stillMs = options.stillMs ?? 10 * BEAT_MS;
  await clearLegacyLock(path);
  await mkdir(path, { recursive: true, mode: 0o700 });
  const me = options.identity ?? (await ownIdentity());
  const nonce = randomBytes(8).toString('hex');
  // Proof of life is ready before the record is visible, so no one probes a holder that cannot answer yet.
  const server = await listenForProbes(path, `${nonce}.sock`);
  const record: HolderRecord = { ...me, nonce, socket: server !== undefined };
  const draft = join(path, `${nonce}.tmp`);
  await writeDurably(draft, JSON.stringify(record));
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const newest = await readNewest(path);
      if (newest === 'changed') continue;
      if (newest && !(await isFree(path, newest.record, me, stillMs))) throw new DatabaseInUseError(holderOf(newest.record));
      const generation = (newest?.generation ?? 0) + 1;
      if (!(await linkIfAbsent(draft, join(path, `${generation}.json`)))) continue;
      if ((await highestGeneration(path)) !== generation) {
        // A number freed by clearing, behind a newer holder: not ours to keep.
        await rm(join(path, `${generation}.json`), { force: true });
        continue;
      }
      await syncDirectory(path);
      const heartbeat = startHeartbeat(join(path, `${nonce}.beat`), options.beatMs);
      await clearBehind(path, generation);
      return heldLock(path, generation, nonce, server, heartbeat);
    }
    throw new ConfigurationError(`Could not take the lock ${path}: it kept changing hands. Is another process starting and stopping in a loop?`);
  } catch (error) {
    await closeServer(server);
    await rm(join(path, `${nonce}.sock`), { force: true });
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

function heldLock(path: string, generation: number, nonce: string, server: Server | undefined, heartbeat: Heartbeat): HeldLock {
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        heartbeat.stop();
        // The next number says `free`; if it exists already, someone judged this process dead and holds it now.
        const draft = join(path, `${nonce}.free.tmp`);
        await writeDurably(draft, JSON.stringify({ free: true }));
        await linkIfAbsent(draft, join(path, `${generation + 1}.json`));
        await rm(draft, { force: true });
        await syncDirectory(path);
        await closeServer(server);
        await Promise.all([`${generation}.json`, `${nonce}.sock`, `${nonce}.beat`].map((f) => rm(join(path, f), { force: true })));
      })();
      return released;
    },
  };
}

/** Whether the newest record lets this process take the next number: free, or its holder dead. */
async function isFree(path: string, record: Newest['record'], me: ProcessIdentity, stillMs: number): Promise<boolean> {
  if (record === 'free') return true;
  if (record === 'unreadable') return !(await heartbeatSeen(path, stillMs));
  const verdict = await liveness(path, record, me);
  if (verdict !== 'unknown') return verdict === 'dead';
  // Unsure (another kernel, another PID namespace without a socket): dead only if its heartbeat stays still.
  return !(await heartbeatSeen(path, stillMs, `${record.nonce}.beat`));
}

async function liveness(path: string, holder: HolderRecord, me: ProcessIdentity): Promise<Liveness> {
  // A socket or a process id says something only on the holder's own kernel.
  if (holder.kernel !== me.kernel) return 'unknown';
  if (holder.socket) {
    const answer = await probeSocket(path, `${holder.nonce}.sock`);
    if (answer !== 'unknown') return answer;
  }
  return probeProcess(holder, me);
}

function holderOf(record: Newest['record']): Holder {
  return typeof record === 'object' ? { pid: record.pid, host: record.host } : { pid: 0, host: 'unknown' };
}

/** The newest record, undefined when there is none, 'changed' when it vanished while being read. */
async function readNewest(path: string): Promise<Newest | undefined | 'changed'> {
  const generation = await highestGeneration(path);
  if (generation === 0) return undefined;
  let text: string;
  try {
    text = await readFile(join(path, `${generation}.json`), 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return 'changed';
    throw error;
  }
  return { generation, record: parseRecord(text) };
}

function parseRecord(text: string): Newest['record'] {
  try {
    const r = JSON.parse(text) as Partial<HolderRecord> & { free?: unknown };
    if (r.free === true) return 'free';
    const ok =
      typeof r.pid === 'number' && typeof r.host === 'string' && typeof r.kernel === 'string' && typeof r.nonce === 'string' &&
      /^[0-9a-f]{16}$/.test(r.nonce) && typeof r.socket === 'boolean';
    return ok ? ({ pidNamespace: null, startTime: null, ...r } as HolderRecord) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

async function highestGeneration(path: string): Promise<number> {
  let highest = 0;
  for (const name of await readdir(path)) {
    const n = Number(RECORD.exec(name)?.[1] ?? 0);
    if (n > highest) highest = n;
  }
  return highest;
}

/** link(2): creates `to` as `from`'s contents, or fails because `to` exists. Atomic, also on NFS. */
async function linkIfAbsent(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      throw new ConfigurationError(
        `The file system of ${dirname(to)} cannot make hard links, which the embedded database's lock needs. ` +
          'Put the database on a local disk, or use PostgreSQL (database: "postgres://...").',
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Removes the records below the one just taken, with the files of their
 * holders (dead, or free); and files left by processes that died while
 * taking the lock, once they are old enough that no one can still be at it.
 */
async function clearBehind(path: string, generation: number): Promise<void> {
  const names = await readdir(path);
  const stale = new Set<string>();
  for (const name of names) {
    const n = Number(RECORD.exec(name)?.[1] ?? 0);
    if (n === 0 || n >= generation) continue;
    const record = parseRecord(await readFile(join(path, name), 'utf8').catch(() => ''));
    if (typeof record === 'object') stale.add(record.nonce);
    await rm(join(path, name), { force: true });
  }
  const current = parseRecord(await readFile(join(path, `${generation}.json`), 'utf8'));
  const keep = typeof current === 'object' ? current.nonce : '';
  const longAgo = Date.now() - 10 * 60_000;
  for (const name of names) {
    const nonce = /^([0-9a-f]{16})\./.exec(name)?.[1];
    if (!nonce || nonce === keep) continue;
    const old = stale.has(nonce) || (await stat(join(path, name)).then((s) => s.mtimeMs < longAgo, () => false));
    if (old) await rm(join(path, name), { force: true });
  }
}

/**
 * The lock file of cdms-sdk versions before the lock became a directory. A
 * live holder (same host, process running) is respected; a dead one's file
 * is removed so the directory can take its place. Older versions in turn
 * cannot open a ledger locked the new way: they find a directory where they
 * expect their file, and stop.
 */
async function clearLegacyLock(path: string): Promise<void> {
  const found = await lstat(path).catch(() => undefined);
  if (!found || found.isDirectory()) return;
  let legacy: { pid?: unknown; host?: unknown } = {};
  for (let tries = 0; tries < 5; tries++) {
    try {
      legacy = JSON.parse(await readFile(path, 'utf8')) as typeof legacy;
      break;
    } catch {
      // Half-written by an older version taking it now: give it a moment to finish.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (typeof legacy.pid === 'number' && typeof legacy.host === 'string') {
    const me = await ownIdentity();
    const holder = { pid: legacy.pid, host: legacy.host };
    if (legacy.host !== me.host) throw new DatabaseInUseError(holder);
    try {
      process.kill(legacy.pid, 0);
      if (legacy.pid !== process.pid) throw new DatabaseInUseError(holder);
    } catch (error) {
      if (error instanceof DatabaseInUseError) throw error;
      if ((error as { code?: unknown }).code !== 'ESRCH') throw new DatabaseInUseError(holder);
    }
  }
  await unlink(path).catch((error: { code?: unknown }) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Writes a file and flushes it to disk, so a name linked to it never shows less than all of it. */
async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a directory's entries (a new link survives power loss); not possible everywhere, so best effort. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}
