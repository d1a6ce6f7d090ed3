import { describe, expect, it } from 'vitest';
import { validateWidget } from '../../src/index.js';
import { REMOVE, patch, widget } from './fixtures.js';
import { WIDGET_CASES as CASES } from './rule-cases.js';

describe('validateWidget', () => {
  it('accepts a valid registration', () => {
    expect(validateWidget(widget())).toEqual({ ok: true, invalidParameters: [] });
  });

  it.each([
    ['name', '  Referral Tracker  '],
    ['name', 'Suivi des références'],
    ['name', 'Tracker_2-beta'],
    ['encryptionMethod', 'A128CBC_HS256'],
    ['encryptionMethod', REMOVE],
    ['encryptionSecret', ' '.repeat(32)],
    ['launchUrl', 'https://widgets.example.org:8443/launch?tenant=1'],
    ['requiresPatientData', false],
  ])('accepts %s = %j', (path, value) => {
    expect(validateWidget(patch(widget(), path, value)).invalidParameters).toEqual([]);
  });

  it('accepts user data without patient data', () => {
    const w = patch(patch(widget(), 'requiresUserData', false), 'requiresPatientData', false);
    expect(validateWidget(w).ok).toBe(true);
  });

  it.each(CASES)('%s = %j is reported at %s', (path, value, name, reason) => {
    const result = validateWidget(patch(widget(), path, value));
    expect(result.invalidParameters.map((p) => p.name)).toEqual([name]);
    expect(result.invalidParameters[0]!.reason).toMatch(reason);
  });

  it('never shows the secret, even when everything is wrong', () => {
    const secret = 'Sup3rSecretValue-abcdefghijklmno'.slice(0, 31);
    const result = validateWidget({ ...widget(), encryptionSecret: secret, name: '!', launchUrl: 'http://x' });
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain('Sup3r');
  });

  it.each([null, undefined, 'widget', 42, [], [widget()]])('rejects %j as a whole', (value) => {
    expect(validateWidget(value)).toEqual({ ok: false, invalidParameters: [{ name: '(root)', reason: expect.stringMatching(/must be an object/) }] });
  });
});
