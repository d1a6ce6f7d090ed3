import { describe, expect, it } from 'vitest';
import { isValidSnomedCtId } from '../../src/index.js';
import { snomedConceptProblem } from '../../src/validation/snomed.js';

// Verified examples: reference/domain.md section 2.
describe('isValidSnomedCtId', () => {
  it.each(['22298006', '38341003', '271649006', '73211009', '404684003', '138875005', '11000001102'])('accepts concept %s', (id) => {
    expect(isValidSnomedCtId(id)).toBe(true);
    expect(snomedConceptProblem(id)).toBeUndefined();
  });

  it.each([
    ['22298007', /Verhoeff/],
    ['271649007', /Verhoeff/],
    ['38341013', /Verhoeff/],
    ['022298006', /leading zero/],
    ['12345', /6 to 18 digits/],
    ['1234567890123456789', /6 to 18 digits/],
    ['2229800X', /digits only/],
    ['X22298006', /digits only/],
    ['', /digits only/],
  ])('rejects %s', (id, reason) => {
    expect(isValidSnomedCtId(id)).toBe(false);
    expect(snomedConceptProblem(id)).toMatch(reason);
  });

  it('accepts a valid description id as an SCTID but not as a concept', () => {
    // 38341003 is a concept; find its description-partition twin with a valid check digit.
    const prefix = '3834101';
    const id = [...'0123456789'].map((d) => prefix + d).find((candidate) => isValidSnomedCtId(candidate))!;
    expect(id).toBeDefined();
    expect(snomedConceptProblem(id)).toMatch(/partition 01/);
  });

  it('never throws on non-strings', () => {
    expect(isValidSnomedCtId(22298006 as unknown as string)).toBe(false);
  });
});
