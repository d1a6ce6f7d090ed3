// What became of a send attempt, decided from the error alone: the verdict
// the tracker records (sent, resend later, confirm first, or failed for good).
// Pure: the effects in ../work make the request and pass its error here.
import { AttachmentContentRejectedError, ApiError, isMessageIdReuse } from '../../core/errors/api-error.js';
import { CdmsError } from '../../core/errors/cdms-error.js';
import { AttachmentPreviouslyRejectedError, LocalValidationError } from '../../core/errors/local-errors.js';
import { ConnectionError, TimeoutError } from '../../core/errors/transport-errors.js';
import { describeError } from '../describe-error.js';

/** What became of one send attempt, in the tracker's terms. Internal. */
export type SendVerdict =
  /** The service holds it: it answered the send (`recovered` when the client confirmed an unclear attempt). */
  | { kind: 'sent'; recovered: boolean }
  /** The status endpoint shows the service holds it. */
  | { kind: 'held'; status: string; subStatus: string | null; updated: string | null }
  /** Refused locally, nothing sent: invalid, or content rejected before. */
  | { kind: 'refused'; error: CdmsError; detail: string }
  /** The service rejected an attachment's content (virus scan): never resend. */
  | { kind: 'content-rejected'; detail: string }
  /** Certainly not delivered, for a reason that may pass (503, 5xx, no connection): resend later. */
  | { kind: 'retry-later'; detail: string }
  /** It may have arrived: confirm through the status endpoint before any resend. */
  | { kind: 'unconfirmed'; detail: string }
  /** Certainly not delivered, and resending the same request cannot help (400, 401, 403). */
  | { kind: 'failed'; detail: string };

/**
 * Classifies a failed send. `isResend` is true when the tracker sends a
 * message again: a "messageId already used" answer then means an earlier
 * attempt arrived after all (on a first send it is the app's own id clash).
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
  if (error instanceof ConnectionError || error instanceof TimeoutError) return { kind: 'retry-later', detail };
  // A 2xx whose body broke the schema, or an abort mid-request: the service may hold it.
  return { kind: 'unconfirmed', detail };
}
