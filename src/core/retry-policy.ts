// When each operation of the service is retried, written out per operation:
// reads are repeated, a GP-route send on 503 and never-connected failures,
// other sends never.

/**
 * When an operation is retried. Anything not listed is never retried, so a
 * bug (a 400) is not hammered and a non-idempotent send is not duplicated.
 */
export interface RetryPolicy {
  /** HTTP statuses that are retried. */
  readonly statuses: readonly number[];
  /**
   * Which connection failures are retried: `all` (reads: repeating them is
   * harmless), `never-connected` (the request certainly never reached the
   * service: refused, DNS, TLS), or `none`.
   */
  readonly connectionErrors: 'all' | 'never-connected' | 'none';
  /** Whether an attempt that timed out is retried. */
  readonly timeouts: boolean;
}

/** Reads are safe to repeat. */
const READ: RetryPolicy = { statuses: [500, 502, 503, 504], connectionErrors: 'all', timeouts: true };

/**
 * The GP route answers 503 when the national infrastructure could not take the
 * message, and the spec says the client may retry; the same messageId rides
 * along so the service can tell a retry from a new message. A connection that
 * failed after the request may have arrived is not retried blindly here: the
 * send pipeline first asks the status endpoint (docs/reliability.md).
 */
const GP_SEND: RetryPolicy = { statuses: [503], connectionErrors: 'never-connected', timeouts: false };

/** The spec gives these no idempotency promise, so they are never repeated blindly. */
const NEVER: RetryPolicy = { statuses: [], connectionErrors: 'none', timeouts: false };

/** The names of the service's operations, as they appear in logs. */
export type OperationName =
  | 'test'
  | 'topics.list'
  | 'messages.send'
  | 'messages.status'
  | 'instant.send'
  | 'gpconnect.send'
  | 'gpconnect.status'
  | 'tokens.exchange'
  | 'tokens.verify'
  | 'widgets.register';

/** The retry policy of every operation, written out (docs/errors-and-retries.md explains each). */
export const RETRY_POLICIES: Readonly<Record<OperationName, RetryPolicy>> = {
  test: READ,
  'topics.list': READ,
  'messages.status': READ,
  'gpconnect.status': READ,
  'tokens.verify': READ,
  'gpconnect.send': GP_SEND,
  'messages.send': NEVER,
  'instant.send': NEVER,
  'tokens.exchange': NEVER,
  'widgets.register': NEVER,
};
