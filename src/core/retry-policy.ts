// When each operation of the service is retried: the operation table
// (schemas/operations.ts) says which kind each is; here is what each kind
// means. Reads are repeated, a GP-route send on 503 and never-connected
// failures, other sends never.
import { OPERATIONS, type OperationName, type RetryKind } from '../schemas/operations.js';

export type { OperationName } from '../schemas/operations.js';

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

/** What each kind of operation of the table may retry. */
const POLICY_OF_KIND: Readonly<Record<RetryKind, RetryPolicy>> = { read: READ, 'gp-send': GP_SEND, never: NEVER };

/** The retry policy of every operation, from its row of the operation table (docs/errors-and-retries.md explains each). */
export const RETRY_POLICIES: Readonly<Record<OperationName, RetryPolicy>> = Object.fromEntries(
  Object.values(OPERATIONS).map((row) => [row.name, POLICY_OF_KIND[row.retry]]),
) as Record<OperationName, RetryPolicy>;
