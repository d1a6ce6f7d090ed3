import { describe, expect, it } from 'vitest';
import { isValidNhsNumber } from '../../src/index.js';
import { nhsNumberProblem } from '../../src/validation/nhs-number.js';

// Verified examples: reference/domain.md section 1.
describe('isValidNhsNumber', () => {
  it.each([
    ['9434765919', 'Wikipedia worked example'],
    ['9990000018', '999 test range'],
    ['9990000026', '999 test range'],
    ['9990000034', '999 test range'],
    ['9690937316', 'GP Connect demonstrator'],
    ['9690937324', 'GP Connect demonstrator'],
  ])('accepts %s (%s)', (value) => {
    expect(isValidNhsNumber(value)).toBe(true);
    expect(nhsNumberProblem(value)).toBeUndefined();
  });

  it.each([
    ['9434765918', 'wrong check digit'],
    ['1234567890', 'remainder gives 10: no valid check digit'],
    ['9990000000', 'unusable prefix'],
    ['9876544321', 'layout example only'],
    ['9111111124', 'unreliable published "test" number'],
    ['9222222228', 'unreliable published "test" number'],
    ['123456789', 'nine digits'],
    ['94347659190', 'eleven digits'],
    ['943476591X', 'letter'],
    ['', 'empty'],
  ])('rejects %s (%s)', (value) => {
    expect(isValidNhsNumber(value)).toBe(false);
    expect(nhsNumberProblem(value)).toBeDefined();
  });

  it('rejects a value that only reads as the digits: a String object, a number, an array', () => {
    // Each passes the ten-digit pattern once turned into text; only a string is an NHS number.
    for (const value of [new String('9434765919'), 9434765919, ['9434765919']]) expect(isValidNhsNumber(value as unknown as string)).toBe(false);
    expect(isValidNhsNumber('9434765919')).toBe(true);
  });

  it('rejects the display form with spaces and says to remove them', () => {
    expect(isValidNhsNumber('943 476 5919')).toBe(false);
    expect(nhsNumberProblem('943 476 5919')).toMatch(/remove the spaces/);
  });

  it('passes the Modulus 11 placeholders but validation refuses them', () => {
    expect(isValidNhsNumber('0000000000')).toBe(true);
    expect(isValidNhsNumber('9999999999')).toBe(true);
    expect(nhsNumberProblem('9999999999')).toMatch(/placeholder/);
    expect(nhsNumberProblem('0000000000')).toMatch(/placeholder/);
  });

  it('never throws on non-strings', () => {
    expect(isValidNhsNumber(9434765919 as unknown as string)).toBe(false);
    expect(isValidNhsNumber(null as unknown as string)).toBe(false);
  });
});

describe('nhsNumberProblem at the edges of its patterns', () => {
  const SPACES = 'must be 10 digits without spaces; remove the spaces';
  const DIGITS = 'must be an NHS number: exactly 10 digits';

  it('"remove the spaces" only for ten digits and spaces, with a space', () => {
    expect(nhsNumberProblem('943 476 5919')).toBe(SPACES);
    for (const value of ['x43 476 5919', '943 476 591x', 'abcde fghij', '943 476 59', '943 476 59190']) expect(nhsNumberProblem(value), value).toBe(DIGITS);
  });

  it('exactly ten digits, nothing before or after them', () => {
    for (const value of ['x9434765919', '9434765919x', '943476591']) expect(nhsNumberProblem(value), value).toBe(DIGITS);
    expect(nhsNumberProblem('9434765919')).toBeUndefined();
  });
});
