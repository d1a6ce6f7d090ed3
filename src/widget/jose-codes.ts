import { errors } from 'jose';

/**
 * The stable `code` of a `jose` error (for example `ERR_JWE_DECRYPTION_FAILED`),
 * or undefined for anything else. Only the code is ever kept: `jose` errors
 * can carry the decoded claims (`JWTClaimValidationFailed.payload`) or token
 * parts, so they are never attached to an SDK error as `cause`.
 */
export function joseCodeOf(error: unknown): string | undefined {
  return error instanceof errors.JOSEError ? error.code : undefined;
}

/** JOSE algorithm names are short ASCII identifiers; anything else is not echoed. */
const ALGORITHM_NAME = /^[A-Za-z0-9+_-]{1,32}$/;

/**
 * A header value (an `alg` or `enc` name read from a token) quoted for an
 * error message when it looks like an algorithm name, else a neutral
 * placeholder: header values are attacker-controlled text.
 */
export function quoteAlgorithm(value: unknown): string {
  return typeof value === 'string' && ALGORITHM_NAME.test(value) ? `'${value}'` : 'an unrecognised value';
}
