import { createRemoteJWKSet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CdmsClient } from 'cdms-sdk';
import { manualClock, SandboxError, startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { LaunchTokenError, readLaunchTokens } from 'cdms-sdk/widget';
import { OTHER_SECRET, PATIENT_CLAIMS, SECRET, USER, rejection } from './helpers.js';

let sandbox: Sandbox;
let cdms: CdmsClient;
let toolbarKeys: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  toolbarKeys = createRemoteJWKSet(new URL(`${sandbox.url}/_sandbox/jwks`));
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

async function register(name: string, options: { method?: 'A256GCM' | 'A128CBC_HS256'; patient: boolean; secret?: string }): Promise<void> {
  await cdms.widgets.register({
    name,
    icon: 'clipboard',
    launchUrl: 'https://widgets.example.org/launch',
    encryptionSecret: options.secret ?? SECRET,
    ...(options.method ? { encryptionMethod: options.method } : {}),
    requiresUserData: true,
    requiresPatientData: options.patient,
  });
}

describe('widgets end to end in the sandbox', () => {
  describe.each([
    { method: undefined, label: 'default method (A256GCM)', jose: 'A256GCM' },
    { method: 'A256GCM', label: 'A256GCM', jose: 'A256GCM' },
    { method: 'A128CBC_HS256', label: 'A128CBC_HS256', jose: 'A128CBC-HS256' },
  ] as const)('$label', ({ method, jose }) => {
    it('user + patient widget: register, launch, read verified against /_sandbox/jwks', async () => {
      await register('Referral Tracker', { ...(method ? { method } : {}), patient: true });
      const url = await sandbox.launchUrl('Referral Tracker', { user: USER, patient: PATIENT_CLAIMS });
      expect(url.startsWith('https://widgets.example.org/launch?')).toBe(true);
      const { user, patient } = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: method, verify: toolbarKeys, requiresPatientData: true });
      expect(user).toMatchObject({ verified: true, claims: USER, headers: { encryptionMethod: jose, signatureAlgorithm: 'ES256' } });
      expect(patient).toMatchObject({ verified: true, claims: PATIENT_CLAIMS });
    });

    it('user-only widget: no patient token even when a patient is given; readable unverified too', async () => {
      await register('Appointments', { ...(method ? { method } : {}), patient: false });
      const url = await sandbox.launchUrl('Appointments', { user: USER, patient: PATIENT_CLAIMS });
      expect(new URL(url).searchParams.has('patientContext')).toBe(false);
      const verified = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: method, verify: toolbarKeys });
      expect(verified.user?.verified).toBe(true);
      expect(verified.patient).toBeUndefined();
      const unverified = await readLaunchTokens(url, { encryptionSecret: SECRET, encryptionMethod: method });
      expect(unverified.user).toMatchObject({ verified: false, claims: USER });
    });
  });

  it('the widget registered with A128CBC_HS256 cannot be read as A256GCM: wrong_method', async () => {
    await register('Cbc Widget', { method: 'A128CBC_HS256', patient: false });
    const url = await sandbox.launchUrl('Cbc Widget', { user: USER });
    const error = await rejection(readLaunchTokens(url, { encryptionSecret: SECRET, verify: toolbarKeys }));
    expect(error).toBeInstanceOf(LaunchTokenError);
    expect((error as LaunchTokenError).code).toBe('wrong_method');
  });

  it('an update with a new secret takes effect: the old secret gives decryption_failed', async () => {
    await register('Rotating', { patient: false });
    await register('  ROTATING ', { patient: false, secret: OTHER_SECRET });
    const url = await sandbox.launchUrl('rotating', { user: USER });
    const error = await rejection(readLaunchTokens(url, { encryptionSecret: SECRET }));
    expect((error as LaunchTokenError).code).toBe('decryption_failed');
    await expect(readLaunchTokens(url, { encryptionSecret: OTHER_SECRET, verify: toolbarKeys })).resolves.toHaveProperty('user.verified', true);
  });

  it('launchUrl: an unknown widget is not-found; a missing patient is invalid', async () => {
    const unknown = await rejection(sandbox.launchUrl('Nope', { user: USER }));
    expect(unknown).toBeInstanceOf(SandboxError);
    expect((unknown as SandboxError).code).toBe('not-found');
    await register('Needs Patient', { patient: true });
    const missing = await rejection(sandbox.launchUrl('Needs Patient', { user: USER }));
    expect((missing as SandboxError).code).toBe('invalid');
  });

  it('launchUrl: a widget registered by another key is not found', async () => {
    const other = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.forbiddenApiKey });
    await expect(other.widgets.register({
      name: 'Foreign', icon: 'x', launchUrl: 'https://widgets.example.org/l', encryptionSecret: SECRET, requiresUserData: true, requiresPatientData: false,
    })).rejects.toThrow();
    expect(((await rejection(sandbox.launchUrl('Foreign', { user: USER }))) as SandboxError).code).toBe('not-found');
  });

  it('GET /_sandbox/jwks serves the public key only, the same as sandbox.jwks()', async () => {
    const response = await fetch(`${sandbox.url}/_sandbox/jwks`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(body).toEqual(sandbox.jwks());
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  it('POST /_sandbox/widgets/launch-url builds the same kind of URL over HTTP', async () => {
    await register('Http Widget', { patient: true });
    const post = (body: unknown) => fetch(`${sandbox.url}/_sandbox/widgets/launch-url`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const ok = await post({ name: 'Http Widget', user: USER, patient: PATIENT_CLAIMS });
    expect(ok.status).toBe(200);
    const { launchUrl } = (await ok.json()) as { launchUrl: string };
    const { patient } = await readLaunchTokens(launchUrl, { encryptionSecret: SECRET, verify: toolbarKeys });
    expect(patient?.claims.nhs_number).toBe(PATIENT_CLAIMS.nhs_number);
    expect((await post({ name: 'Http Widget', user: USER })).status).toBe(400);
    expect((await post({ name: 'Unknown', user: USER })).status).toBe(404);
    const invalid = await post({ name: 'Http Widget', user: USER, patient: { ...PATIENT_CLAIMS, nhs_number: '12' } });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).not.toContain(PATIENT_CLAIMS.family_name);
  });
});

describe('widget launches follow the sandbox clock', () => {
  it('tokens are issued at the sandbox time: read at that time they pass, an hour later they are expired', async () => {
    const clock = manualClock('2026-03-01T09:00:00Z');
    const timed = await startSandbox({ port: 0, clock: clock.now });
    try {
      await new CdmsClient({ baseUrl: timed.url, apiKey: timed.apiKey }).widgets.register({
        name: 'Timed', icon: 'clock', launchUrl: 'https://widgets.example.org/t', encryptionSecret: SECRET, requiresUserData: true, requiresPatientData: false,
      });
      const url = await timed.launchUrl('Timed', { user: USER });
      const verify = timed.jwks();
      await expect(readLaunchTokens(url, { encryptionSecret: SECRET, verify, now: clock.now() })).resolves.toHaveProperty('user.verified', true);
      clock.advance(3_600_000);
      const error = await rejection(readLaunchTokens(url, { encryptionSecret: SECRET, verify, now: clock.now() }));
      expect((error as LaunchTokenError).code).toBe('expired');
    } finally {
      await timed.close();
    }
  });
});
