// SNOMED CT identifiers (SNOMED CT Release File Specification 6.1-6.5).
// Kept as strings: an 18-digit SCTID exceeds
// Number.MAX_SAFE_INTEGER.

/** Verhoeff dihedral D5 multiplication table. */
const D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

/** Verhoeff position permutations F0..F7. */
const F: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

function verhoeffOk(digits: string): boolean {
  let c = 0;
  for (let p = 0; p < digits.length; p++) {
    const digit = Number(digits[digits.length - 1 - p]);
    c = D[c]![F[p % 8]![digit]!]!;
  }
  return c === 0;
}

/**
 * Whether a string is a SNOMED CT identifier: 6 to 18 digits, no leading
 * zero, and a valid Verhoeff check digit. Any partition (concept,
 * description, relationship) passes; see the concept rule in validation.
 *
 * @example
 * ```ts
 * isValidSnomedCtId('22298006');  // true (myocardial infarction)
 * isValidSnomedCtId('22298007');  // false: check digit
 * ```
 */
export function isValidSnomedCtId(value: string): boolean {
  return typeof value === 'string' && /^[1-9]\d{5,17}$/.test(value) && verhoeffOk(value);
}

/**
 * Why a string is not a SNOMED CT concept id, or undefined. A concept's
 * partition (2nd and 3rd digits from the right) is 00 or 10.
 */
export function snomedConceptProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'must be a SNOMED CT concept id: digits only';
  if (value.startsWith('0')) return 'must be a SNOMED CT concept id without leading zeros';
  if (value.length < 6 || value.length > 18) return 'must be a SNOMED CT concept id of 6 to 18 digits';
  if (!verhoeffOk(value)) return 'is not a valid SNOMED CT id: the Verhoeff check digit does not match';
  const partition = value.slice(-3, -1);
  if (partition !== '00' && partition !== '10') {
    return `is a SNOMED CT id of partition ${partition} (a description or relationship), not a concept id`;
  }
  return undefined;
}
