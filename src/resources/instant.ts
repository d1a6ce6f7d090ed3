import type { Delivery } from '../core/errors/cdms-error.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import type { InstantMessageParams } from '../schemas/message.js';
import { SEND_ENDPOINTS } from '../schemas/endpoints.js';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../schemas/vocabulary.js';
import { Resource } from './resource.js';
import { sendMessage } from './send-message.js';
import type { InstantSendOptions, SendResult } from './send-types.js';
import { toWireMessage } from './wire-message.js';

// The header's name is service vocabulary (schemas/vocabulary.ts); senders import it from here.
export { INSTANT_ACCESS_TOKEN_HEADER };

/**
 * Throws {@link LocalValidationError} unless the token looks like the UUID
 * the exchange returns. Catches the easy mistake of passing the access code.
 * The value is never echoed. `delivery` is `'not-sent'` when a send checks it.
 */
export function assertAccessToken(token: unknown, delivery?: Delivery): asserts token is string {
  if (typeof token !== 'string' || !UUID_PATTERN.test(token)) {
    throw new LocalValidationError(
      [{ name: 'accessToken', reason: 'must be the UUID token returned by tokens.exchange(), not the access code' }],
      { delivery },
    );
  }
}

/**
 * Instant messages: imported automatically by the user's toolbar when it is
 * running, else they become standard messages. Their status is read with
 * `messages.status()`.
 *
 * @example
 * ```ts
 * const token = await cdms.tokens.exchange(accessCodeTypedByUser);
 * const { messageId } = await cdms.instant.send(message, { accessToken: token });
 * ```
 */
export class Instant<ExtraSubjectIdType extends string = never, ExtraRecipientIdType extends string = never> extends Resource {
  /**
   * Sends an instant message (POST /api/v1/messages/instant) with the user's
   * access token. `type` is filled in; `messageId` is generated when absent.
   * Not retried automatically.
   *
   * @throws LocalValidationError when the message or token is invalid (nothing sent).
   * @throws AttachmentPreviouslyRejectedError when an attachment was rejected before (nothing sent).
   * @throws BadRequestError, AuthenticationError, PermissionDeniedError, InternalServerError, AttachmentContentRejectedError
   * @throws ConnectionError, TimeoutError, RequestAbortedError, ResponseValidationError
   */
  async send(message: InstantMessageParams<ExtraSubjectIdType, ExtraRecipientIdType>, options: InstantSendOptions): Promise<SendResult> {
    return this.traced('instant.send', (scope) => {
      const accessToken: unknown = options?.accessToken;
      assertAccessToken(accessToken, 'not-sent');
      return sendMessage(
        this.context,
        {
          route: 'instant',
          operation: 'instant.send',
          path: SEND_ENDPOINTS.instant,
          message: toWireMessage(message, 'instant'),
          headers: { [INSTANT_ACCESS_TOKEN_HEADER]: accessToken },
          secrets: [accessToken],
        },
        options,
        scope,
      );
    });
  }
}
