import type { RequestOptions } from '../core/options.js';
import type { WrongPatientOptions } from '../validation/wrong-patient.js';

/** The outcome of a successful send. */
export interface SendResult {
  /** The message's id: the caller's, or the one the SDK generated. Keep it to query the status. */
  messageId: string;
  /** The status endpoint the service returned (relative URL). */
  statusEndpoint: string;
  /**
   * True when the send's outcome was unclear (timeout or dropped connection)
   * and the SDK confirmed through the status endpoint that the service has
   * the message.
   */
  recovered: boolean;
}

/** Options of the calls that validate their input locally before anything is sent: the three sends and widget registration. */
export interface ValidatedCallOptions extends RequestOptions {
  /**
   * Skip local pre-validation and send the input as it is. Only for testing
   * a server's own checks (for example against the sandbox); never in
   * production, where invalid input must not leave the building. On a send
   * it also skips the wrong-patient cross-check, with the rest; to skip that
   * check alone, for a document that names another person by right, use
   * `allowOtherNhsNumbers: true` instead.
   * @defaultValue false
   */
  skipLocalValidation?: boolean | undefined;
}

/** Options of the three sends: the request's, local validation's, and the wrong-patient cross-check's override. */
export interface SendOptions extends ValidatedCallOptions, WrongPatientOptions {}

/** Options of `instant.send()`. */
export interface InstantSendOptions extends SendOptions {
  /** The user's instant access token, as returned by `tokens.exchange()`. */
  accessToken: string;
}
