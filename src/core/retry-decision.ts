// Whether and when an attempt that failed is tried again: a plain function of
// the error, the operation's policy and the attempts so far, so every case is
// tested without a server or a stubbed fetch. The transport calls it and does
// the sleeping.
import { backoffDelayMs, parseRetryAfterMs } from './backoff.js';
import { ApiError } from './errors/api-error.js';
import { CdmsError } from './errors/cdms-error.js';
import { ConnectionError, TimeoutError } from './errors/transport-errors.js';
import type { RetryPolicy } from './retry-policy.js';

/** What the retry decision depends on besides the error. */
export interface RetryInput {
  /** The operation's policy (`RETRY_POLICIES`). */
  policy: RetryPolicy;
  /** Attempts made before the one that failed (0 after the first). */
  retry: number;
  /** Retries allowed in all. */
  maxRetries: number;
  /** The longest `Retry-After` the client waits for, in milliseconds. */
  maxRetryAfterMs: number;
  /** A uniform random number in [0, 1), for the backoff's jitter. */
  random: () => number;
}

/**
 * Milliseconds to wait before the next attempt, or undefined to give up: the
 * retries are spent, or the policy does not retry this failure. A status the
 * policy retries waits for its `Retry-After`, else backs off; a `Retry-After`
 * longer than `maxRetryAfterMs` means "not now", so the call gives up.
 */
export function retryDelayMs(error: unknown, input: RetryInput): number | undefined {
  const { policy, retry } = input;
  if (retry >= input.maxRetries) return undefined;
  const backoff = () => backoffDelayMs(retry, input.random);
  if (error instanceof ApiError) {
    if (!policy.statuses.includes(error.status)) return undefined;
    const after = parseRetryAfterMs(error.headers.get('retry-after'));
    if (after === undefined) return backoff();
    // A server asking for longer than we are prepared to wait has said "not now": give up.
    return after <= input.maxRetryAfterMs ? after : undefined;
  }
  if (error instanceof TimeoutError) return policy.timeouts ? backoff() : undefined;
  if (error instanceof ConnectionError) {
    const retryable = policy.connectionErrors === 'all' || (policy.connectionErrors === 'never-connected' && !error.connected);
    return retryable ? backoff() : undefined;
  }
  return undefined;
}

/** Why the next attempt is a retry, for the log and the attempt's span: the status, or the error's name. */
export function retryReason(error: unknown): string {
  if (error instanceof ApiError) return `status ${error.status}`;
  return error instanceof CdmsError ? error.name : 'error';
}
