import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, createRemoteJWKSet, exportSPKI, importJWK, type CryptoKey } from 'jose';
import { describe, expect, it } from 'vitest';
import { LaunchTokenError, readLaunchTokens, type LaunchTokenErrorCode } from 'cdms-sdk/widget';
import { generateToolbarSigningKey, toolbarJwks } from '../../src/widget/toolbar/index.js';
import {
  OTHER_SECRET, PATIENT_CLAIMS, SECRET, USER, flipInPart, handMadeToken, launchUrl, param, rejection, signingKey, withParam,
} from './helpers.js';

const METHODS = [
  { registered: 'A256GCM', jose: 'A256GCM' },
  { registered: 'A128CBC_HS256', jose: 'A128CBC-HS256' },
] as const;

async function expectCode(promise: Promise<unknown>, code: LaunchTokenErrorCode): Promise<LaunchTokenError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(LaunchTokenError);
  expect((error as LaunchTokenError).code).toBe(code);
  return error as LaunchTokenError;
}

async function publicPem(): Promise<string> {
  const key = await signingKey();
  return exportSPKI((await importJWK(key.publicJwk, 'ES256')) as CryptoKey);
}

describe('readLaunchTokens', () => {
  describe.each(METHODS)('round trip with $registered', ({ registered, jose }) => {
    it('without verification: claims returned, verified false', async () => {
      const url = await launchUrl({ encryptionMethod: registered });
      const { user, patient } = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: registered });
      expect(user?.claims).toMatchObject(USER);
      expect(patient?.claims).toMatchObject(PATIENT_CLAIMS);
      expect(user?.verified).toBe(false);
      expect(patient?.verified).toBe(false);
      expect(user?.headers).toMatchObject({ encryptionAlgorithm: 'dir', encryptionMethod: jose, signatureAlgorithm: 'ES256', type: 'JWT' });
    });

    it('accepts the JOSE spelling of the method too', async () => {
      const url = await launchUrl({ encryptionMethod: registered });
      const { user } = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: jose });
      expect(user?.claims.sub).toBe(USER.sub);
    });

    it.each([
      ['the public JWK', async () => (await signingKey()).publicJwk],
      ['an SPKI PEM', publicPem],
      ['a local JWKS function', async () => createLocalJWKSet(toolbarJwks(await signingKey()))],
      ['a JWK Set object', async () => toolbarJwks(await signingKey())],
      ['a CryptoKey', async () => (await importJWK((await signingKey()).publicJwk, 'ES256')) as CryptoKey],
    ])('verifies against %s', async (_label, key) => {
      const url = await launchUrl({ encryptionMethod: registered });
      const { user, patient } = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: registered, verify: await key() });
      expect(user?.verified).toBe(true);
      expect(patient?.verified).toBe(true);
      expect(patient?.claims.nhs_number).toBe(PATIENT_CLAIMS.nhs_number);
      expect(user?.headers.keyId).toBe((await signingKey()).kid);
    });
  });

  describe('input forms', () => {
    it('reads a URL object, URLSearchParams and a request path', async () => {
      const url = await launchUrl();
      const parsed = new URL(url);
      for (const input of [parsed, parsed.searchParams, `${parsed.pathname}${parsed.search}`, parsed.search]) {
        const { user } = await readLaunchTokens(input, { encryptionSecret: SECRET });
        expect(user?.claims.sub).toBe(USER.sub);
      }
    });

    it('reads a user-only launch: no patient key in the result', async () => {
      const url = await launchUrl({ requiresPatientData: false });
      const result = await readLaunchTokens(url, { encryptionSecret: SECRET, requiresUserData: true });
      expect(result.user?.claims.name).toBe(USER.name);
      expect('patient' in result).toBe(false);
    });

    it('honours parameterNames', async () => {
      const url = await launchUrl();
      const renamed = new URL('https://widgets.example.org/launch');
      renamed.searchParams.set('u', param(url, 'userContext'));
      renamed.searchParams.set('p', param(url, 'patientContext'));
      const { user, patient } = await readLaunchTokens(renamed, { encryptionSecret: SECRET, parameterNames: { user: 'u', patient: 'p' } });
      expect(user?.claims.sub).toBe(USER.sub);
      expect(patient?.claims.family_name).toBe(PATIENT_CLAIMS.family_name);
    });
  });

  describe('the secret', () => {
    it.each([
      ['31 characters', SECRET.slice(0, 31)],
      ['33 characters', `${SECRET}x`],
      ['a non-ASCII character (32 characters, 33 bytes)', `${SECRET.slice(0, 31)}é`],
      ['an emoji', `${SECRET.slice(0, 30)}😀`],
      ['not a string', 42 as unknown as string],
    ])('refuses a secret of %s before reading anything', async (_label, secret) => {
      const error = await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: secret }), 'invalid_secret');
      expect(error.token).toBeUndefined();
    });

    it('says non-ASCII characters make the key the wrong size', async () => {
      const error = await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: `${SECRET.slice(0, 31)}é` }), 'invalid_secret');
      expect(error.message).toMatch(/non-ASCII/);
      expect(error.message).toMatch(/32 bytes/);
    });

    it('says how long a wrong-length secret is', async () => {
      const error = await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET.slice(0, 31) }), 'invalid_secret');
      expect(error.message).toMatch(/has 31/);
    });

    it.each(METHODS)('a wrong secret gives decryption_failed ($registered)', async ({ registered }) => {
      const url = await launchUrl({ encryptionMethod: registered });
      const error = await expectCode(readLaunchTokens(url, { encryptionSecret: OTHER_SECRET, encryptionMethod: registered }), 'decryption_failed');
      expect(error.token).toBe('user');
      expect(error.parameter).toBe('userContext');
      expect(error.joseCode).toBe('ERR_JWE_DECRYPTION_FAILED');
    });
  });

  describe('the method', () => {
    it('an A128CBC-HS256 token read as A256GCM (the default) gives wrong_method', async () => {
      const url = await launchUrl({ encryptionMethod: 'A128CBC_HS256' });
      const error = await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET }), 'wrong_method');
      expect(error.message).toContain("'A128CBC_HS256'");
    });

    it('an A256GCM token read as A128CBC_HS256 gives wrong_method', async () => {
      const url = await launchUrl();
      await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: 'A128CBC_HS256' }), 'wrong_method');
    });

    it('an unknown method option gives invalid_options', async () => {
      const url = await launchUrl();
      await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: 'A192GCM' as 'A256GCM' }), 'invalid_options');
    });

    it('another key management algorithm gives unsupported_algorithm', async () => {
      const token = await handMadeToken({ sub: 'x' });
      const [, ...rest] = token.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'A256KW', enc: 'A256GCM' })).toString('base64url');
      const url = withParam(await launchUrl(), 'userContext', [header, ...rest].join('.'));
      await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET }), 'unsupported_algorithm');
    });
  });

  describe('tampering', () => {
    it.each(METHODS)('a flipped character in the ciphertext gives decryption_failed ($registered)', async ({ registered }) => {
      const url = await launchUrl({ encryptionMethod: registered, requiresPatientData: false });
      const tampered = withParam(url, 'userContext', flipInPart(param(url, 'userContext'), 3));
      await expectCode(readLaunchTokens(tampered, { encryptionSecret: SECRET, encryptionMethod: registered }), 'decryption_failed');
    });

    it.each([2, 3, 4])('one altered token of two (part %i) gives tampered, not a secret problem', async (part) => {
      const url = await launchUrl();
      const tampered = withParam(url, 'patientContext', flipInPart(param(url, 'patientContext'), part));
      const error = await expectCode(readLaunchTokens(tampered, { encryptionSecret: SECRET }), 'tampered');
      expect(error.token).toBe('patient');
    });

    it('a flipped character that breaks the protected header gives malformed', async () => {
      const url = await launchUrl();
      // The first character encodes the opening brace of the JSON header.
      const tampered = withParam(url, 'userContext', flipInPart(param(url, 'userContext'), 0, 0));
      await expectCode(readLaunchTokens(tampered, { encryptionSecret: SECRET }), 'malformed');
    });

    it('a flipped character inside the enc value of the protected header gives unsupported_algorithm', async () => {
      const url = await launchUrl();
      const token = param(url, 'userContext');
      const tampered = flipInPart(token, 0);
      expect(JSON.parse(Buffer.from(tampered.split('.')[0]!, 'base64url').toString()).enc).not.toBe('A256GCM');
      await expectCode(readLaunchTokens(withParam(url, 'userContext', tampered), { encryptionSecret: SECRET }), 'unsupported_algorithm');
    });

    it('a protected header rewritten to other valid JSON fails authentication (it is the AAD)', async () => {
      const url = await launchUrl({ requiresPatientData: false });
      const [, ...rest] = param(url, 'userContext').split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM', cty: 'JWT', kid: 'x' })).toString('base64url');
      const tampered = withParam(url, 'userContext', [header, ...rest].join('.'));
      await expectCode(readLaunchTokens(tampered, { encryptionSecret: SECRET }), 'decryption_failed');
    });

    it('a flipped character in the inner signature gives invalid_signature when verifying', async () => {
      const token = await handMadeToken({ sub: 'user-1' }, { sign: (jws) => flipInPart(jws, 2) });
      const url = `https://widgets.example.org/launch?userContext=${token}`;
      const error = await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, verify: (await signingKey()).publicJwk }), 'invalid_signature');
      expect(error.joseCode).toBe('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    });

    it('without verification the same token is returned marked verified: false (the documented caveat)', async () => {
      const token = await handMadeToken({ sub: 'user-1' }, { sign: (jws) => flipInPart(jws, 2) });
      const { user } = await readLaunchTokens(`?userContext=${token}`, { encryptionSecret: SECRET });
      expect(user?.verified).toBe(false);
      expect(user?.claims.sub).toBe('user-1');
    });

    it('a token signed by another key gives invalid_signature', async () => {
      const other = await generateToolbarSigningKey();
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: other.publicJwk }), 'invalid_signature');
    });

    it('a key set without the signing key gives invalid_signature', async () => {
      const other = await generateToolbarSigningKey();
      const error = await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: createLocalJWKSet(toolbarJwks(other)) }), 'invalid_signature');
      expect(error.joseCode).toBe('ERR_JWKS_NO_MATCHING_KEY');
    });

    it('an algorithm outside `algorithms` gives invalid_signature', async () => {
      const error = await expectCode(
        readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: (await signingKey()).publicJwk, algorithms: ['RS256'] }),
        'invalid_signature',
      );
      expect(error.joseCode).toBe('ERR_JOSE_ALG_NOT_ALLOWED');
    });

    it('an unsigned inner JWT (alg none) is refused even without verification', async () => {
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;
      const token = await handMadeToken({}, { sign: () => none });
      await expectCode(readLaunchTokens(`?userContext=${token}`, { encryptionSecret: SECRET }), 'invalid_signature');
    });
  });

  describe('lifetime', () => {
    const anHourAgo = new Date(Date.now() - 3_600_000);

    it.each([false, true])('an expired token gives expired (verifying: %s)', async (verifying) => {
      const url = await launchUrl({}, anHourAgo);
      const verify = verifying ? (await signingKey()).publicJwk : undefined;
      const error = await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, verify }), 'expired');
      expect(error.message).toMatch(/[Rr]elaunch/);
    });

    it('the clock tolerance and `now` are honoured', async () => {
      const issued = new Date('2026-01-01T12:00:00Z');
      const url = await launchUrl({}, issued);
      const justAfterExpiry = new Date('2026-01-01T12:05:30Z'); // exp + 30 s, inside the default 60 s
      await expect(readLaunchTokens(url, { encryptionSecret: SECRET, now: justAfterExpiry })).resolves.toHaveProperty('user');
      await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, now: justAfterExpiry, clockToleranceSeconds: 0 }), 'expired');
    });

    it.each([false, true])('a token not valid yet gives not_yet_valid (verifying: %s)', async (verifying) => {
      const token = await handMadeToken({ sub: 'x', nbf: Math.floor(Date.now() / 1000) + 3600 });
      const verify = verifying ? (await signingKey()).publicJwk : undefined;
      await expectCode(readLaunchTokens(`?userContext=${token}`, { encryptionSecret: SECRET, verify }), 'not_yet_valid');
    });

    it('a non-numeric exp gives invalid_claims', async () => {
      const token = await handMadeToken({ sub: 'x', exp: 'tomorrow' as unknown as number });
      await expectCode(readLaunchTokens(`?userContext=${token}`, { encryptionSecret: SECRET }), 'invalid_claims');
    });
  });

  describe('claim checks', () => {
    it('an issuer mismatch gives invalid_claims', async () => {
      const verify = (await signingKey()).publicJwk;
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify, issuer: 'https://toolbar.example' }), 'invalid_claims');
      await expect(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify, issuer: 'urn:cdms-sdk:sandbox-toolbar' })).resolves.toHaveProperty('user');
    });

    it('issuer without verify gives invalid_options', async () => {
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, issuer: 'x' }), 'invalid_options');
    });
  });

  describe('missing and malformed', () => {
    it('no token at all gives missing', async () => {
      const error = await expectCode(readLaunchTokens('https://widgets.example.org/launch?x=1', { encryptionSecret: SECRET }), 'missing');
      expect(error.message).toContain('userContext');
    });

    it('an empty token parameter counts as missing', async () => {
      await expectCode(readLaunchTokens('?userContext=', { encryptionSecret: SECRET }), 'missing');
    });

    it('a required patient token that is absent gives missing for the patient', async () => {
      const url = await launchUrl({ requiresPatientData: false });
      const error = await expectCode(readLaunchTokens(url, { encryptionSecret: SECRET, requiresPatientData: true }), 'missing');
      expect(error.token).toBe('patient');
      expect(error.parameter).toBe('patientContext');
    });

    it('a parameter given twice gives malformed', async () => {
      const url = await launchUrl({ requiresPatientData: false });
      const doubled = `${url}&userContext=${param(url, 'userContext')}`;
      await expectCode(readLaunchTokens(doubled, { encryptionSecret: SECRET }), 'malformed');
    });

    it.each([
      ['a random string', 'not-a-token'],
      ['a bare signed JWT', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
      ['five empty parts', '....'],
      ['an oversized value', 'a'.repeat(20_000)],
    ])('%s gives malformed', async (_label, value) => {
      await expectCode(readLaunchTokens(`?userContext=${value}`, { encryptionSecret: SECRET }), 'malformed');
    });

    it('a payload that is not a JWS gives malformed', async () => {
      const token = await handMadeToken({}, { sign: () => '{"sub":"x"}' });
      await expectCode(readLaunchTokens(`?userContext=${token}`, { encryptionSecret: SECRET }), 'malformed');
    });

    it('identical parameter names give invalid_options', async () => {
      await expectCode(readLaunchTokens('?a=b', { encryptionSecret: SECRET, parameterNames: { user: 'a', patient: 'a' } }), 'invalid_options');
    });
  });

  describe('verification keys', () => {
    it('a private JWK is refused as invalid_key', async () => {
      const { exportJWK, generateKeyPair } = await import('jose');
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: await exportJWK(privateKey) }), 'invalid_key');
    });

    it('a private PEM is refused as invalid_key', async () => {
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----' }), 'invalid_key');
    });

    it('a string that is not PEM is refused as invalid_key', async () => {
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: 'ssh-ed25519 AAAA' }), 'invalid_key');
    });

    it('a remote key set that cannot be fetched gives key_unavailable', async () => {
      const server = createServer((_req, res) => res.writeHead(500).end('down'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const verify = createRemoteJWKSet(new URL(`http://127.0.0.1:${port}/jwks`));
        await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify }), 'key_unavailable');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('a PEM of the wrong key type gives invalid_key', async () => {
      const { generateKeyPair } = await import('jose');
      const { publicKey } = await generateKeyPair('RS256', { extractable: true });
      await expectCode(readLaunchTokens(await launchUrl(), { encryptionSecret: SECRET, verify: await exportSPKI(publicKey) }), 'invalid_key');
    });
  });
});
