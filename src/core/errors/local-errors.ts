// Errors raised before anything is sent: a message or option that fails
// local validation, and an attachment the service refused before.
import type { InvalidParameter } from '../../schemas/problem.js';
import type { ContentRejection } from './content-rejection.js';
import { CdmsError, type Delivery } from './cdms-error.js';

function describe(params: readonly InvalidParameter[]): string {
  const shown = params.slice(0, 5).map((p) => `${p.name}: ${p.reason}`);
  const more = params.length > shown.length ? `; and ${params.length - shown.length} more` : '';
  return shown.join('; ') + more;
}

/**
 * Thrown when local pre-validation finds a problem. No request was made.
 * `invalidParameters` has the same shape as the server's validation problem
 * and never echoes patient data or attachment content. Thrown by a send, it
 * says `delivery: 'not-sent'`; by a read or a helper, `delivery` is undefined.
 */
export class LocalValidationError extends CdmsError {
  /** Always `'LocalValidationError'`. */
  override name = 'LocalValidationError';
  /** Each offending field, as a dotted path with a reason. */
  readonly invalidParameters: readonly InvalidParameter[];

  /**
   * @param invalidParameters - The problems found; must not hold patient data.
   * @param options - `delivery: 'not-sent'` when a send throws it.
   */
  constructor(invalidParameters: readonly InvalidParameter[], options: { delivery?: Delivery | undefined } = {}) {
    super(`Invalid request, nothing was sent. Fix: ${describe(invalidParameters)}`, { delivery: options.delivery });
    this.invalidParameters = invalidParameters;
  }
}

const PREVIOUSLY = {
  'virus-scan':
    'has content the service rejected before for the content itself (a virus scan verdict), whatever its type: it must not be resent. ' +
    'Nothing was sent. Obtain a clean copy of the document.',
  format:
    'has content the service rejected before with this same mimeType, as not being what the type says: it must not be resent with that type. ' +
    'Nothing was sent. Send the right file, or this one with its real mimeType.',
} as const;

/**
 * Thrown before sending when an attachment's exact content was rejected by
 * the service before (spec, Errors rule 3: it must not be resent): after a
 * virus-scan verdict whatever its declared type, after a format error with
 * the same declared type. No request was made.
 */
export class AttachmentPreviouslyRejectedError extends CdmsError {
  /** Always `'AttachmentPreviouslyRejectedError'`. */
  override name = 'AttachmentPreviouslyRejectedError';
  /** Index of the attachment in `attachments`. */
  readonly attachmentIndex: number;
  /** The kind of the earlier rejection. */
  readonly rejection: ContentRejection;

  /**
   * @param attachmentIndex - Index of the attachment whose content was rejected before.
   * @param rejection - The kind of the earlier rejection.
   */
  constructor(attachmentIndex: number, rejection: ContentRejection = 'virus-scan') {
    super(`attachments[${attachmentIndex}] ${PREVIOUSLY[rejection]}`, { delivery: 'not-sent' });
    this.attachmentIndex = attachmentIndex;
    this.rejection = rejection;
  }
}
