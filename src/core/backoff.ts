// The waiting between attempts: exponential backoff with full jitter, the
// service's Retry-After read as seconds or a date, and a sleep the caller's
// abort signal ends at once.
import { RequestAbortedError } from './errors/transport-errors.js';
import { pause } from './abort-listeners.js';

/** First backoff ceiling (docs/errors-and-retries.md). */
export const BACKOFF_BASE_MS = 500;
/** Largest backoff ceiling (docs/errors-and-retries.md). */
export const BACKOFF_CAP_MS = 8_000;

/**
 * Exponential backoff with full jitter: a uniform delay between 0 and
 * min(cap, base * 2^retry), which spreads retries of many clients apart
 * (AWS Architecture Blog, "Exponential Backoff And Jitter").
 *
 * @param retry - 0 for the first retry.
 * @param random - Source of [0, 1) numbers; injectable so tests are exact.
 */
export function backoffDelayMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds to wait from a `Retry-After` header: delay-seconds or an
 * HTTP-date (RFC 9110 section 10.2.3). Undefined when absent or unreadable;
 * a date in the past gives 0.
 */
export function parseRetryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form names the day or month; without letters, Date.parse
  // would read "-5" as the year 5 BC.
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Waits `ms`, ending at once with {@link RequestAbortedError} when the signal
 * fires, and leaving no timer behind either way.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  // An app's one shutdown signal may serve every call: a pause listens without an event listener each.
  if (!(await pause(ms, signal))) throw new RequestAbortedError({ cause: signal?.reason });
}
