import type { RequestOptions } from '../core/options.js';
import { assertUuid } from '../core/path.js';
import { waitFor, type WaitForStatusOptions } from '../polling/wait-for-status.js';
import type { GpConnectMessageParams } from '../schemas/gpconnect.js';
import { SEND_ENDPOINTS } from '../schemas/endpoints.js';
import type { GpConnectStatus } from '../schemas/status.js';
import { Resource } from './resource.js';
import { sendMessage } from './send-message.js';
import { statusRequest } from './status-request.js';
import type { SendOptions, SendResult } from './send-types.js';
import { toWireMessage } from './wire-message.js';

/**
 * The GP route: one consultation summary delivered to the patient's practice
 * through the national message-exchange infrastructure (MESH).
 *
 * @example
 * ```ts
 * const { messageId } = await cdms.gpconnect.send({
 *   topic: 'Consultation Summary',
 *   recipient: { id: { value: 'UNK' } },
 *   subject: { id: { type: 'NHSNumber', value: '9434765919' } },
 *   attachments: [await attachmentFromFile('consultation.pdf')],
 *   gpConnectAdditionalInformation: { ... },
 * });
 * const { status, subStatus } = await cdms.gpconnect.status(messageId);
 * ```
 */
export class GpConnect<ExtraSubjectIdType extends string = never> extends Resource {
  /**
   * Sends a GP-route message (POST /api/v1/gpconnect/messages). `type` and
   * `recipient.id.type` are filled in; `messageId` is generated when absent.
   * A 503 (the infrastructure could not take it) and connection failures are
   * retried with the same messageId, with backoff and `Retry-After`.
   *
   * @throws LocalValidationError when the message is invalid (nothing sent).
   * @throws AttachmentPreviouslyRejectedError when the attachment was rejected before (nothing sent).
   * @throws ServiceUnavailableError when 503 persists after the retries.
   * @throws BadRequestError, AuthenticationError, PermissionDeniedError, InternalServerError, AttachmentContentRejectedError
   * @throws ConnectionError, TimeoutError, RequestAbortedError, ResponseValidationError
   */
  async send(message: GpConnectMessageParams<ExtraSubjectIdType>, options: SendOptions = {}): Promise<SendResult> {
    return this.traced('gpconnect.send', (scope) => {
      const wire = toWireMessage(message, 'gpconnect');
      return sendMessage(this.context, { route: 'gpconnect', operation: 'gpconnect.send', path: SEND_ENDPOINTS.gpconnect, message: wire }, options, scope);
    });
  }

  /**
   * Gets the status of a GP-route message
   * (GET /api/v1/gpconnect/messages/{messageId}/status): PENDING 'Sent to
   * MESH', PENDING '20013 - Success', then COMPLETED or REJECTED with a code,
   * or EXPIRED. Retried on 5xx and network errors.
   *
   * @throws LocalValidationError when `messageId` is not a UUID (nothing sent).
   * @throws NotFoundError when no such message is visible to this key.
   * @throws BadRequestError, AuthenticationError, InternalServerError, ConnectionError, TimeoutError, ResponseValidationError
   */
  async status(messageId: string, options: RequestOptions = {}): Promise<GpConnectStatus> {
    return this.traced('gpconnect.status', (scope) => {
      assertUuid('messageId', messageId);
      scope.messageId(messageId);
      return this.context.transport.request(statusRequest('gpconnect', messageId), { ...options, scope });
    });
  }

  /**
   * Polls the GP-route status until it is terminal (or `until` holds). For
   * tests and the sandbox; on live systems poll at most four times a day.
   *
   * @throws TimeoutError when `timeoutMs` passes first; RequestAbortedError on abort; and the errors of {@link GpConnect.status}.
   */
  async waitForStatus(messageId: string, options: WaitForStatusOptions<GpConnectStatus> = {}): Promise<GpConnectStatus> {
    return waitFor((signal) => this.status(messageId, { signal }), options);
  }
}
