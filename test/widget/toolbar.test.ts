import { describe, expect, it } from 'vitest';
import { readLaunchTokens } from 'cdms-sdk/widget';
import { LaunchTokenError } from 'cdms-sdk/widget';
import { buildToolbarLaunchUrl, ToolbarLaunchError, toolbarJwks } from '../../src/widget/toolbar/index.js';
import { PATIENT_CLAIMS, SECRET, USER, rejection, signingKey, widget } from './helpers.js';

async function build(overrides: Parameters<typeof widget>[0], context: Parameters<typeof buildToolbarLaunchUrl>[1]): Promise<URL> {
  return new URL(await buildToolbarLaunchUrl(widget(overrides), context, { signingKey: await signingKey() }));
}

describe('toolbar launch URLs', () => {
  it('buildToolbarLaunchUrl: user and patient tokens for a widget that asks for both', async () => {
    const url = await build({}, { user: USER, patient: PATIENT_CLAIMS });
    expect(url.origin + url.pathname).toBe('https://widgets.example.org/launch');
    expect([...url.searchParams.keys()].sort()).toEqual(['patientContext', 'userContext']);
  });

  it('buildToolbarLaunchUrl: no patient token unless requiresPatientData, even when a patient is given', async () => {
    const url = await build({ requiresPatientData: false }, { user: USER, patient: PATIENT_CLAIMS });
    expect([...url.searchParams.keys()]).toEqual(['userContext']);
  });

  it('buildToolbarLaunchUrl: no tokens for a widget that asks for no data', async () => {
    const url = await build({ requiresUserData: false, requiresPatientData: false }, { user: USER });
    expect(url.search).toBe('');
  });

  it('buildToolbarLaunchUrl: keeps the launchUrl query and never duplicates a token parameter', async () => {
    const url = await build({ launchUrl: 'https://widgets.example.org/launch?tenant=7&userContext=stale', requiresPatientData: false }, { user: USER });
    expect(url.searchParams.get('tenant')).toBe('7');
    expect(url.searchParams.getAll('userContext')).toHaveLength(1);
    expect(url.searchParams.get('userContext')).not.toBe('stale');
  });

  it('buildToolbarLaunchUrl: the protected headers name the registered method, dir and a nested JWT', async () => {
    for (const [registered, jose] of [['A256GCM', 'A256GCM'], ['A128CBC_HS256', 'A128CBC-HS256'], [undefined, 'A256GCM']] as const) {
      const url = await build({ encryptionMethod: registered, requiresPatientData: false }, { user: USER });
      const header: unknown = JSON.parse(Buffer.from(url.searchParams.get('userContext')!.split('.')[0]!, 'base64url').toString());
      expect(header).toEqual({ alg: 'dir', enc: jose, cty: 'JWT' });
    }
  });

  it('buildToolbarLaunchUrl: patient data without user data is refused (Widget rules 4)', async () => {
    const error = await rejection(build({ requiresUserData: false, requiresPatientData: true }, { user: USER, patient: PATIENT_CLAIMS }));
    expect(error).toBeInstanceOf(ToolbarLaunchError);
  });

  it.each([
    ['user', { patient: PATIENT_CLAIMS }],
    ['patient', { user: USER }],
  ] as const)('buildToolbarLaunchUrl: a missing required %s context is refused', async (_label, context) => {
    expect(await rejection(build({}, context))).toBeInstanceOf(ToolbarLaunchError);
  });

  it('buildToolbarLaunchUrl: invalid claims are refused without echoing values', async () => {
    const error = await rejection(build({}, { user: USER, patient: { ...PATIENT_CLAIMS, nhs_number: '94347659' } }));
    expect(error).toBeInstanceOf(ToolbarLaunchError);
    expect((error as Error).message).toContain('patient.nhs_number');
    expect((error as Error).message).not.toContain('94347659');
  });

  it('buildToolbarLaunchUrl: a secret of the wrong size is refused', async () => {
    const error = await rejection(build({ encryptionSecret: SECRET.slice(1) }, { user: USER, patient: PATIENT_CLAIMS }));
    expect(error).toBeInstanceOf(LaunchTokenError);
    expect((error as LaunchTokenError).code).toBe('invalid_secret');
  });

  it('buildToolbarLaunchUrl: tokens carry iss, iat, exp (5 minutes) and a jti, and verify against toolbarJwks', async () => {
    const now = new Date();
    const url = await buildToolbarLaunchUrl(widget({ requiresPatientData: false }), { user: USER }, { signingKey: await signingKey(), now });
    const { user } = await readLaunchTokens(url, { encryptionSecret: SECRET, verify: toolbarJwks(await signingKey()) });
    const iat = Math.floor(now.getTime() / 1000);
    expect(user?.claims).toMatchObject({ iss: 'urn:cdms-sdk:sandbox-toolbar', iat, exp: iat + 300 });
    expect(user?.claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(user?.verified).toBe(true);
  });

  it('toolbarJwks: public members only', async () => {
    const [jwk] = toolbarJwks(await signingKey()).keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwk).not.toHaveProperty('d');
  });
});
