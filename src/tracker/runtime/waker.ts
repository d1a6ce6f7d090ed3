// The pauses of the background loops: a wait that a wake cuts short, and a
// wait until a time that a stop cuts short. Neither leaves a timer behind.
import { pause } from '../../core/abort-listeners.js';
/**
 * A pause that something else can cut short: the background loops sleep on
 * it until work is due, and are woken when new work (or `close()`) comes.
 * Leaves no timer behind.
 */
export class Waker {
  #pending: (() => void) | undefined;
  #woken = false;

  /** Waits up to `ms`, or until {@link Waker.wake}; a wake that came while nobody waited ends the next wait at once. */
  wait(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#pending = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.#pending = done;
    });
  }

  /** Ends the current wait, or the next one. */
  wake(): void {
    if (this.#pending) this.#pending();
    else this.#woken = true;
  }
}

/** Waits until `at` (ms since the epoch) unless the signal fires first; says whether the time came. */
export function waitUntil(at: number, signal: AbortSignal): Promise<boolean> {
  const ms = at - Date.now();
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  // Many jobs wait on the loop's one signal at once: a pause listens without an event listener each.
  return pause(ms, signal);
}
