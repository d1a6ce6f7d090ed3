// ODS organisation codes for the GP route's recipient (digital.nhs.uk,
// "Organisations and services"; the GP Data Set's ods_code). The lenient shape is used: codes run from 3 characters (trusts)
// to the GP data set's an12, and no letter-position rule has a source.

/** Values the spec allows on the GP route when the practice's code is unknown. */
export const GP_ROUTE_UNKNOWN_RECIPIENTS: readonly string[] = ['UNK', 'gpconnect'];

const ODS_CODE = /^[A-Z0-9]{3,12}$/;

/** Why a GP-route recipient.id.value is not an ODS code, 'UNK' or 'gpconnect', or undefined. */
export function odsRecipientProblem(value: string): string | undefined {
  if (GP_ROUTE_UNKNOWN_RECIPIENTS.includes(value) || ODS_CODE.test(value)) return undefined;
  if (value.trim() !== value) return 'must not have leading or trailing spaces';
  if (ODS_CODE.test(value.toUpperCase())) {
    const lower = value.toLowerCase();
    if (lower === 'unk' || lower === 'gpconnect') return "write 'UNK' or 'gpconnect' exactly as the spec spells them";
    return `must be upper case: send '${value.toUpperCase()}' (ODS codes are upper-case letters and digits)`;
  }
  return "must be an ODS code (3 to 12 upper-case letters and digits, e.g. A81001), or 'UNK' / 'gpconnect' when the practice is unknown";
}

/**
 * On standard and instant sends the recipient id has no published format, but
 * a value that is an ODS code written in lower case (`a81001`) is a slip:
 * recipient ids are compared exactly. Why it is refused, or undefined.
 */
export function lowerCaseOdsCodeProblem(value: string): string | undefined {
  if (!/^[a-z0-9]{3,12}$/.test(value) || !/[a-z]/.test(value) || !/\d/.test(value)) return undefined;
  return `looks like an ODS code in lower case: send '${value.toUpperCase()}' (ids are compared exactly)`;
}
