import { calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';

/**
 * The key pair a stand-in toolbar signs launch JWTs with. ES256 (ECDSA
 * P-256, RFC 7518 section 3.4): short signatures keep launch URLs short, and
 * it is the asymmetric algorithm every JOSE library supports.
 */
export interface ToolbarSigningKey {
  /** Signature algorithm. */
  readonly alg: 'ES256';
  /** Key id: the public key's JWK thumbprint (RFC 7638), sent in each JWT's header. */
  readonly kid: string;
  /** Private key; never leaves the process. */
  readonly privateKey: CryptoKey;
  /** Public key as a JWK with `kid`, `alg` and `use`, for widgets to verify with. */
  readonly publicJwk: JWK;
}

/** Generates a fresh ES256 signing key pair (the sandbox makes one at start). */
export async function generateToolbarSigningKey(): Promise<ToolbarSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { alg: 'ES256', kid, privateKey, publicJwk: Object.freeze({ ...jwk, kid, alg: 'ES256', use: 'sig' }) };
}

/** The public JWK Set of the given keys, as served at `/_sandbox/jwks` (RFC 7517 section 5). */
export function toolbarJwks(...keys: readonly ToolbarSigningKey[]): JSONWebKeySet {
  return { keys: keys.map((key) => ({ ...key.publicJwk })) };
}
