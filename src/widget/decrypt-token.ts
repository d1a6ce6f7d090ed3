import { compactDecrypt, decodeProtectedHeader, type ProtectedHeaderParameters } from 'jose';
import type { JoseEncryptionMethod } from './encryption-key.js';
import { LaunchTokenError, type LaunchTokenErrorCode, type LaunchTokenKind } from './errors.js';
import { joseCodeOf, quoteAlgorithm } from './jose-codes.js';

/** A launch token present in the URL. */
export interface PresentToken {
  kind: LaunchTokenKind;
  parameter: string;
  value: string;
}

/** The inner JWT of a launch token, and how it was encrypted. */
export interface DecryptedToken {
  kind: LaunchTokenKind;
  parameter: string;
  /** The signed JWT (compact JWS) that was the JWE's plaintext. */
  jws: string;
  encryptionAlgorithm: string;
  encryptionMethod: string;
}

const KNOWN_METHODS: readonly string[] = ['A256GCM', 'A128CBC-HS256'];
/** The registration spelling, for messages: callers pass it as encryptionMethod. */
const REGISTERED_SPELLING: Record<JoseEncryptionMethod, string> = { A256GCM: 'A256GCM', 'A128CBC-HS256': 'A128CBC_HS256' };

function fail(token: PresentToken, code: LaunchTokenErrorCode, message: string, joseCode?: string): LaunchTokenError {
  return new LaunchTokenError(code, message, { token: token.kind, parameter: token.parameter, joseCode });
}

/**
 * Reads the JWE protected header before decrypting, so that a token made with
 * the other method or another algorithm is reported as such, not as a
 * generic decryption failure.
 */
function checkHeader(token: PresentToken, expected: JoseEncryptionMethod): void {
  const parts = token.value.split('.');
  if (parts.length === 3) {
    throw fail(token, 'malformed', `The ${token.parameter} token is a signed JWT that is not encrypted; the toolbar sends encrypted tokens (compact JWE). Relaunch the widget from the toolbar.`);
  }
  if (parts.length !== 5) {
    throw fail(token, 'malformed', `The ${token.parameter} value is not an encrypted token (a compact JWE has five dot-separated parts); the URL may be truncated or altered.`);
  }
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token.value);
  } catch (error) {
    throw fail(token, 'malformed', `The ${token.parameter} token's header cannot be read; the token was altered or truncated. Relaunch the widget.`, joseCodeOf(error));
  }
  if (header.alg !== 'dir') {
    throw fail(token, 'unsupported_algorithm', `The ${token.parameter} token uses key management algorithm ${quoteAlgorithm(header.alg)}; this helper reads tokens encrypted directly with the widget's secret ('dir').`);
  }
  if (header.zip !== undefined) {
    throw fail(token, 'unsupported_algorithm', `The ${token.parameter} token is compressed ('zip'), which this helper does not support.`);
  }
  if (header.enc !== expected) {
    if (typeof header.enc === 'string' && KNOWN_METHODS.includes(header.enc)) {
      const actual = REGISTERED_SPELLING[header.enc as JoseEncryptionMethod];
      throw fail(token, 'wrong_method', `The ${token.parameter} token is encrypted with ${header.enc} but ${expected} was expected. ` +
        `Pass the widget's registered method as encryptionMethod (here '${actual}'), or register the widget with the method it can decrypt.`);
    }
    throw fail(token, 'unsupported_algorithm', `The ${token.parameter} token uses content encryption ${quoteAlgorithm(header.enc)}; only A256GCM and A128CBC-HS256 can be registered.`);
  }
}

/**
 * Decrypts one launch token (compact JWE, `alg: 'dir'`, the widget's key)
 * and returns its plaintext, the signed inner JWT.
 *
 * @throws LaunchTokenError with code `malformed`, `unsupported_algorithm`,
 *   `wrong_method` or `decryption_failed`.
 */
export async function decryptLaunchToken(token: PresentToken, key: Uint8Array, expected: JoseEncryptionMethod): Promise<DecryptedToken> {
  checkHeader(token, expected);
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(token.value, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: [expected],
    }));
  } catch (error) {
    const joseCode = joseCodeOf(error);
    if (joseCode === 'ERR_JWE_DECRYPTION_FAILED') {
      throw fail(token, 'decryption_failed', `The ${token.parameter} token could not be decrypted: either encryptionSecret is not the secret registered for this widget, ` +
        'or the token was altered after encryption. Check the secret (and that the widget registration update carrying it was approved), then relaunch the widget.', joseCode);
    }
    if (joseCode === 'ERR_JOSE_NOT_SUPPORTED') {
      throw fail(token, 'unsupported_algorithm', `The ${token.parameter} token uses a JOSE feature this helper does not support.`, joseCode);
    }
    throw fail(token, 'malformed', `The ${token.parameter} token is not a well-formed encrypted token; it was altered or truncated. Relaunch the widget.`, joseCode);
  }
  let jws: string;
  try {
    jws = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
  } catch {
    throw fail(token, 'malformed', `The ${token.parameter} token decrypted to bytes that are not text; a signed JWT was expected.`);
  }
  return { kind: token.kind, parameter: token.parameter, jws, encryptionAlgorithm: 'dir', encryptionMethod: expected };
}
