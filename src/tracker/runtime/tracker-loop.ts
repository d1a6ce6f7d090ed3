// What every background loop of the tracker shares: a PollingLoop wired to the
// tracker's logger and idle check, started once, woken, stopped after the
// round under way, and reported to the health check. A loop says only what a
// round does and how its failures are named in the log; a new loop is a new
// subclass, not another copy of this wiring.
import type { TrackerContext } from '../work/context.js';
import { describeError } from '../decide/describe-error.js';
import { PollingLoop, type LoopStatus, type NextRound } from './polling-loop.js';

/**
 * How a loop's failed rounds are logged (an error line of its event and
 * message, or its own `onError`), and how long it pauses after them. Internal.
 */
export type TrackerLoopOptions = {
  /** The longest pause after failed rounds, in milliseconds. */
  maxBackoffMs: number;
  /** The pause after one failed round, doubled after each more. @defaultValue the tracker's idle check */
  backoffMs?: number | undefined;
} & (
  | {
      /** The log event of a failed round (`tracker.…-error`). */
      errorEvent: string;
      /** The log line of a failed round: what could not be done (the loop retries). */
      errorMessage: string;
    }
  | {
      /** Says that a round failed, `failures` in a row, in the loop's own words. */
      onError: (error: unknown, failures: number) => void;
    }
);

/** A background loop of the tracker: rounds of work on a {@link PollingLoop}, its failures logged and backed off. Internal. */
export abstract class TrackerLoop {
  protected readonly ctx: TrackerContext;
  readonly #loop: PollingLoop;

  constructor(ctx: TrackerContext, options: TrackerLoopOptions) {
    this.ctx = ctx;
    const { logger, idleCheckMs } = ctx.config;
    this.#loop = new PollingLoop({
      round: (signal) => this.round(signal),
      // The database is unreachable or refused: say so (named safely), back off, keep going.
      onError:
        'onError' in options
          ? options.onError
          : (error) => logger.error({ event: options.errorEvent, error: describeError(error) }, `cdms tracker: ${options.errorMessage}; retrying`),
      backoffMs: options.backoffMs ?? idleCheckMs,
      maxBackoffMs: options.maxBackoffMs,
    });
  }

  /** One round of work: what to do next (`'again'`, or a pause in milliseconds that a wake cuts short). */
  protected abstract round(signal: AbortSignal): Promise<NextRound>;

  /** Fires when the loop stops: waits inside a round end on it. */
  protected get signal(): AbortSignal {
    return this.#loop.signal;
  }

  /** Starts the rounds (once). */
  start(): void {
    this.#loop.start();
  }

  /** Runs the next round now rather than after the pause. */
  wake(): void {
    this.#loop.wake();
  }

  /** What the loop is doing, for the health check. */
  status(): LoopStatus {
    return this.#loop.status(describeError);
  }

  /** Stops: no round starts after this; resolves once the round under way has finished. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
