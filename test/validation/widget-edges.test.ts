// Widget registration rules at their edges: a launch URL with only a user
// name or only a password, the printable-ASCII range of the secret at both
// ends, patient data asked for only with user data, the values shown with
// a wrong type, and white space of any kind at the ends of the name ignored.
import { describe, expect, it } from 'vitest';
import { validateWidget } from '../../src/index.js';
import { patch, widget } from './fixtures.js';

const problems = (path: string, value: unknown) => validateWidget(patch(widget(), path, value)).invalidParameters;

describe('validateWidget edges', () => {
  it('refuses a launch URL with only a user name, or only a password', () => {
    for (const url of ['https://user@widgets.example.org/launch', 'https://:pw@widgets.example.org/launch']) {
      expect(problems('launchUrl', url), url).toEqual([{ name: 'launchUrl', reason: 'must not contain a user name or password', value: url }]);
    }
  });

  it('takes a secret of printable ASCII from space to tilde, and refuses the control characters on each side', () => {
    expect(problems('encryptionSecret', `~${' '.repeat(31)}`)).toEqual([]);
    for (const edge of ['\u001f', '\u007f']) {
      expect(problems('encryptionSecret', `${edge}${'x'.repeat(31)}`)).toEqual([
        { name: 'encryptionSecret', reason: 'must use printable ASCII characters only, so that its 32 characters are also 32 bytes of key' },
      ]);
      expect(problems('encryptionSecret', `${'x'.repeat(31)}${edge}`)).toHaveLength(1);
    }
  });

  it('asks for user data with patient data, and says so with the value', () => {
    const w = patch(patch(widget(), 'requiresUserData', false), 'requiresPatientData', true);
    expect(validateWidget(w).invalidParameters).toEqual([
      { name: 'requiresPatientData', reason: 'true requires requiresUserData true as well (the toolbar rejects patient data without user data)', value: true },
    ]);
    expect(validateWidget(patch(patch(widget(), 'requiresUserData', true), 'requiresPatientData', true)).ok).toBe(true);
  });

  it('shows the value of a field of the wrong type, on each field whose value may be shown', () => {
    for (const field of ['name', 'icon', 'launchUrl', 'encryptionMethod']) {
      expect(problems(field, 42), field).toEqual([{ name: field, reason: 'must be a string, not a number', value: 42 }]);
    }
    expect(problems('encryptionMethod', null)).toEqual([
      { name: 'encryptionMethod', reason: 'must be a string, not null (omit the field instead)', value: null },
    ]);
  });

  it('says an empty launch URL is empty, not that it is no absolute URL', () => {
    for (const url of ['', '   ']) expect(problems('launchUrl', url), JSON.stringify(url)).toEqual([{ name: 'launchUrl', reason: 'must not be empty' }]);
  });

  it('ignores white space at either end of the name (a tab, a line break, a no-break space), as the OpenAPI pattern does', () => {
    for (const name of ['  Referral Tracker  ', '\tReferral Tracker', 'Referral Tracker\n', '\u00a0Referral Tracker']) {
      expect(problems('name', name), JSON.stringify(name)).toEqual([]);
    }
    expect(problems('name', 'Referral\tTracker')).toEqual([
      { name: 'name', reason: 'may contain only letters, digits, spaces, hyphens and underscores', value: 'Referral\tTracker' },
    ]);
  });
});

