// The one loop every background task of the tracker runs on (due work, event
// delivery, and whatever comes next): a round of work, then a pause until the
// next round that a wake cuts short. A round that throws is reported and
// followed by a pause that doubles with each failure in a row, up to a cap,
// so a database that is down is neither hammered nor given up on; the loop
// goes on. Stopping ends the pause at once and waits for the round under way.
// A new task is a new `round` callback, not another copy of this. The shape
// follows pg-boss's Worker.
import { Waker } from './waker.js';

/** What a round asks of the loop: `'again'` runs the next round at once; a number of milliseconds pauses first (a wake ends the pause early). */
export type NextRound = 'again' | number;

/** How a {@link PollingLoop} works. Internal. */
export interface PollingLoopOptions {
  /** One round of work. `signal` fires when the loop stops: long waits inside a round should end on it. */
  round: (signal: AbortSignal) => Promise<NextRound>;
  /** Told of a round that threw, and how many rounds in a row have failed; the loop pauses, then goes on. */
  onError: (error: unknown, failures: number) => void;
  /** The back-off's base, in milliseconds: the pause after `n` failures in a row is `backoffMs × 2^n`. */
  backoffMs: number;
  /** The longest pause after failures, in milliseconds. */
  maxBackoffMs: number;
}

/** What a loop is doing: the health check's own type, so it is reported as it is. Internal. */
export type LoopStatus = TrackerLoopHealth;

/** What one of the tracker's background loops is doing. */
export interface TrackerLoopHealth {
  /** Started and not stopped. */
  running: boolean;
  /** When its last successful round ended; null before the first. */
  lastSuccessAt: Date | null;
  /** Rounds in a row that failed. */
  failures: number;
  /** The last failure, named (no patient data); null after a success. */
  lastError: string | null;
  /** When the round under way began; null while it waits. */
  roundStartedAt: Date | null;
}

/** The most doublings of the back-off; the cap on the pause usually comes first. */
const MAX_DOUBLINGS = 10;

/** The pause after `failures` failed rounds in a row: `baseMs` doubled each time (at most ten times), never above `maxMs`. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, MAX_DOUBLINGS));
}

/** A loop of rounds of work with pauses, back-off on error, early wake and prompt stop. Internal. */
export class PollingLoop {
  readonly #options: PollingLoopOptions;
  readonly #waker = new Waker();
  readonly #stopping = new AbortController();
  #running: Promise<void> | undefined;
  #lastSuccessAt: Date | null = null;
  #failures = 0;
  #lastError: unknown = null;
  #roundStartedAt: Date | null = null;

  constructor(options: PollingLoopOptions) {
    this.#options = options;
  }

  /** Fires when {@link PollingLoop.stop} is called. */
  get signal(): AbortSignal {
    return this.#stopping.signal;
  }

  /** Starts the rounds (once; a stopped loop does not start again). */
  start(): void {
    this.#running ??= this.#run();
  }

  /** What the loop is doing now; `describe` names the last error (it must never hold patient data). */
  status(describe: (error: unknown) => string): LoopStatus {
    return {
      running: this.#running !== undefined && !this.signal.aborted,
      lastSuccessAt: this.#lastSuccessAt,
      failures: this.#failures,
      lastError: this.#failures > 0 ? describe(this.#lastError) : null,
      roundStartedAt: this.#roundStartedAt,
    };
  }

  /** Ends the current pause, so the next round runs now (or the next pause, if none is under way). */
  wake(): void {
    this.#waker.wake();
  }

  /** Stops: no round starts after this; resolves when the round under way (if any) has finished. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#waker.wake();
    await this.#running;
  }

  async #run(): Promise<void> {
    const { round, backoffMs: baseMs, maxBackoffMs } = this.#options;
    while (!this.signal.aborted) {
      try {
        this.#roundStartedAt = new Date();
        const next = await round(this.signal);
        this.#roundStartedAt = null;
        this.#lastSuccessAt = new Date();
        this.#failures = 0;
        if (next === 'again') continue;
        await this.#waker.wait(next);
      } catch (error) {
        this.#roundStartedAt = null;
        this.#failures++;
        this.#lastError = error;
        this.#report(error, this.#failures);
        await this.#waker.wait(backoffMs(this.#failures, baseMs, maxBackoffMs));
      }
    }
  }

  #report(error: unknown, failures: number): void {
    try {
      this.#options.onError(error, failures);
    } catch {
      // A logger that throws must not end the loop: the work matters more than its log line.
    }
  }
}
