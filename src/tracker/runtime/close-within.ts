// close() returns within a few seconds whatever a shared database does: a
// silent PostgreSQL (a blackhole) held it for the whole of its statement
// limits, and an app stopping on SIGTERM has seconds, not minutes. The
// closing goes on after the wait ends, bounded by the pool's own limits.
import type { Logger } from '../../core/logger.js';

/** How long close() waits for a shared database before it returns: work under way has this long to be recorded. */
export const CLOSE_WITHIN_MS = 5_000;

/**
 * Resolves as `closing` does, or after `ms` with a warning that the database
 * did not answer; a failure of `closing` within the time is passed on, a later
 * one is only logged.
 */
export async function closeWithin(closing: Promise<void>, ms: number, logger: Logger): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const outcome = await Promise.race([closing, late]);
    if (outcome !== 'late') return;
    logger.warn(
      { event: 'tracker.close-late', waitedMs: ms },
      'cdms tracker: the database did not answer while closing; returned without waiting longer (work under way is settled at the next start)',
    );
    void closing.catch(() => undefined);
  } finally {
    clearTimeout(timer);
  }
}
