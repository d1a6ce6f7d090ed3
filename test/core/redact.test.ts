import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, redact } from '../../src/index.js';
import { loggableHeaders, redactDeep, redactorCompilations } from '../../src/core/redact.js';
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

  it('masks a secret of exactly 10,000 characters in any case, as the pattern does every secret up to that size', () => {
    const secret = 'Jo'.repeat(5_000);
    expect(redact(`[${secret.toUpperCase()}]`, [secret])).toBe(`[${REDACTED}]`);
  });

  it('masks what a list of secrets holds now when the caller changed the list since the last call', () => {
    const secrets = ['Jones'];
    expect(redact('Jones Smith Brown', secrets)).toBe(`${REDACTED} Smith Brown`);
    secrets.push('Smith');
    expect(redact('Jones Smith Brown', secrets)).toBe(`${REDACTED} ${REDACTED} Brown`);
    secrets[0] = 'Brown';
    expect(redact('Jones Smith Brown', secrets)).toBe(`Jones ${REDACTED} ${REDACTED}`);
  });
});

describe('redact: the mask and the compiled patterns', () => {
  it("leaves the word 'undefined' alone whether only short, only long or no secrets are given", () => {
    for (const secrets of [[], ['Li'], ['Jones']]) expect(redact('it was undefined', secrets)).toBe('it was undefined');
  });

  it('puts [redacted] where a secret was', () => {
    expect(redact('key abc123', ['abc123'])).toBe('key [redacted]');
  });

  it('a short secret is matched in any case but only as a word, never inside one', () => {
    expect(redact('Lima, li and Li', ['Li'])).toBe(`Lima, ${REDACTED} and ${REDACTED}`);
  });

  it('compiles an unchanged array of secrets once, and any other iterable on every call', () => {
    const secrets = ['Jones'];
    const before = redactorCompilations();
    redact('Jones', secrets);
    redact('Jones', secrets);
    expect(redactorCompilations() - before).toBe(1);
    const set = new Set(['Jones']);
    expect(redact('Jones', set)).toBe(REDACTED);
    expect(redact('Jones', set)).toBe(REDACTED);
    expect(redactorCompilations() - before).toBe(3);
  });
});

describe('loggableHeaders', () => {
  it('keeps the six allow-listed headers and drops every other', () => {
    const allowed = { 'content-type': 'a', 'content-length': '1', 'retry-after': '2', date: 'd', 'x-request-id': 'r', 'x-correlation-id': 'c' };
    expect(loggableHeaders(new Headers({ ...allowed, authorization: 'Bearer t', cookie: 'k' }))).toEqual(allowed);
    expect(loggableHeaders(new Headers())).toEqual({});
  });
});

describe('redactDeep', () => {
  /** `{ a: { a: ... 'leaf' } }`, `levels` objects deep. */
  const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

  it('copies nine levels of objects, and cuts the tenth', () => {
    expect(redactDeep(nested(9), [])).toEqual(nested(9));
    expect(JSON.stringify(redactDeep(nested(10), []))).toBe(JSON.stringify(nested(9)).replace('"leaf"', `"${REDACTED}"`));
  });

  it('copies null, numbers and booleans as they are', () => {
    expect(redactDeep({ a: null, b: 5, c: true, d: [null, 0] }, [])).toEqual({ a: null, b: 5, c: true, d: [null, 0] });
    expect(redactDeep(null, [])).toBeNull();
  });

  it('cuts nested arrays at the same depth as objects', () => {
    const arrays = (levels: number): unknown => (levels === 0 ? 'leaf' : [arrays(levels - 1)]);
    expect(JSON.stringify(redactDeep(arrays(10), []))).toBe(JSON.stringify(arrays(9)).replace('"leaf"', `"${REDACTED}"`));
  });

  it('keeps the first 100 items of an array, each redacted', () => {
    const copy = redactDeep(Array.from({ length: 101 }, (_, i) => `Jones ${i}`), ['Jones']) as string[];
    expect(copy).toHaveLength(100);
    expect(copy[99]).toBe(`${REDACTED} 99`);
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

describe('redact: the characters of an opaque run', () => {
  // A run of 40 with one character in the middle: masked whole when that character belongs to the
  // run (each end of each range of the alphabet), left whole when it splits it into two short runs.
  it.each([...'AZaz09+/_'])('%s belongs to a run', (ch) => {
    expect(redact(`x ${'k'.repeat(20)}${ch}${'k'.repeat(19)} y`)).toBe(`x ${REDACTED} y`);
  });

  it.each([...'@[`{:.-'])('%s splits a run', (ch) => {
    const text = `x ${'k'.repeat(20)}${ch}${'k'.repeat(19)} y`;
    expect(redact(text)).toBe(text);
  });

  it('masks a run of 40, not one of 39, and at most two padding characters after it', () => {
    expect(redact(`x ${'k'.repeat(39)} y`)).toBe(`x ${'k'.repeat(39)} y`);
    expect(redact(`x ${'k'.repeat(40)}=== y`)).toBe(`x ${REDACTED}= y`);
  });
});

describe('redact: dates of birth', () => {
  it.each(['1953-07-14', '14/07/1953', '14.07.1953', '4/7/1953'])('masks the date %s', (date) => {
    expect(redact(`born ${date}.`)).toBe(`born ${REDACTED}.`);
  });

  it('keeps timestamps such as an expiry', () => {
    expect(redact('expiryDateTime 2026-11-21T10:00:00Z is in the past')).toBe('expiryDateTime 2026-11-21T10:00:00Z is in the past');
    expect(redact('at 2026-11-21:10:00 it ended')).toBe('at 2026-11-21:10:00 it ended');
  });

  it('keeps a date-like part of a longer reference (digits or a hyphen before it, a digit after it)', () => {
    for (const text of ['ref 12026-11-21 x', 'ref CASE-2026-11-21 x', 'ref 14/07/19531 x', 'ref 14.07.195312 x']) expect(redact(text)).toBe(text);
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
