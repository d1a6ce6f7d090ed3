import type { RequestOptions } from '../core/options.js';
import { assertUuid } from '../core/path.js';
import { waitFor, type WaitForStatusOptions } from '../polling/wait-for-status.js';
import type { StandardMessageParams } from '../schemas/message.js';
import { SEND_ENDPOINTS } from '../schemas/endpoints.js';
import type { MessageStatus } from '../schemas/status.js';
import { Resource } from './resource.js';
import { sendMessage } from './send-message.js';
import { statusRequest } from './status-request.js';
import type { SendOptions, SendResult } from './send-types.js';
import { toWireMessage } from './wire-message.js';

/**
 * Standard messages: sent to the practice, imported or rejected by a practice
 * user in the toolbar. Also the status endpoint of instant messages.
 *
 * @example
 * ```ts
 * const { messageId } = await cdms.messages.send({
 *   topic: 'Discharge Summary',
 *   recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
 *   subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
 *   attachments: [await attachmentFromFile('summary.pdf')],
 * });
 * const { status } = await cdms.messages.status(messageId);
 * ```
 */
export class Messages<ExtraSubjectIdType extends string = never, ExtraRecipientIdType extends string = never> extends Resource {
  /**
   * Sends a standard message (POST /api/v1/messages) after validating it
   * locally. A `messageId` is generated when absent; keep the returned one.
   *
   * Not retried automatically: the error's `delivery` says whether the
   * message may have arrived.
   *
   * @throws LocalValidationError when the message is invalid (nothing sent).
   * @throws AttachmentPreviouslyRejectedError when an attachment was rejected before (nothing sent).
   * @throws BadRequestError, AuthenticationError, PermissionDeniedError, InternalServerError, AttachmentContentRejectedError
   * @throws ConnectionError, TimeoutError, RequestAbortedError, ResponseValidationError
   */
  async send(message: StandardMessageParams<ExtraSubjectIdType, ExtraRecipientIdType>, options: SendOptions = {}): Promise<SendResult> {
    return this.traced('messages.send', (scope) => {
      const wire = toWireMessage(message, 'standard');
      return sendMessage(this.context, { route: 'standard', operation: 'messages.send', path: SEND_ENDPOINTS.standard, message: wire }, options, scope);
    });
  }

  /**
   * Gets the status of a standard or instant message
   * (GET /api/v1/messages/{messageId}/status). Retried on 5xx and network
   * errors. Poll sparingly on live systems: at most four times a day
   * (see `planStatusPolls`).
   *
   * @throws LocalValidationError when `messageId` is not a UUID (nothing sent).
   * @throws NotFoundError when no such message is visible to this key.
   * @throws BadRequestError, AuthenticationError, InternalServerError, ConnectionError, TimeoutError, ResponseValidationError
   */
  async status(messageId: string, options: RequestOptions = {}): Promise<MessageStatus> {
    return this.traced('messages.status', (scope) => {
      assertUuid('messageId', messageId);
      scope.messageId(messageId);
      return this.context.transport.request(statusRequest('standard', messageId), { ...options, scope });
    });
  }

  /**
   * Polls the status until it is terminal (or `until` holds).
   *
   * For tests and the sandbox: the service asks senders to poll live systems
   * no more than four times a day; use `planStatusPolls` there instead.
   *
   * @throws TimeoutError when `timeoutMs` passes first; RequestAbortedError on abort; and the errors of {@link Messages.status}.
   */
  async waitForStatus(messageId: string, options: WaitForStatusOptions<MessageStatus> = {}): Promise<MessageStatus> {
    return waitFor((signal) => this.status(messageId, { signal }), options);
  }
}
