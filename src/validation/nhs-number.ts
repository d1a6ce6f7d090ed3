// NHS number: 10 digits, the last a Modulus 11 check digit (NHS Data
// Dictionary, "NHS NUMBER").

/**
 * Whether a subject.id.type names an NHS number, so that its value must pass
 * the check digit: with case and separators ignored, it is `nhs` or contains
 * `nhsnumber`, `nhsnum` or `nhsno` ('VerifiedNhsNumber', 'NHSNumber', 'NHS',
 * 'nhs_number', 'NHS-No'). Any type, documented or a client's additional
 * one: a new name must not switch the check off.
 */
export function isNhsNumberType(type: string): boolean {
  const letters = type.toLowerCase().replace(/[^a-z0-9]/g, '');
  return letters === 'nhs' || /nhs(?:number|num|no)/.test(letters);
}

/**
 * Whether a string is a valid NHS number: exactly 10 digits with a valid
 * Modulus 11 check digit. Spaces are not accepted: strip the 3-3-4 display
 * spaces from user input first (decision D-VALID-01 in
 * `docs/decisions/validation.md`).
 *
 * @example
 * ```ts
 * isValidNhsNumber('9434765919');                          // true
 * isValidNhsNumber('9434765918');                          // false: check digit
 * isValidNhsNumber('943 476 5919'.replace(/\s/g, ''));     // true
 * ```
 */
export function isValidNhsNumber(value: string): boolean {
  if (typeof value !== 'string' || !/^\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * (10 - i);
  const check = 11 - (sum % 11);
  // 10 means no check digit can make this prefix valid; 11 means 0.
  return check !== 10 && (check === 11 ? 0 : check) === Number(value[9]);
}

/** Placeholders that pass Modulus 11 but are used for "unknown" (NHS Data Dictionary). Internal. */
export const PLACEHOLDERS: ReadonlySet<string> = new Set(['0000000000', '9999999999']);

/** Why a subject id value is not a usable NHS number, or undefined. Never repeats the value. */
export function nhsNumberProblem(value: string): string | undefined {
  if (/^[\d\s]+$/.test(value) && value.replace(/\s/g, '').length === 10 && /\s/.test(value)) {
    return 'must be 10 digits without spaces; remove the spaces';
  }
  if (!/^\d{10}$/.test(value)) return 'must be an NHS number: exactly 10 digits';
  if (!isValidNhsNumber(value)) return 'is not a valid NHS number: the Modulus 11 check digit does not match';
  if (PLACEHOLDERS.has(value)) return "is a placeholder ('0000000000' or '9999999999'), not a patient's NHS number";
  return undefined;
}
