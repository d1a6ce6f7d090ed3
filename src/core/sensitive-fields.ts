// Which fields of a message may appear in an error and which are patient
// data, and the values of a message to mask in anything kept from a
// response.

/**
 * Fields whose values may be shown in an error (`invalidParameters[].value`).
 * Everything else, above all the subject, the patient, names, dates of birth,
 * file names and attachment content, is never echoed: an allow-list, so a
 * field added later is hidden until someone decides it is safe.
 */
const VALUE_SAFE_NAMES: readonly RegExp[] = [
  /^messageId$/,
  /^type$/,
  /^topic$/,
  /^recipient\.id\.(type|value)$/,
  /^subject\.id\.type$/,
  /^expiryDateTime$/,
  /^body\.mimeType$/,
  /^attachments\[\d+\]\.mimeType$/,
  /^codedDataItems\[\d+\]\.(code|value|unit)$/,
  /^gpConnectAdditionalInformation\.(recipientType|versionNumber|confidentiality|typeCode|typeDescription)$/,
  /^(name|icon|launchUrl|encryptionMethod|requiresUserData|requiresPatientData)$/,
];

/** Whether the value of the field at this dotted path may appear in an error. */
export function isValueSafeToShow(name: string): boolean {
  const normalised = name.replace(/^\$\./, '');
  return VALUE_SAFE_NAMES.some((re) => re.test(normalised) || re.test(lowerFirstSegments(normalised)));
}

/** ASP.NET-style names arrive PascalCased (`Attachments[0].MimeType`). */
function lowerFirstSegments(name: string): string {
  return name.replace(/(^|\.)([A-Z])/g, (_m, dot: string, c: string) => dot + c.toLowerCase());
}

/** Deeper than any message the service accepts; a deeper value is refused by validation anyway. */
const MAX_DEPTH = 12;

function collect(value: unknown, path: string, depth: number, out: string[]): void {
  if (typeof value === 'string') {
    if (!isValueSafeToShow(path)) out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((item: unknown, i) => collect(item, `${path}[${i}]`, depth + 1, out));
    return;
  }
  for (const [key, item] of Object.entries(value)) collect(item, path ? `${path}.${key}` : key, depth + 1, out);
}

/**
 * Every value a message carries that may not be shown (the same allow-list
 * as {@link isValueSafeToShow}): the patient's NHS number, names and date of
 * birth, the practitioner's and organisation's details, the sender
 * reference, file names, body text, coded items' text, attachment content.
 * Each is masked wherever text from the server could carry it into an error
 * or a log: a server that echoes the request ("The value '...' is not
 * valid") must not put the patient in an exception. A field added to the
 * message later is masked until someone decides its value is safe
 * (decision D-CLIENT-15, docs/decisions/client.md).
 *
 * @param message - The message as sent (plain data).
 */
export function messageSecrets(message: unknown): string[] {
  const out: string[] = [];
  collect(message, '', 0, out);
  return out;
}
