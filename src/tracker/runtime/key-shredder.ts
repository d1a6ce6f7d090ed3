// Clearing the database's files of destroyed keys, soon after each erase
// but not after every one: the rewrite, the new log segment and the
// checkpoint cost the same for one key as for a hundred, so erases are
// gathered for a moment and cleared together. `close()` clears what is
// left; a crash leaves it for the next start. See D-TRACKER-24.
import type { Logger } from '../../core/logger.js';
import type { LedgerStore } from '../store/ledger-store.js';

/** How long erases are gathered before the files are cleared of their keys. */
export const SHRED_AFTER_MS = 2_000;

/** Gathers destroyed keys and clears the files of them. Internal. */
export class KeyShredder {
  readonly #store: LedgerStore;
  readonly #logger: Logger;
  readonly #afterMs: number;
  #pending = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #warned = false;
  #stopped = false;

  constructor(store: LedgerStore, logger: Logger, afterMs = SHRED_AFTER_MS) {
    this.#store = store;
    this.#logger = logger;
    this.#afterMs = afterMs;
  }

  /** A key was destroyed: its copies in the files go within `afterMs` (plus the time the clearing takes). */
  destroyed(): void {
    this.#pending = true;
    this.#schedule();
  }

  /** Clears the files now (at opening: what a crash left); a failure is logged and retried later, never thrown. */
  clearNow(): Promise<void> {
    this.#pending = true;
    return this.#run();
  }

  /** Clears what is pending now and stops (for close): afterwards nothing more is scheduled. */
  async flush(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    if (this.#pending) await this.#run();
  }

  #schedule(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#run();
    }, this.#afterMs);
    // An app that exits without close() leaves the clearing to the next start, which does it first.
    this.#timer.unref?.();
  }

  #run(): Promise<void> {
    if (this.#running) return this.#running.then(() => (this.#pending ? this.#run() : undefined));
    this.#pending = false;
    this.#running = this.#store
      .shredKeys()
      .then((refused) => {
        if (refused.length > 0 && !this.#warned) {
          this.#warned = true;
          this.#logger.warn(
            { event: 'tracker.shred-partial', refused },
            'cdms tracker: the database role may not force a checkpoint or a new log segment, so erased messages\' keys stay in the write-ahead log ' +
              'until the server recycles it; grant pg_checkpoint and EXECUTE on pg_switch_wal() to clear them at once (see the tracking guide)',
          );
        }
      })
      .catch((error: unknown) => {
        // The database is away: try again later; a start clears whatever a crash left.
        this.#pending = true;
        this.#logger.error(
          { event: 'tracker.shred-failed', error: error instanceof Error ? error.name : typeof error },
          'cdms tracker: could not clear erased messages\' keys from the database files; will try again',
        );
        this.#schedule();
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }
}
