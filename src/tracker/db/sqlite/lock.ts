// One owner for an embedded ledger, by SQLite's own locking: a small lock
// database beside the ledger, held in an EXCLUSIVE transaction for as long as
// the tracker is open. The lock is the kernel's (fcntl), so a process that
// dies, even by SIGKILL, frees it at once, in a container as anywhere. It is
// apart from the ledger so that the ledger itself stays in WAL mode, where
// other processes (the `cdms track` read-only commands) may read it beside
// the running app (D-TRACKER-35).
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseInUseError, type Holder } from '../in-use-error.js';
import { loadSqlite, type SqliteDatabase } from './load.js';
import { ownerOnlyFile } from './owner-only.js';

/** The lock database inside the ledger's directory. */
export const LOCK_FILE = 'ledger.lock';
/** Who holds the lock, for the error a second process gets (written once the lock is held). */
const HOLDER_FILE = 'holder.json';

/** SQLite's SQLITE_BUSY: another connection holds the lock. */
const SQLITE_BUSY = 5;

/** A held lock; `release` ends it (the process's death does too). */
export interface SqliteLock {
  release(): void;
}

/**
 * Takes the ledger directory's lock for this process, or refuses at once.
 *
 * @throws DatabaseInUseError naming the holder when another connection (this process's or another's) holds it.
 */
export async function lockLedger(directory: string): Promise<SqliteLock> {
  const DatabaseSync = loadSqlite();
  const path = join(directory, LOCK_FILE);
  ownerOnlyFile(path);
  const db: SqliteDatabase = new DatabaseSync(path, { timeout: 0 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { errcode?: unknown }).errcode === SQLITE_BUSY) throw new DatabaseInUseError(await holderOf(directory));
    throw error;
  }
  writeFileSync(join(directory, HOLDER_FILE), JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 });
  return {
    release() {
      if (db.isOpen) db.close();
    },
  };
}

/** How long a refused taker waits for the new holder to write its record (it does so right after taking the lock). */
const RECORD_WAIT_MS = 1_000;

/**
 * Who holds the lock, as its record says. The record is written just after
 * the lock is taken, so for a moment it may still name the holder before,
 * now dead: on this host that is seen (no such process) and the record read
 * again. A holder on another host is named as its record says.
 */
async function holderOf(directory: string): Promise<Holder> {
  const end = Date.now() + RECORD_WAIT_MS;
  let holder: Holder = { pid: 0, host: 'unknown' };
  for (;;) {
    holder = readRecord(directory) ?? holder;
    if ((holder.host !== hostname() && holder.host !== 'unknown') || alive(holder.pid) || Date.now() > end) return holder;
    await sleep(20);
  }
}

function readRecord(directory: string): Holder | undefined {
  try {
    const record = JSON.parse(readFileSync(join(directory, HOLDER_FILE), 'utf8')) as Partial<Holder>;
    if (typeof record.pid === 'number' && typeof record.host === 'string') return { pid: record.pid, host: record.host };
  } catch {
    // Not written yet, or half-written: read again.
  }
  return undefined;
}

function alive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user, alive.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
