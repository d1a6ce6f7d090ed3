import { ApiError, AccessTokenGoneError } from '../core/errors/api-error.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import type { RequestOptions, TransportCallOptions } from '../core/options.js';
import { AccessTokenResponseSchema } from '../schemas/token.js';
import { OPERATIONS, operationCall } from '../schemas/operations.js';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../schemas/vocabulary.js';
import { assertAccessToken } from './instant.js';
import { Resource } from './resource.js';

/** The verify path of the spec's definition, and the `/verify` path of its sample. */
const VERIFY_PATHS = [OPERATIONS.verifyAccessToken.path, OPERATIONS.verifyAccessTokenSamplePath.path] as const;

/**
 * Instant access tokens: exchange the one-time access code a practice user
 * generated in the toolbar for the token, once per user, and verify it.
 *
 * @example
 * ```ts
 * const token = await cdms.tokens.exchange(codeTheUserTyped);
 * await db.saveInstantToken(localUserId, token);
 * if (!(await cdms.tokens.verify(token))) askUserForNewAccessCode();
 * ```
 */
export class Tokens extends Resource {
  /** Which verify path this service serves, once known. */
  #verifyPath: (typeof VERIFY_PATHS)[number] | undefined;

  /**
   * Exchanges an access code for the user's instant access token
   * (POST /api/v1/messages/instant/access/token). Store the token against
   * the local user account. Not retried: a code is single-use.
   *
   * @returns The token (a UUID).
   * @throws LocalValidationError when the code is empty (nothing sent).
   * @throws BadRequestError when the code is unknown; AuthenticationError, PermissionDeniedError, InternalServerError
   * @throws ConnectionError, TimeoutError, RequestAbortedError, ResponseValidationError
   */
  async exchange(accessCode: string, options: RequestOptions = {}): Promise<string> {
    return this.traced('tokens.exchange', async (scope) => {
      const code: unknown = accessCode;
      if (typeof code !== 'string' || code.trim() === '' || /[\r\n]/.test(code)) {
        throw new LocalValidationError([{ name: 'accessCode', reason: 'must be the non-empty code the user generated in the toolbar' }]);
      }
      const { token } = await this.context.transport.request(
        {
          ...operationCall('exchangeAccessCode'),
          json: { accessCode: code },
          schema: AccessTokenResponseSchema,
          secrets: [code],
        },
        { ...options, scope },
      );
      return token;
    });
  }

  /**
   * Verifies an access token (GET /api/v1/messages/instant/access/token).
   * The spec's sample uses a `/verify` suffix instead: on a 404 or 405 the SDK
   * tries that path once and remembers whichever the service serves.
   *
   * @returns true when the token is valid (200), false when it is no longer valid (410).
   * @throws LocalValidationError when the token is not a UUID (nothing sent).
   * @throws BadRequestError, AuthenticationError, PermissionDeniedError, InternalServerError, ConnectionError, TimeoutError
   */
  async verify(token: string, options: RequestOptions = {}): Promise<boolean> {
    return this.traced('tokens.verify', (scope) => {
      assertAccessToken(token);
      return this.#verify(token, { ...options, scope });
    });
  }

  async #verify(token: string, options: TransportCallOptions): Promise<boolean> {
    if (this.#verifyPath) return this.#verifyAt(this.#verifyPath, token, options);
    try {
      const valid = await this.#verifyAt(VERIFY_PATHS[0], token, options);
      this.#verifyPath = VERIFY_PATHS[0];
      return valid;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
      this.context.transport.config.logger.warn(
        { event: 'fallback', operation: 'tokens.verify', status: error.status },
        'cdms: token verify path not served; trying the /verify path',
      );
      const valid = await this.#verifyAt(VERIFY_PATHS[1], token, options);
      this.#verifyPath = VERIFY_PATHS[1];
      return valid;
    }
  }

  async #verifyAt(path: (typeof VERIFY_PATHS)[number], token: string, options: TransportCallOptions): Promise<boolean> {
    try {
      await this.context.transport.request(
        {
          operation: 'tokens.verify',
          method: 'GET',
          path,
          // The spec lists Content-Type among this GET's headers.
          headers: { 'Content-Type': 'application/json', [INSTANT_ACCESS_TOKEN_HEADER]: token },
          secrets: [token],
        },
        options,
      );
      return true;
    } catch (error) {
      if (error instanceof AccessTokenGoneError) return false;
      throw error;
    }
  }
}
