// Finding NHS numbers in free text, for the wrong-patient cross-check: ten
// digits written together or in the NHS's 3-3-4 display (spaces, or hyphens
// as some systems print them), not part of a longer run of digits, with a
// valid Modulus 11 check digit and not a placeholder. The check digit keeps
// out all but about one in eleven other ten-digit numbers (a reference or an
// order number), which is what the per-send override is for.
import { PLACEHOLDERS, isValidNhsNumber } from './nhs-number.js';

// Up to three spaces (or one hyphen) between the groups: text taken from a
// PDF often widens a single space.
const GAP = String.raw`(?:[ \t\u00A0\u2007\u202F]{1,3}|-)?`;
const CANDIDATE = new RegExp(String.raw`(?<![\d\-])(\d{3})${GAP}(\d{3})${GAP}(\d{4})(?![\d])`, 'g');

/** The distinct valid NHS numbers named in `text`, as ten digits. Internal: never shown to anyone. */
export function findNhsNumbers(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(CANDIDATE)) {
    const digits = `${match[1] ?? ''}${match[2] ?? ''}${match[3] ?? ''}`;
    if (isValidNhsNumber(digits) && !PLACEHOLDERS.has(digits)) found.add(digits);
  }
  return found;
}
