import type { CryptoKey, JSONWebKeySet, JWK, JWTVerifyGetKey, KeyObject } from 'jose';

/**
 * The content encryption method of a widget's launch tokens, as registered
 * (`'A128CBC_HS256'`, the spec's spelling) or as JOSE names it
 * (`'A128CBC-HS256'`, RFC 7518 section 5.1); both mean the same.
 */
export type LaunchEncryptionMethod = 'A256GCM' | 'A128CBC_HS256' | 'A128CBC-HS256';

/**
 * A key to verify the signature of the launch JWTs with:
 * - a public JWK object (`{ kty: 'EC', crv: 'P-256', x, y }`),
 * - a PEM string: an SPKI public key (`-----BEGIN PUBLIC KEY-----`) or an
 *   X.509 certificate (`-----BEGIN CERTIFICATE-----`),
 * - a Web Crypto `CryptoKey` or a Node.js `KeyObject`,
 * - a key set function from `jose`'s `createRemoteJWKSet(new URL(...))` or
 *   `createLocalJWKSet({ keys })`, which picks the key by `kid` and algorithm
 *   (a remote set is fetched and cached by `jose`; create it once, not per launch),
 * - a JWK Set object (`{ keys: [...] }`), used like `createLocalJWKSet`,
 * - a `Uint8Array` shared secret, only if the tokens are signed with HMAC (HS256/384/512).
 */
export type LaunchTokenVerificationKey = JWK | JSONWebKeySet | string | CryptoKey | KeyObject | Uint8Array | JWTVerifyGetKey;

/** Names of the query parameters that carry the launch tokens. */
export interface LaunchParameterNames {
  /**
   * Parameter of the user-context token.
   * @default 'userContext'
   */
  user?: string;
  /**
   * Parameter of the patient-context token.
   * @default 'patientContext'
   */
  patient?: string;
}

/** Options of {@link readLaunchTokens}. */
export interface ReadLaunchTokensOptions {
  /** The widget's registered `encryptionSecret`: 32 printable ASCII characters. Keep it like a password. */
  encryptionSecret: string;
  /**
   * The widget's registered `encryptionMethod`. A token encrypted with the
   * other method fails with code `wrong_method`.
   * @default 'A256GCM' (the registration's default)
   */
  encryptionMethod?: LaunchEncryptionMethod | undefined;
  /**
   * Key to verify the inner JWTs' signatures with. Without it the claims are
   * returned with `verified: false`: they were decrypted with the widget's
   * secret but their signer was NOT checked.
   */
  verify?: LaunchTokenVerificationKey | undefined;
  /**
   * Signature algorithms accepted when verifying.
   * @default the asymmetric ones (ES256/384/512, PS256/384/512, RS256/384/512, EdDSA, Ed25519); HS256/384/512 for a `Uint8Array` key
   */
  algorithms?: readonly string[] | undefined;
  /** When set, the `iss` claim must be (one of) this; checked only when verifying. */
  issuer?: string | readonly string[] | undefined;
  /** When set, the `aud` claim must contain (one of) this; checked only when verifying. */
  audience?: string | readonly string[] | undefined;
  /**
   * Allowed clock difference between the toolbar and this server, in seconds, for `exp` and `nbf`.
   * @default 60
   */
  clockToleranceSeconds?: number | undefined;
  /**
   * The current time for `exp` and `nbf` checks.
   * @default new Date()
   */
  now?: Date | undefined;
  /**
   * Whether the user-context token must be present (code `missing` if not).
   * When neither `requiresUserData` nor `requiresPatientData` is given, at
   * least one token must be present. Pass your registration's flags.
   */
  requiresUserData?: boolean | undefined;
  /** Whether the patient-context token must be present (code `missing` if not). */
  requiresPatientData?: boolean | undefined;
  /** Query parameter names, if the toolbar uses others than the defaults. */
  parameterNames?: LaunchParameterNames | undefined;
}

/**
 * Claims of a launch JWT. Which claims the toolbar sends is not shown by the
 * spec (Authentication point 7): check each one before use. They carry
 * personal data (the user's identity; the patient's NHS number, name, date
 * of birth): never log them.
 */
export interface LaunchClaims {
  /** Issuer. */
  iss?: string;
  /** Subject. */
  sub?: string;
  /** Audience. */
  aud?: string | string[];
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Not before, seconds since the epoch. */
  nbf?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** Token id. */
  jti?: string;
  /** Any other claim. */
  [claim: string]: unknown;
}

/** Header information of a launch token (never the token itself). */
export interface LaunchTokenHeaders {
  /** The JWE key management algorithm: always `'dir'`. */
  encryptionAlgorithm: string;
  /** The JWE content encryption method, as JOSE names it (`'A256GCM'` or `'A128CBC-HS256'`). */
  encryptionMethod: string;
  /** The inner JWT's signature algorithm, for example `'ES256'`. */
  signatureAlgorithm: string;
  /** The signing key's id, when the JWT names one. */
  keyId?: string;
  /** The inner JWT's `typ` header, when present. */
  type?: string;
}

/** One decrypted launch token. */
export interface LaunchContext {
  /** The inner JWT's claims. Personal data: never log them. */
  claims: LaunchClaims;
  /**
   * True when the signature was verified against the key passed as
   * `verify`; false when no key was given. Decryption alone proves only that
   * the token was made by someone who knows the widget's secret.
   */
  verified: boolean;
  /** What the token's headers say about how it was protected. */
  headers: LaunchTokenHeaders;
}

/** The launch tokens found in a launch URL, decrypted. */
export interface LaunchTokens {
  /** The user-context token, when present. */
  user?: LaunchContext;
  /** The patient-context token, when present (only for widgets registered with `requiresPatientData`). */
  patient?: LaunchContext;
}
