// The base of every error the SDK throws, with `delivery` (whether a failed
// send may have reached the service), and the configuration error.

/**
 * Whether a failed send may have reached the service.
 * - `not-sent`: the service certainly did not accept the message; sending it again is safe.
 * - `unknown`: it may have been accepted; look up its status before sending again.
 */
export type Delivery = 'not-sent' | 'unknown';

/** Options common to every SDK error. */
export interface CdmsErrorOptions {
  /** The underlying error, where there is one and it is safe to keep. */
  cause?: unknown;
  /** Set on errors thrown by a send: whether the message may have reached the service. */
  delivery?: Delivery | undefined;
  /** Set on errors thrown by a send that has its messageId: which message the error is about. */
  messageId?: string | undefined;
}

/**
 * Base class of every error the SDK throws. Its message says what happened and
 * what to do, and never contains an API key, an access token, attachment
 * content or patient data.
 */
export class CdmsError extends Error {
  /** Always `'CdmsError'`. */
  override name = 'CdmsError';
  /** Set on errors thrown by a send operation; see {@link Delivery}. */
  delivery: Delivery | undefined;
  /**
   * Set on errors thrown by a send once its messageId is known (every error
   * out of the tracker's `send`): the message the error is about, to look up
   * before anything is sent again.
   */
  messageId: string | undefined;

  /**
   * @param message - Safe, already redacted text.
   * @param options - Cause and delivery.
   */
  constructor(message: string, options: CdmsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.delivery = options.delivery;
    this.messageId = options.messageId;
  }
}

/**
 * Thrown when the client is constructed or called with options that cannot
 * work: a missing base URL or key, an insecure base URL, a header with a line
 * break, use in a browser. Nothing is sent.
 */
export class ConfigurationError extends CdmsError {
  /** Always `'ConfigurationError'`. */
  override name = 'ConfigurationError';
}
