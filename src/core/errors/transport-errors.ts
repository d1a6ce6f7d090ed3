// Errors of the transport itself: no connection, too slow, aborted by the
// caller, or a 2xx body that broke the expected schema.
import { CdmsError, type CdmsErrorOptions } from './cdms-error.js';

/**
 * Thrown when the service could not be reached or the connection failed
 * mid-request (DNS, refused, reset, TLS). `delivery` tells whether a send may
 * still have arrived.
 */
export class ConnectionError extends CdmsError {
  /** Always `'ConnectionError'`. */
  override name = 'ConnectionError';
  /**
   * False when the connection was never made (refused, DNS, TLS), so the
   * request cannot have reached the service; true when it failed later.
   */
  readonly connected: boolean;

  /**
   * @param message - Safe text.
   * @param connected - Whether a connection was made before the failure.
   * @param options - Cause and delivery.
   */
  constructor(message: string, connected: boolean, options: CdmsErrorOptions = {}) {
    super(message, options);
    this.connected = connected;
  }
}

/** Thrown when an attempt took longer than `timeoutMs` (per attempt) or the overall deadline. */
export class TimeoutError extends CdmsError {
  /** Always `'TimeoutError'`. */
  override name = 'TimeoutError';
}

/** Thrown when the caller's `AbortSignal` fired; the SDK gave up at once. */
export class RequestAbortedError extends CdmsError {
  /** Always `'RequestAbortedError'`. */
  override name = 'RequestAbortedError';

  /** @param options - `cause` is the signal's reason. */
  constructor(options: CdmsErrorOptions = {}) {
    super('The request was aborted by the caller.', options);
  }
}

/** One place where a 2xx response broke the expected schema. */
export interface ResponseIssue {
  /** Dotted path inside the body, `(root)` for the body itself. */
  path: string;
  /** What was expected. */
  message: string;
}

/**
 * Thrown when the service answered 2xx with a body that is not JSON or does
 * not match the schema. The body itself is never included.
 */
export class ResponseValidationError extends CdmsError {
  /** Always `'ResponseValidationError'`. */
  override name = 'ResponseValidationError';
  /** HTTP status of the response. */
  readonly status: number;
  /** What did not match, without the values. */
  readonly issues: readonly ResponseIssue[];

  /**
   * @param summary - Safe description including method and path.
   * @param status - HTTP status.
   * @param issues - Paths and expectations, never values.
   * @param options - Delivery for sends.
   */
  constructor(summary: string, status: number, issues: readonly ResponseIssue[], options: CdmsErrorOptions = {}) {
    const list = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ');
    super(`${summary}: the service answered ${status} with an unexpected body (${list}).`, options);
    this.status = status;
    this.issues = issues;
  }
}
