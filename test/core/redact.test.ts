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

describe('redact: opaque runs', () => {
  it('masks long base64 runs (attachment content) but keeps UUIDs and words', () => {
    const content = Buffer.from('%PDF-1.4 some document body that is long enough').toString('base64');
    expect(redact(`virus in ${content} for 6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11`)).toBe(
      `virus in ${REDACTED} for 6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11`,
    );
    expect(redact('Request Validation Error: attachments[0].content must be base64')).toBe(
      'Request Validation Error: attachments[0].content must be base64',
    );
  });
});

describe('redact: dates of birth', () => {
  it.each(['1953-07-14', '14/07/1953', '14.07.1953', '4/7/1953'])('masks the date %s', (date) => {
    expect(redact(`born ${date}.`)).toBe(`born ${REDACTED}.`);
  });

  it('keeps timestamps such as an expiry', () => {
    expect(redact('expiryDateTime 2026-11-21T10:00:00Z is in the past')).toBe('expiryDateTime 2026-11-21T10:00:00Z is in the past');
  });
});
