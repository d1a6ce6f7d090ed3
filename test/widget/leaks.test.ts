import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LaunchTokenError, readLaunchTokens, type ReadLaunchTokensOptions } from 'cdms-sdk/widget';
import { generateToolbarSigningKey } from '../../src/widget/toolbar/index.js';
import { CLAIM_VALUES, OTHER_SECRET, SECRET, flipInPart, handMadeToken, launchUrl, param, rejection, signingKey, withParam } from './helpers.js';

/** Every way an error may end up printed or shipped. */
function renderings(error: unknown): string[] {
  return [
    String(error),
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: 10 }),
    (error as Error).stack ?? '',
    String((error as Error).cause),
  ];
}

/** The secret, every token and token part long enough to matter, and the claim values. */
function forbidden(url: string, secrets: readonly string[]): string[] {
  const query = new URL(url, 'https://x.invalid').searchParams;
  const tokens = [...query.values()];
  const parts = tokens.flatMap((t) => t.split('.')).filter((p) => p.length >= 12);
  return [...secrets, ...tokens, ...parts, ...CLAIM_VALUES];
}

const anHourAgo = new Date(Date.now() - 3_600_000);

/** A scenario: the URL and options that make readLaunchTokens fail. */
type Scenario = () => Promise<{ url: string; options: ReadLaunchTokensOptions; secrets?: string[] }>;

const scenarios: Record<string, Scenario> = {
  'wrong secret': async () => ({ url: await launchUrl(), options: { encryptionSecret: OTHER_SECRET }, secrets: [OTHER_SECRET] }),
  'secret of 31 characters': async () => ({ url: await launchUrl(), options: { encryptionSecret: SECRET.slice(0, 31) }, secrets: [SECRET.slice(0, 31)] }),
  'secret of 33 characters': async () => ({ url: await launchUrl(), options: { encryptionSecret: `${SECRET}!` } }),
  'non-ASCII secret': async () => ({ url: await launchUrl(), options: { encryptionSecret: `${SECRET.slice(0, 31)}é` }, secrets: [SECRET.slice(0, 31)] }),
  'wrong method': async () => ({ url: await launchUrl({ encryptionMethod: 'A128CBC_HS256' }), options: { encryptionSecret: SECRET } }),
  'tampered ciphertext': async () => {
    const url = await launchUrl({ requiresPatientData: false });
    return { url: withParam(url, 'userContext', flipInPart(param(url, 'userContext'), 3)), options: { encryptionSecret: SECRET } };
  },
  'one of two tokens tampered': async () => {
    const url = await launchUrl();
    return { url: withParam(url, 'patientContext', flipInPart(param(url, 'patientContext'), 4)), options: { encryptionSecret: SECRET } };
  },
  'tampered header': async () => {
    const url = await launchUrl();
    return { url: withParam(url, 'userContext', flipInPart(param(url, 'userContext'), 0)), options: { encryptionSecret: SECRET } };
  },
  'expired, verified (jose errors carry the claims)': async () => ({
    url: await launchUrl({}, anHourAgo),
    options: { encryptionSecret: SECRET, verify: (await signingKey()).publicJwk },
  }),
  'expired, unverified': async () => ({ url: await launchUrl({}, anHourAgo), options: { encryptionSecret: SECRET } }),
  'issuer mismatch (jose error carries the claims)': async () => ({
    url: await launchUrl(),
    options: { encryptionSecret: SECRET, verify: (await signingKey()).publicJwk, issuer: 'https://elsewhere.example' },
  }),
  'signed by another key': async () => ({
    url: await launchUrl(),
    options: { encryptionSecret: SECRET, verify: (await generateToolbarSigningKey()).publicJwk },
  }),
  'tampered inner signature': async () => {
    const token = await handMadeToken({ sub: CLAIM_VALUES[0]!, name: CLAIM_VALUES[1]! }, { sign: (jws) => flipInPart(jws, 2) });
    return { url: `?userContext=${token}`, options: { encryptionSecret: SECRET, verify: (await signingKey()).publicJwk } };
  },
  'claims that are not an object': async () => {
    const key = await signingKey();
    const { CompactSign } = await import('jose');
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(CLAIM_VALUES))).setProtectedHeader({ alg: 'ES256' }).sign(key.privateKey);
    const token = await handMadeToken({}, { sign: () => jws });
    return { url: `?userContext=${token}`, options: { encryptionSecret: SECRET } };
  },
  'parameter given twice': async () => {
    const url = await launchUrl();
    return { url: `${url}&userContext=${param(url, 'userContext')}`, options: { encryptionSecret: SECRET } };
  },
};

describe('readLaunchTokens: errors never leak', () => {
  it.each(Object.entries(scenarios))('%s: no secret, token or claim value in any rendering', async (_label, scenario) => {
    const { url, options, secrets = [] } = await scenario();
    const error = await rejection(readLaunchTokens(url, options));
    expect(error).toBeInstanceOf(LaunchTokenError);
    expect((error as Error).cause).toBeUndefined();
    const needles = forbidden(url, [SECRET, ...secrets]);
    for (const text of renderings(error)) {
      for (const needle of needles) expect(text).not.toContain(needle);
    }
  });

  it('the leak check can fail: a rendering with a claim value is caught', () => {
    const leaky = new LaunchTokenError('malformed', `bad token for ${CLAIM_VALUES[2]!}`);
    const text = renderings(leaky).join('\n');
    expect(CLAIM_VALUES.some((value) => text.includes(value))).toBe(true);
  });
});
