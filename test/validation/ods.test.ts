// ODS codes on the GP route, and the lower-case slip on the other routes:
// each length limit at both ends, the two words the spec allows, and the
// advice each refusal gives (the upper-case code to send, the exact words).
import { describe, expect, it } from 'vitest';
import { GP_ROUTE_UNKNOWN_RECIPIENTS, lowerCaseOdsCodeProblem, odsRecipientProblem } from '../../src/validation/ods.js';

const NOT_ODS = "must be an ODS code (3 to 12 upper-case letters and digits, e.g. A81001), or 'UNK' / 'gpconnect' when the practice is unknown";

describe('odsRecipientProblem (the GP route)', () => {
  it.each(['A81001', 'RX1', 'ABCDEF123456', 'UNK', 'gpconnect', 'GPCONNECT'])('accepts %j', (value) => {
    expect(odsRecipientProblem(value)).toBeUndefined();
  });

  it('allows exactly the two words the spec names for an unknown practice', () => {
    expect(GP_ROUTE_UNKNOWN_RECIPIENTS).toEqual(['UNK', 'gpconnect']);
  });

  it.each([
    ['A8', NOT_ODS],
    ['ABCDEF1234567', NOT_ODS],
    ['B86-022', NOT_ODS],
    ['', NOT_ODS],
    [' A81001', 'must not have leading or trailing spaces'],
    ['A81001 ', 'must not have leading or trailing spaces'],
    ['unk', "write 'UNK' or 'gpconnect' exactly as the spec spells them"],
    ['Unk', "write 'UNK' or 'gpconnect' exactly as the spec spells them"],
    ['GpConnect', "write 'UNK' or 'gpconnect' exactly as the spec spells them"],
    ['a81001', "must be upper case: send 'A81001' (ODS codes are upper-case letters and digits)"],
    ['abcdef123456', "must be upper case: send 'ABCDEF123456' (ODS codes are upper-case letters and digits)"],
    ['abcdef1234567', NOT_ODS],
  ])('refuses %j: %s', (value, reason) => {
    expect(odsRecipientProblem(value)).toBe(reason);
  });
});

describe('lowerCaseOdsCodeProblem (standard and instant)', () => {
  it.each([
    ['a81001', 'A81001'],
    ['ab1', 'AB1'],
    ['abcdef12345x', 'ABCDEF12345X'],
  ])('refuses %j, naming %s', (value, upper) => {
    expect(lowerCaseOdsCodeProblem(value)).toBe(`looks like an ODS code in lower case: send '${upper}' (ids are compared exactly)`);
  });

  it.each(['A81001', 'a8', 'abcdef1234567', 'abcdef', '123456', 'a81001 ', ' a81001', 'a8100-1'])('leaves %j alone', (value) => {
    expect(lowerCaseOdsCodeProblem(value)).toBeUndefined();
  });
});
