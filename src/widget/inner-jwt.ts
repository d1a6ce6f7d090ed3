import { decodeJwt, decodeProtectedHeader, jwtVerify, type errors, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import type { DecryptedToken } from './decrypt-token.js';
import { LaunchTokenError, type LaunchTokenErrorCode } from './errors.js';
import { joseCodeOf, quoteAlgorithm } from './jose-codes.js';
import type { LaunchClaims, LaunchContext, LaunchTokenHeaders } from './types.js';
import { KeyResolutionFailure, type Verifier } from './verification-key.js';

/** Claim checks applied to every inner JWT. */
export interface ClaimChecks {
  now: Date;
  clockToleranceSeconds: number;
  issuer?: string | string[] | undefined;
  audience?: string | string[] | undefined;
}

const RELAUNCH = 'Relaunch the widget from the toolbar to get fresh tokens.';

function fail(token: DecryptedToken, code: LaunchTokenErrorCode, message: string, joseCode?: string): LaunchTokenError {
  return new LaunchTokenError(code, message, { token: token.kind, parameter: token.parameter, joseCode });
}

function innerHeader(token: DecryptedToken): ProtectedHeaderParameters {
  if (token.jws.split('.').length !== 3) {
    throw fail(token, 'malformed', `The ${token.parameter} token decrypted to something that is not a signed JWT (compact JWS); the toolbar signs the JWT it encrypts.`);
  }
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token.jws);
  } catch (error) {
    throw fail(token, 'malformed', `The ${token.parameter} token's inner JWT has an unreadable header.`, joseCodeOf(error));
  }
  if (typeof header.alg !== 'string' || header.alg === 'none') {
    throw fail(token, 'invalid_signature', `The ${token.parameter} token's inner JWT is not signed (alg ${quoteAlgorithm(header.alg)}); the toolbar signs launch tokens.`);
  }
  return header;
}

/** Only claim names jose reports are echoed, and only when they look like claim names, never values. */
function claimName(error: errors.JWTClaimValidationFailed): string {
  return /^[a-z]{2,16}$/i.test(error.claim) ? `'${error.claim}'` : 'a';
}

function verificationFailure(token: DecryptedToken, error: unknown): LaunchTokenError {
  if (error instanceof KeyResolutionFailure) {
    return fail(token, error.code, `The ${token.parameter} token could not be verified: ${error.reason}.`, error.joseCode);
  }
  const joseCode = joseCodeOf(error);
  switch (joseCode) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return fail(token, 'invalid_signature', `The ${token.parameter} token's signature does not verify against the given key: the token was forged or altered, or the key is not the toolbar's. Do not trust it.`, joseCode);
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return fail(token, 'invalid_signature', `The ${token.parameter} token is signed with an algorithm that is not allowed (see the algorithms option).`, joseCode);
    case 'ERR_JWT_EXPIRED':
      return fail(token, 'expired', `The ${token.parameter} token has expired. ${RELAUNCH}`, joseCode);
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const failure = error as errors.JWTClaimValidationFailed;
      if (failure.claim === 'nbf' && failure.reason === 'check_failed') {
        return fail(token, 'not_yet_valid', `The ${token.parameter} token is not valid yet (nbf); check this server's clock. ${RELAUNCH}`, joseCode);
      }
      return fail(token, 'invalid_claims', `The ${token.parameter} token failed the ${claimName(failure)} claim check (${failure.reason}).`, joseCode);
    }
    case 'ERR_JWK_INVALID':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return fail(token, 'invalid_key', `The verification key cannot be used for the ${token.parameter} token's signature algorithm.`, joseCode);
    default:
      return fail(token, 'malformed', `The ${token.parameter} token's inner JWT is not well formed.`, joseCode);
  }
}

/** exp/nbf checks for the unverified path, with jose's semantics (RFC 7519 sections 4.1.4-4.1.5). */
function checkTimes(token: DecryptedToken, claims: JWTPayload, checks: ClaimChecks): void {
  const now = Math.floor(checks.now.getTime() / 1000);
  for (const name of ['exp', 'nbf'] as const) {
    const value = claims[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw fail(token, 'invalid_claims', `The ${token.parameter} token's '${name}' claim is not a number.`);
    }
  }
  if (claims.exp !== undefined && claims.exp <= now - checks.clockToleranceSeconds) {
    throw fail(token, 'expired', `The ${token.parameter} token has expired. ${RELAUNCH}`);
  }
  if (claims.nbf !== undefined && claims.nbf > now + checks.clockToleranceSeconds) {
    throw fail(token, 'not_yet_valid', `The ${token.parameter} token is not valid yet (nbf); check this server's clock. ${RELAUNCH}`);
  }
}

async function claimsOf(token: DecryptedToken, verifier: Verifier | undefined, checks: ClaimChecks): Promise<JWTPayload> {
  if (verifier === undefined) {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token.jws);
    } catch (error) {
      throw fail(token, 'malformed', `The ${token.parameter} token's inner JWT has unreadable claims.`, joseCodeOf(error));
    }
    checkTimes(token, claims, checks);
    return claims;
  }
  try {
    const { payload } = await jwtVerify(token.jws, verifier.getKey, {
      algorithms: verifier.algorithms,
      clockTolerance: checks.clockToleranceSeconds,
      currentDate: checks.now,
      ...(checks.issuer === undefined ? {} : { issuer: checks.issuer }),
      ...(checks.audience === undefined ? {} : { audience: checks.audience }),
    });
    return payload;
  } catch (error) {
    throw verificationFailure(token, error);
  }
}

/**
 * Reads the signed JWT inside a decrypted launch token: verifies its
 * signature when a verifier is given, checks exp/nbf either way, and returns
 * the claims with header information (never the token).
 *
 * @throws LaunchTokenError with code `malformed`, `invalid_signature`,
 *   `expired`, `not_yet_valid`, `invalid_claims`, `invalid_key` or `key_unavailable`.
 */
export async function readInnerJwt(token: DecryptedToken, verifier: Verifier | undefined, checks: ClaimChecks): Promise<LaunchContext> {
  const header = innerHeader(token);
  const claims: LaunchClaims = { ...(await claimsOf(token, verifier, checks)) };
  const headers: LaunchTokenHeaders = {
    encryptionAlgorithm: token.encryptionAlgorithm,
    encryptionMethod: token.encryptionMethod,
    signatureAlgorithm: header.alg ?? '',
    ...(typeof header.kid === 'string' ? { keyId: header.kid } : {}),
    ...(typeof header.typ === 'string' ? { type: header.typ } : {}),
  };
  return { claims, verified: verifier !== undefined, headers };
}
