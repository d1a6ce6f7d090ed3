// The holder's proof of life for those who cannot check it on its kernel
// (another node on a shared volume, this node after a reboot, an unreadable
// record): a file it rewrites every second. A contender that cannot tell
// watches it; a change means alive, stillness for the whole watch means dead.
// Only contents are compared, never clocks, so hosts need not agree on the
// time; reading the file anew each time defeats network file systems'
// attribute caches. See decision D-TRACKER-23.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How often a holder beats. */
export const BEAT_MS = 1_000;

/** A beat that keeps going until stopped. */
export interface Heartbeat {
  stop(): void;
}

/** Beats `file` every `beatMs` (a counter, so each write differs); the timer never keeps the process alive. */
export function startHeartbeat(file: string, beatMs = BEAT_MS): Heartbeat {
  let count = 0;
  const beat = () => writeFile(file, `${++count}\n`, { mode: 0o600 }).catch(() => undefined);
  void beat();
  const timer = setInterval(() => void beat(), beatMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Watches the heartbeats in `directory` (`.beat` files, all of them or only
 * `only`) for up to `stillMs`: true as soon as one changes, false when all
 * stayed still for the whole time.
 */
export async function heartbeatSeen(directory: string, stillMs: number, only?: string): Promise<boolean> {
  const read = async (): Promise<string> => {
    const names = only ? [only] : (await readdir(directory).catch(() => [] as string[])).filter((n) => n.endsWith('.beat')).sort();
    const beats = await Promise.all(names.map(async (n) => `${n}=${await readFile(join(directory, n), 'utf8').catch(() => '')}`));
    return beats.join('\n');
  };
  const first = await read();
  const end = Date.now() + stillMs;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, Math.max(1, end - Date.now()))));
    if ((await read()) !== first) return true;
  }
  return false;
}
