import {
  createLocalJWKSet,
  importJWK,
  importSPKI,
  importX509,
  type CryptoKey,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  type JWK,
  type JWTHeaderParameters,
  type JWTVerifyGetKey,
  type KeyObject,
} from 'jose';
import { LaunchTokenError, type LaunchTokenErrorCode } from './errors.js';
import { joseCodeOf } from './jose-codes.js';
import type { LaunchTokenVerificationKey } from './types.js';

/** Signature algorithms accepted by default with a public key: never `none`, never HMAC (algorithm confusion). */
export const DEFAULT_ASYMMETRIC_ALGORITHMS: readonly string[] = Object.freeze([
  'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512', 'EdDSA', 'Ed25519',
]);
/** Accepted by default with a shared secret. */
export const DEFAULT_HMAC_ALGORITHMS: readonly string[] = Object.freeze(['HS256', 'HS384', 'HS512']);

/** What `jwtVerify` is given: a key resolver (so failures are classified) and the allowed algorithms. */
export interface Verifier {
  getKey: (header: JWTHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey | KeyObject | JWK | Uint8Array>;
  algorithms: string[];
}

/**
 * An error from resolving the verification key, already classified. Thrown
 * inside the resolver so that `jwtVerify` passes it through unchanged.
 */
export class KeyResolutionFailure extends Error {
  override name = 'KeyResolutionFailure';

  constructor(
    readonly code: LaunchTokenErrorCode,
    readonly reason: string,
    readonly joseCode: string | undefined,
  ) {
    super(reason);
  }
}

const invalidKey = (message: string): LaunchTokenError => new LaunchTokenError('invalid_key', message);

/** A failure of the caller's key set (`createRemoteJWKSet` or `createLocalJWKSet`). */
function classifyKeySetFailure(error: unknown): KeyResolutionFailure {
  const joseCode = joseCodeOf(error);
  if (joseCode === 'ERR_JWKS_NO_MATCHING_KEY' || joseCode === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS') {
    return new KeyResolutionFailure('invalid_signature', 'no single key in the key set matches the token (its kid and algorithm); the toolbar may have rotated keys, or the key set is the wrong one', joseCode);
  }
  if (joseCode === 'ERR_JWK_INVALID' || joseCode === 'ERR_JOSE_NOT_SUPPORTED') {
    return new KeyResolutionFailure('invalid_key', 'the matching key in the key set cannot be used to verify this token', joseCode);
  }
  // Timeouts, network errors, a non-200 answer or a body that is not a key set.
  return new KeyResolutionFailure('key_unavailable', 'the key set could not be fetched or read; check its URL and retry later', joseCode);
}

function keyImportFailure(error: unknown): KeyResolutionFailure {
  return new KeyResolutionFailure('invalid_key', "the verification key cannot be imported for this token's signature algorithm", joseCodeOf(error));
}

function fromKeySet(keySet: JWTVerifyGetKey): Verifier['getKey'] {
  return async (header, token) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      throw classifyKeySetFailure(error);
    }
  };
}

function fromPem(pem: string): Verifier['getKey'] {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    throw invalidKey('verify was given a private key; pass the signer\'s public key (SPKI PEM, certificate or JWK) and keep private keys off the widget server.');
  }
  const isCertificate = pem.includes('-----BEGIN CERTIFICATE-----');
  if (!isCertificate && !pem.includes('-----BEGIN PUBLIC KEY-----')) {
    throw invalidKey("verify was given a string that is not a PEM public key ('-----BEGIN PUBLIC KEY-----') or certificate ('-----BEGIN CERTIFICATE-----').");
  }
  return async (header) => {
    try {
      return isCertificate ? await importX509(pem, header.alg) : await importSPKI(pem, header.alg);
    } catch (error) {
      throw keyImportFailure(error);
    }
  };
}

function fromJwk(jwk: JWK): Verifier['getKey'] {
  if ('d' in jwk && jwk.kty !== 'oct') {
    throw invalidKey("verify was given a private JWK (it has 'd'); pass the signer's public JWK and keep private keys off the widget server.");
  }
  return async (header) => {
    try {
      return await importJWK(jwk, header.alg);
    } catch (error) {
      throw keyImportFailure(error);
    }
  };
}

function isJwk(value: object): value is JWK {
  return typeof (value as { kty?: unknown }).kty === 'string';
}

function isKeySet(value: object): value is JSONWebKeySet {
  return Array.isArray((value as { keys?: unknown }).keys);
}

/** The `type` of a CryptoKey or KeyObject: 'public', 'private' or 'secret'. */
function keyType(value: object): unknown {
  return (value as { type?: unknown }).type;
}

/**
 * Normalises every accepted form of verification key into a key resolver
 * plus the algorithms allowed with it. Shared secrets only get HMAC
 * algorithms and public keys only asymmetric ones, unless the caller
 * chooses the list.
 *
 * @throws LaunchTokenError with code `invalid_key` for a private key or an unrecognised value.
 */
export function toVerifier(verify: LaunchTokenVerificationKey, algorithms: readonly string[] | undefined): Verifier {
  const pick = (symmetric: boolean): string[] => [...(algorithms ?? (symmetric ? DEFAULT_HMAC_ALGORITHMS : DEFAULT_ASYMMETRIC_ALGORITHMS))];
  if (typeof verify === 'function') return { getKey: fromKeySet(verify), algorithms: pick(false) };
  if (typeof verify === 'string') return { getKey: fromPem(verify), algorithms: pick(false) };
  if (verify instanceof Uint8Array) {
    if (verify.byteLength === 0) throw invalidKey('verify was given an empty shared secret.');
    return { getKey: () => Promise.resolve(verify), algorithms: pick(true) };
  }
  if (typeof verify !== 'object' || verify === null) {
    throw invalidKey('verify must be a public JWK, a PEM public key or certificate, a CryptoKey or KeyObject, or a key set function (createRemoteJWKSet).');
  }
  if (isKeySet(verify)) {
    let keySet: JWTVerifyGetKey;
    try {
      keySet = createLocalJWKSet(verify);
    } catch (error) {
      throw new LaunchTokenError('invalid_key', 'verify was given a key set that is not a valid JWK Set.', { joseCode: joseCodeOf(error) });
    }
    return { getKey: fromKeySet(keySet), algorithms: pick(false) };
  }
  if (isJwk(verify)) return { getKey: fromJwk(verify), algorithms: pick(verify.kty === 'oct') };
  const type = keyType(verify);
  if (type === 'private') {
    throw invalidKey("verify was given a private key; pass the signer's public key and keep private keys off the widget server.");
  }
  if (type !== 'public' && type !== 'secret') {
    throw invalidKey('verify must be a public JWK, a PEM public key or certificate, a CryptoKey or KeyObject, or a key set function (createRemoteJWKSet).');
  }
  return { getKey: () => Promise.resolve(verify), algorithms: pick(type === 'secret') };
}
