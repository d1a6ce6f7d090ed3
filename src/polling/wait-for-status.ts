import { sleep } from '../core/backoff.js';
import { TimeoutError } from '../core/errors/transport-errors.js';
import { isTerminalStatus, TERMINAL_STATUSES } from '../schemas/vocabulary.js';

// The terminal statuses are service vocabulary (schemas/vocabulary.ts); senders import them from here.
export { isTerminalStatus, TERMINAL_STATUSES };

/** Anything with a status value, as both status endpoints return. */
export interface StatusLike {
  /** The status value. */
  status: string;
}

/** Options of `waitForStatus`. */
export interface WaitForStatusOptions<S extends StatusLike> {
  /**
   * When to stop: a predicate or a list of statuses.
   * @defaultValue a terminal status ({@link isTerminalStatus})
   */
  until?: ((status: S) => boolean) | readonly string[] | undefined;
  /**
   * Pause between polls, in milliseconds.
   * @defaultValue 1_000
   */
  intervalMs?: number | undefined;
  /** Overall time limit, in milliseconds; then {@link TimeoutError}. No limit by default. */
  timeoutMs?: number | undefined;
  /** Stops waiting (and any poll in flight). */
  signal?: AbortSignal | undefined;
}

/** Polls `fetchStatus` until `until` holds. Internal: resources wrap it. */
export async function waitFor<S extends StatusLike>(
  fetchStatus: (signal: AbortSignal | undefined) => Promise<S>,
  options: WaitForStatusOptions<S>,
): Promise<S> {
  const until = options.until;
  const done =
    typeof until === 'function'
      ? until
      : until
        ? (s: S) => until.includes(s.status)
        : (s: S) => isTerminalStatus(s.status);
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const signal = options.signal;
  for (;;) {
    const status = await fetchStatus(signal);
    if (done(status)) return status;
    const wait = options.intervalMs ?? 1_000;
    if (deadline !== undefined && Date.now() + wait > deadline) {
      throw new TimeoutError(`The status was still ${status.status} after ${options.timeoutMs} ms of waiting.`);
    }
    await sleep(wait, signal);
  }
}
