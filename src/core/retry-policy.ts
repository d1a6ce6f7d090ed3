/**
 * When an operation is retried. Anything not listed is never retried, so a
 * bug (a 400) is not hammered and a non-idempotent send is not duplicated.
 */
export interface RetryPolicy {
  /** HTTP statuses that are retried. */
  readonly statuses: readonly number[];
  /** Whether failures to connect, or connections dropped mid-request, are retried. */
  readonly connectionErrors: boolean;
  /** Whether an attempt that timed out is retried. */
  readonly timeouts: boolean;
}

/** Reads are safe to repeat (DESIGN.md, Retries). */
const READ: RetryPolicy = { statuses: [500, 502, 503, 504], connectionErrors: true, timeouts: true };

/**
 * The GP route answers 503 when the national infrastructure could not take the
 * message, and the spec says the client may retry; the same messageId rides
 * along so the service can tell a retry from a new message.
 */
const GP_SEND: RetryPolicy = { statuses: [503], connectionErrors: true, timeouts: false };

/** The spec gives these no idempotency promise, so they are never repeated blindly. */
const NEVER: RetryPolicy = { statuses: [], connectionErrors: false, timeouts: false };

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

/** The retry policy of every operation, written out (DESIGN.md, Retries). */
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
