import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, redact } from '../../src/index.js';
import { messageSecrets } from '../../src/core/sensitive-fields.js';
import { gpMessage, MESSAGE_ID, PATIENT, PDF_BASE64, standardMessage } from '../helpers/fixtures.js';

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

  it("masks a surname whole when another secret is part of it ('Jones' and 'Jones-Smith'), in whichever order they come", () => {
    for (const secrets of [['Jones', 'Jones-Smith'], ['Jones-Smith', 'Jones']]) {
      const out = redact('Letter for Mrs Jones-Smith, seen by Dr Jones', secrets);
      expect(out).toBe(`Letter for Mrs ${REDACTED}, seen by Dr ${REDACTED}`);
      expect(out).not.toContain('Smith');
    }
  });

  it('masks a secret of more than 10,000 characters whole when a shorter one of that size is its start', () => {
    const shorter = 'Jones said. '.repeat(1_000);
    const longer = `${shorter}Smith added.`;
    for (const secrets of [[shorter, longer], [longer, shorter]]) {
      expect(redact(`before ${longer} after`, secrets)).toBe(`before ${REDACTED} after`);
    }
  });

  it('treats regex characters in secrets literally and skips tiny ones', () => {
    expect(redact('a.b*c and x', ['a.b*c', 'x', undefined as unknown as string])).toBe(`${REDACTED} and x`);
  });

  it('messageSecrets collects every value of a GP message that may not be shown: patient, practitioner, file, content, references', () => {
    expect(messageSecrets(gpMessage())).toEqual([
      PATIENT.nhsNumber,
      'consultation.pdf',
      PDF_BASE64,
      'OOH-2026-000123',
      PATIENT.family,
      PATIENT.given,
      PATIENT.dateOfBirth,
      'Okafor',
      'Ada',
      'UNK',
      '0113 496 0000',
      'ooh@example.nhs.uk',
    ]);
    expect(messageSecrets(null)).toEqual([]);
    expect(messageSecrets({ subject: 'x' })).toEqual(['x']);
  });

  it('messageSecrets collects the body text, file names and coded items\' text of a standard message, not the values safe to show', () => {
    const secrets = messageSecrets(standardMessage());
    expect(secrets).toEqual([PATIENT.nhsNumber, 'Discharged home.', 'discharge.pdf', PDF_BASE64, 'Systolic']);
    for (const safe of [MESSAGE_ID, 'Discharge Summary', 'A81001', 'VerifiedNhsNumber', 'text/plain', 'application/pdf', '271649006', 'mmHg']) {
      expect(secrets).not.toContain(safe);
    }
  });

  it('masks a short secret as a whole word only, so a short name does not shred the words that contain it', () => {
    expect(redact("The value 'UNK' is unknown; Ada, metadata, Li and validation", ['UNK', 'Ada', 'Li'])).toBe(
      `The value '${REDACTED}' is unknown; ${REDACTED}, metadata, ${REDACTED} and validation`,
    );
    expect(redact('ADA and ada', ['Ada'])).toBe(`${REDACTED} and ${REDACTED}`);
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

describe('redact: text of any size', () => {
  // V8's backtracking engine ran out of stack on a greedy run of about 5.6
  // million characters, and a pattern holding a multi-megabyte secret was
  // "too large": redact() threw instead of masking.
  it.each([
    ['a base64 run', 'QUJD'.repeat(1_500_000)],
    ['a digit run', '1'.repeat(6_000_000)],
  ])('masks %s of six million characters without throwing', (_, run) => {
    expect(redact(`before ${run}== after`)).toBe(`before ${REDACTED} after`);
  });

  it('masks a secret of several megabytes, exactly', () => {
    const secret = 'x y '.repeat(1_500_000);
    expect(redact(`[${secret}]`, [secret])).toBe(`[${REDACTED}]`);
  });

  it('masks the same runs as the pattern it replaced, on any short text', () => {
    const before = (text: string): string =>
      text
        .replace(/[A-Za-z0-9+/_]{40,}={0,2}/g, REDACTED)
        .replace(/(?<!\d)\d{3}[ -]?\d{3}[ -]?\d{4}(?!\d)/g, REDACTED)
        .replace(/(?<![\d-])(?:\d{4}-\d{2}-\d{2}(?![T\d:])|\d{1,2}[/.]\d{1,2}[/.]\d{4})(?!\d)/g, REDACTED);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9+/_= .-]{0,120}$/), fc.integer({ min: 35, max: 45 }), (text, n) => {
        const sample = `${text}${'A'.repeat(n)}==${text}`;
        expect(redact(sample)).toBe(before(sample));
      }),
    );
  });
});
