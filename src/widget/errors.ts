import { CdmsError } from '../core/errors/cdms-error.js';

/**
 * Why a launch token could not be read. Each code asks for a different fix:
 *
 * - `invalid_secret`: the `encryptionSecret` passed to the helper is not 32
 *   printable ASCII characters (= 32 bytes = the 256-bit key). Fix the configuration.
 * - `invalid_options`: another option or the URL argument cannot work (an
 *   unknown `encryptionMethod`, empty parameter names, a URL that is not a string, `URL` or `URLSearchParams`).
 * - `missing`: a token the widget requires is not in the query string (not
 *   launched by the toolbar, wrong parameter names, or the registration does
 *   not request that data).
 * - `malformed`: the value is not a compact JWE, its header or decrypted
 *   payload cannot be parsed, or the parameter appears twice. No secret could
 *   make it readable: the URL was truncated, mangled or forged.
 * - `unsupported_algorithm`: the JWE uses a key management algorithm other
 *   than `dir`, or a feature (compression, critical headers) the helper does not support.
 * - `wrong_method`: the token is encrypted with the other content encryption
 *   method than the one expected (`A256GCM` vs `A128CBC-HS256`); pass the
 *   widget's registered `encryptionMethod`.
 * - `decryption_failed`: authenticated decryption failed: the secret is not
 *   the one registered for this widget, or the token was altered after
 *   encryption. For a single token the two cannot be told apart (that is
 *   the point of authenticated encryption).
 * - `tampered`: this token failed authenticated decryption while another
 *   token of the same launch decrypted with the same secret: the secret is
 *   right, so this token was altered (or the toolbar is faulty).
 * - `invalid_signature`: the inner JWT's signature does not verify against
 *   the given key, no key in the key set matches it, or it uses an algorithm
 *   not allowed.
 * - `expired` / `not_yet_valid`: the `exp` / `nbf` claim says the token is not
 *   valid now (beyond the clock tolerance). Relaunch the widget from the toolbar.
 * - `invalid_claims`: a claim check requested by the caller (`issuer`,
 *   `audience`) failed, or a time claim is not a number.
 * - `invalid_key`: the verification key given to the helper cannot be used (bad PEM or JWK).
 * - `key_unavailable`: the remote key set could not be fetched; retrying later may work.
 */
export type LaunchTokenErrorCode =
  | 'invalid_secret'
  | 'invalid_options'
  | 'missing'
  | 'malformed'
  | 'unsupported_algorithm'
  | 'wrong_method'
  | 'decryption_failed'
  | 'tampered'
  | 'invalid_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'invalid_claims'
  | 'invalid_key'
  | 'key_unavailable';

/** Which launch token an error concerns. */
export type LaunchTokenKind = 'user' | 'patient';

/** Details of a {@link LaunchTokenError}; none of them is secret or patient data. */
export interface LaunchTokenErrorDetails {
  /** The token concerned, when the error is about one token. */
  token?: LaunchTokenKind | undefined;
  /** The query parameter the token was read from (or looked for). */
  parameter?: string | undefined;
  /** The `jose` error code behind the failure (for example `ERR_JWE_DECRYPTION_FAILED`), for support. */
  joseCode?: string | undefined;
}

/**
 * Thrown by {@link readLaunchTokens} when a launch token is missing or cannot
 * be decrypted, verified or trusted; `code` says which (see
 * {@link LaunchTokenErrorCode}). The message says what to do. It never
 * contains the encryption secret, a raw token or a claim value (claims carry
 * patient data), and no underlying `jose` error is kept as `cause`, because
 * some of those carry the decoded claims.
 */
export class LaunchTokenError extends CdmsError {
  override name = 'LaunchTokenError';
  /** What went wrong; stable, for programs to branch on. */
  readonly code: LaunchTokenErrorCode;
  /** The token concerned, when the error is about one token. */
  readonly token: LaunchTokenKind | undefined;
  /** The query parameter the token was read from (or looked for). */
  readonly parameter: string | undefined;
  /** The `jose` error code behind the failure, if any. */
  readonly joseCode: string | undefined;

  /**
   * @param code - What went wrong.
   * @param message - Safe text: no secret, token or claim value.
   * @param details - Which token and parameter, and the `jose` code.
   */
  constructor(code: LaunchTokenErrorCode, message: string, details: LaunchTokenErrorDetails = {}) {
    super(message);
    this.code = code;
    this.token = details.token;
    this.parameter = details.parameter;
    this.joseCode = details.joseCode;
  }
}
