import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNhsNumber, isValidSnomedCtId, validateMessage, type Route } from '../../src/index.js';
import { JPEG_BYTES, MESSAGE_ID, NOW, PDF_BYTES, messageFor } from './fixtures.js';

/** A valid NHS number from 9 digits, or null when that prefix has no valid check digit. */
function withNhsCheckDigit(nine: string): string | null {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const c = 11 - (sum % 11);
  return c === 10 ? null : nine + (c === 11 ? 0 : c);
}

const D = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]; // prettier-ignore
const F = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]; // prettier-ignore
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Appends the Verhoeff check digit (SNOMED CT spec 6.4.1, "compute"). */
function withVerhoeff(body: string): string {
  let c = 0;
  for (let p = 1; p <= body.length; p++) c = D[c]![F[p % 8]![Number(body[body.length - p])]!]!;
  return body + INVERSE[c];
}

const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const nhsNumber = digits(9, 9).map(withNhsCheckDigit).filter((n): n is string => n !== null);
/** Concept ids: a non-zero first digit, a body, the concept partition 00 or 10, the check digit. */
const sctid = fc
  .tuple(fc.integer({ min: 1, max: 9 }), digits(2, 14), fc.constantFrom('00', '10'))
  .map(([first, body, partition]) => withVerhoeff(`${first}${body}${partition}`));

/** Every string that differs from `s` in exactly one digit. */
function singleDigitMutations(s: string): string[] {
  return [...s].flatMap((d, i) => [...'0123456789'].filter((x) => x !== d).map((x) => s.slice(0, i) + x + s.slice(i + 1)));
}

describe('generated identifiers', () => {
  it('valid NHS numbers pass and every single-digit mutation fails', () => {
    fc.assert(
      fc.property(nhsNumber, (n) => {
        expect(isValidNhsNumber(n)).toBe(true);
        for (const mutant of singleDigitMutations(n)) expect(isValidNhsNumber(mutant)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('valid SNOMED CT concept ids pass and every single-digit mutation fails', () => {
    fc.assert(
      fc.property(sctid, (id) => {
        expect(isValidSnomedCtId(id)).toBe(true);
        for (const mutant of singleDigitMutations(id)) expect(isValidSnomedCtId(mutant)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('SNOMED CT: every adjacent transposition of different digits fails too (Verhoeff)', () => {
    fc.assert(
      fc.property(sctid, (id) => {
        for (let i = 0; i + 1 < id.length; i++) {
          if (id[i] === id[i + 1]) continue;
          expect(isValidSnomedCtId(id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2))).toBe(false);
        }
      }),
    );
  });
});

const fileName = fc.constantFrom('summary.pdf', 'Letter to GP.pdf', 'x-ray_01.jpg', '.notes.txt', 'résumé.txt', 'COM0.pdf');
const attachment = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => ({ mimeType: 'application/pdf', content: Buffer.concat([PDF_BYTES, b]) })),
  fc.uint8Array({ maxLength: 200 }).map((b) => ({ mimeType: 'image/jpeg', content: Buffer.concat([JPEG_BYTES, b]) })),
  fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !s.includes('\u0000')).map((s) => ({ mimeType: 'text/plain', content: Buffer.from(s || 'x') })),
);

const message = fc.record({
  route: fc.constantFrom<Route>('standard', 'instant', 'gpconnect'),
  topic: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  nhs: nhsNumber.filter((n) => n !== '0000000000' && n !== '9999999999'),
  attachments: fc.array(fc.tuple(attachment, fileName), { minLength: 1, maxLength: 10 }),
  codes: fc.array(fc.record({ code: sctid, value: fc.double({ noNaN: true, noDefaultInfinity: true }) }), { maxLength: 5 }),
  expiry: fc.date({ min: new Date('2026-01-02T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }),
});

describe('generated valid messages', () => {
  it('are valid, and stay valid after a JSON round trip', () => {
    fc.assert(
      fc.property(message, (g) => {
        const m = messageFor(g.route);
        m.messageId = MESSAGE_ID;
        m.topic = g.topic;
        m.expiryDateTime = g.expiry.toISOString();
        (m.subject as { id: { value: string } }).id.value = g.nhs;
        const list = g.route === 'gpconnect' ? g.attachments.filter(([a]) => a.mimeType === 'application/pdf').slice(0, 1) : g.attachments;
        if (list.length === 0) return;
        m.attachments = list.map(([a, name]) => ({ mimeType: a.mimeType, fileName: name, content: a.content.toString('base64') }));
        if (g.route !== 'gpconnect') m.codedDataItems = g.codes;
        const options = { route: g.route, now: NOW };
        expect(validateMessage(m, options).invalidParameters).toEqual([]);
        expect(validateMessage(JSON.parse(JSON.stringify(m)), options).invalidParameters).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
