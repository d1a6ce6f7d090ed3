import { SandboxError } from './errors.js';

/**
 * Where the sandbox reads the time: expiry, the instant-message periods,
 * `updated` timestamps and the status retention all follow it.
 */
export type SandboxClock = () => Date;

/** The real time. */
export const systemClock: SandboxClock = () => new Date();

/** A clock that only moves when told to: time-dependent tests without waiting. */
export interface ManualClock {
  /** Pass this as the sandbox's `clock` option. */
  readonly now: SandboxClock;
  /** Moves the time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the time. */
  set(time: Date | string | number): void;
}

function toEpoch(time: Date | string | number): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) throw new SandboxError('invalid', 'The clock time is not a valid date.');
  return ms;
}

/**
 * Creates a {@link ManualClock}, starting at `start` (default: now, so that
 * expiry times a client checks against the real time are also in the
 * sandbox's future).
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * const sandbox = await startSandbox({ port: 0, clock: clock.now });
 * clock.advance(61_000); // an unprocessed instant message is now a standard one
 * ```
 */
export function manualClock(start: Date | string | number = Date.now()): ManualClock {
  let current = toEpoch(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new SandboxError('invalid', 'A clock only moves forward: advance(ms) needs ms >= 0.');
      current += ms;
    },
    set(time) {
      current = toEpoch(time);
    },
  };
}
