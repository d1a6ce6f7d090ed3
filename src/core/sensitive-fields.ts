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

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The patient and person data in a message, to be masked wherever text from
 * the server or the request could carry it into an error or a log.
 */
export function messageSecrets(message: unknown): string[] {
  const info = field(message, 'gpConnectAdditionalInformation');
  const patient = field(info, 'patient');
  const practitioner = field(info, 'practitioner');
  const values = [
    str(field(field(field(message, 'subject'), 'id'), 'value')),
    str(field(field(patient, 'name'), 'family')),
    str(field(field(patient, 'name'), 'given')),
    str(field(patient, 'dateOfBirth')),
    str(field(field(practitioner, 'name'), 'family')),
    str(field(field(practitioner, 'name'), 'given')),
  ];
  return values.filter((v): v is string => v !== undefined);
}
