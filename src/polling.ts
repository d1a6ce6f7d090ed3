import { sleep } from './core/backoff.js';
import { TimeoutError } from './core/errors/transport-errors.js';

/** Statuses after which a message never changes (spec: States and transitions). */
export const TERMINAL_STATUSES = ['COMPLETED', 'REJECTED', 'EXPIRED'] as const;

/**
 * Whether a status is final, so polling can stop: COMPLETED, REJECTED or
 * EXPIRED. FAILED is not terminal: the spec does not say it is, so a sender
 * keeps watching it (see `docs/decisions.md`).
 */
export function isTerminalStatus(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

const HOUR_MS = 3_600_000;

/** Options of {@link planStatusPolls}. */
export interface PlanStatusPollsOptions {
  /** When the message was sent. */
  sentAt: Date;
  /** The message's expiryDateTime, if it has one (RFC 3339 string or Date). */
  expiryDateTime?: string | Date | undefined;
  /** The current time. @defaultValue new Date() */
  now?: Date | undefined;
  /**
   * How long before expiry the last poll happens, in milliseconds.
   * @defaultValue 900_000 (15 minutes)
   */
  beforeExpiryMs?: number | undefined;
}

/**
 * The next times to poll a message's status, following the service's
 * guidance: no more than four polls a day (one every six hours from the
 * send), and one just before expiry when the message has an expiry. Polls
 * stay at least six hours apart, so no 24-hour window holds more than four.
 *
 * Without an expiry the next four polls (one day) are returned; with one,
 * every poll up to it. Times already past are left out.
 *
 * @example
 * ```ts
 * const [next] = planStatusPolls({ sentAt, expiryDateTime: message.expiryDateTime });
 * scheduleJob(next, () => cdms.messages.status(messageId));
 * ```
 */
export function planStatusPolls(options: PlanStatusPollsOptions): Date[] {
  const now = (options.now ?? new Date()).getTime();
  const sentAt = options.sentAt.getTime();
  const interval = 6 * HOUR_MS;
  const expiry = options.expiryDateTime === undefined ? undefined : new Date(options.expiryDateTime).getTime();
  // No expiry (or one that is not a date): the next day's worth of polls.
  if (expiry === undefined || Number.isNaN(expiry)) return regularPolls(sentAt, now, interval, 4);
  const last = expiry - (options.beforeExpiryMs ?? 15 * 60_000);
  if (last <= now) return [];
  const polls: number[] = [];
  for (let t = sentAt + interval; t < last; t += interval) {
    if (t > now) polls.push(t);
  }
  // Keep six hours between the last regular poll and the one before expiry.
  while (polls.length > 0 && last - (polls.at(-1) ?? 0) < interval) polls.pop();
  polls.push(last);
  return polls.map((t) => new Date(t));
}

function regularPolls(sentAt: number, now: number, interval: number, count: number): Date[] {
  const elapsed = Math.max(0, now - sentAt);
  const first = Math.floor(elapsed / interval) + 1;
  return Array.from({ length: count }, (_, i) => new Date(sentAt + (first + i) * interval));
}

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
