// Where a `'memory:'` database lives: a private temporary directory, removed
// when the tracker closes or the process exits (D-TRACKER-16). Kept in the
// process's memory instead, the ledger and its write-ahead log would grow the
// heap with every message (about 600 MB for 100,000); on disk they cost what
// a directory's database costs. A directory left by a process that was killed
// (no exit handler runs on SIGKILL) is removed by the next `'memory:'` open.
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDirectory } from './lock-file.js';

/** The name every `'memory:'` directory starts with, under the system's temporary directory. */
export const MEMORY_PREFIX = 'cdms-tracker-memory-';

/** A directory without a lock this old is a process's that died while making it. */
const UNLOCKED_STALE_MS = 3_600_000;

const live = new Set<string>();
let exitHookInstalled = false;

function removeLiveAtExit(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
}

/** A `'memory:'` database's directory, and its removal. */
export interface MemoryDirectory {
  /** The directory (created readable by its owner only). */
  path: string;
  /** Removes it and everything in it. */
  remove(): Promise<void>;
}

/** Makes a private directory for a `'memory:'` database, after removing any left by dead processes. */
export async function makeMemoryDirectory(parent = tmpdir()): Promise<MemoryDirectory> {
  await removeStale(parent);
  const path = await mkdtemp(join(parent, MEMORY_PREFIX));
  live.add(path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', removeLiveAtExit);
  }
  return {
    path,
    async remove() {
      live.delete(path);
      await rm(path, { recursive: true, force: true });
    },
  };
}

/**
 * Removes the `'memory:'` directories of processes that died: those whose
 * lock names a process that no longer runs (taking the lock proves it), and
 * unlocked ones older than an hour.
 */
export async function removeStale(parent = tmpdir()): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = (await readdir(parent)).filter((n) => n.startsWith(MEMORY_PREFIX));
  } catch {
    return 0;
  }
  for (const name of names) {
    const dir = join(parent, name);
    if (live.has(dir)) continue;
    try {
      if (await isStale(dir)) {
        await rm(dir, { recursive: true, force: true });
        removed++;
      }
    } catch {
      // in use, or not ours to remove: leave it
    }
  }
  return removed;
}

async function isStale(dir: string): Promise<boolean> {
  const lock = join(dir, 'lock');
  if (!existsSync(lock)) return Date.now() - (await stat(dir)).mtimeMs > UNLOCKED_STALE_MS;
  // Throws when a live process holds it; takes it over when its holder is dead.
  await lockDirectory(lock);
  return true;
}
