import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from '../../src/index.js';
import { messageSecrets } from '../../src/core/sensitive-fields.js';
import { gpMessage, PATIENT } from '../helpers/fixtures.js';

describe('redact', () => {
  it('masks every given secret, case-insensitively, and leaves the rest', () => {
    expect(redact('key=AbC123 and abc123, user ok', ['abc123'])).toBe(`key=${REDACTED} and ${REDACTED}, user ok`);
  });

  it.each(['9434765919', '943 476 5919', '943-476-5919'])('masks the NHS-number-like run %s', (nhs) => {
    expect(redact(`patient ${nhs}.`)).toBe(`patient ${REDACTED}.`);
  });

  it('leaves longer digit runs and short numbers alone', () => {
    expect(redact('id 12345678901 and 42')).toBe('id 12345678901 and 42');
  });

  it('masks a longer secret whole when it contains a shorter one', () => {
    expect(redact('token abcdef', ['abc', 'abcdef'])).toBe(`token ${REDACTED}`);
  });

  it('treats regex characters in secrets literally and skips tiny ones', () => {
    expect(redact('a.b*c and x', ['a.b*c', 'x', undefined as unknown as string])).toBe(`${REDACTED} and x`);
  });

  it('messageSecrets collects the patient and practitioner data of a GP message', () => {
    expect(messageSecrets(gpMessage())).toEqual([PATIENT.nhsNumber, PATIENT.family, PATIENT.given, PATIENT.dateOfBirth, 'Okafor', 'Ada']);
    expect(messageSecrets(null)).toEqual([]);
    expect(messageSecrets({ subject: 'x' })).toEqual([]);
  });
});
