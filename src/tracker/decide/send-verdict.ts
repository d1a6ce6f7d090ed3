// What became of a send attempt, decided from the error alone: the verdict
// the tracker records (sent, resend later, confirm first, or failed for good).
// Pure: the effects in ../work make the request and pass its error here.
import { AttachmentContentRejectedError, ApiError, isMessageIdReuse } from '../../core/errors/api-error.js';
import { CdmsError } from '../../core/errors/cdms-error.js';
import { AttachmentPreviouslyRejectedError, LocalValidationError } from '../../core/errors/local-errors.js';
import { ConnectionError } from '../../core/errors/transport-errors.js';
import { describeError } from './describe-error.js';

/** What became of one send attempt (or of the look-up before it), in the tracker's terms. Internal. */
export type SendVerdict =
  /** The service holds it: it answered the send (`recovered` when the client confirmed an unclear attempt). */
  | { kind: 'sent'; recovered: boolean }
  /** The status endpoint shows the service holds it. */
  | { kind: 'held'; status: string; subStatus: string | null; updated: string | null }
  /** Refused locally, nothing sent by this attempt: invalid (an expiry now past), or content rejected before. */
  | { kind: 'refused'; error: CdmsError; detail: string }
  /** The service rejected an attachment's content (virus scan): never resend. */
  | { kind: 'content-rejected'; detail: string }
  /** This attempt certainly did not deliver it, for a reason that may pass (503, 5xx, no connection): resend later. */
  | { kind: 'retry-later'; detail: string }
  /** This attempt may have arrived: confirm through the status endpoint before any resend. */
  | { kind: 'unconfirmed'; detail: string }
  /** The service refused this attempt, and resending the same request cannot help (400, 401, 403). */
  | { kind: 'failed'; detail: string }
  /** The status endpoint could not be asked (nothing was sent): ask again later. */
  | { kind: 'lookup-failed'; detail: string }
  /**
   * The status endpoint answered 404 while an earlier attempt may still be on
   * its way (decision D-TRACKER-21): not proof of absence, so nothing is sent;
   * ask again once the attempt can no longer be in flight.
   */
  | { kind: 'not-found-yet'; detail: string };

/**
 * Classifies a failed send attempt. The tracker makes one attempt per client
 * call (see `sendStored`), so the error's kind is the attempt's own: a
 * timeout or a connection that broke after it was made may have delivered
 * it, whatever the error's `delivery` says; a refused connection or an
 * answer from the service did not. The client's `delivery: 'unknown'` is
 * always believed; its `not-sent` only where the kind proves it.
 *
 * `isResend` is true when the tracker sends a message again: a "messageId
 * already used" answer then means an earlier attempt arrived after all (on a
 * first send it is the app's own id clash).
 */
export function classifySendError(error: unknown, isResend: boolean): SendVerdict {
  const detail = describeError(error);
  if (error instanceof LocalValidationError || error instanceof AttachmentPreviouslyRejectedError) {
    return { kind: 'refused', error, detail };
  }
  if (error instanceof AttachmentContentRejectedError) return { kind: 'content-rejected', detail };
  if (!(error instanceof CdmsError)) return { kind: 'unconfirmed', detail };
  if (error.delivery === 'unknown') return { kind: 'unconfirmed', detail };
  if (error instanceof ApiError) {
    if (isResend && error.status === 400 && isMessageIdReuse(error.problem)) return { kind: 'unconfirmed', detail };
    if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry-later', detail };
    return { kind: 'failed', detail };
  }
  if (error instanceof ConnectionError) return error.connected ? { kind: 'unconfirmed', detail } : { kind: 'retry-later', detail };
  // A timeout (the request may be at the service, or still on its way), an abort mid-request, a 2xx whose body broke the schema.
  return { kind: 'unconfirmed', detail };
}
