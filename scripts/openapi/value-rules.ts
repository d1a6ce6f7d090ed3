// The value rules of the service, as JSON Schema keywords laid over the
// component schemas zod generates, so that tools driven by docs/openapi.json
// (Prism, generators in other languages) refuse what the SDK and the sandbox
// refuse. Each rule is derived from the SDK's own constants where one exists;
// the Prism test sends every shape a rule forbids and checks both refuse it.
// Kept out of the runtime schemas: the SDK checks these in validation/, with
// reasons; the schemas stay lenient parsers.
import { DEFAULT_LIMITS, PERMITTED_ATTACHMENT_MIME_TYPES } from '../../src/index.js';
import { DEVICE_NAMES } from '../../src/validation/file-name.js';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Holds a character other than whitespace: the SDK's "must not be empty" for required strings. */
const NOT_BLANK = { pattern: '\\S' };

/** A letter in either case, for patterns (JSON Schema patterns take no flags). */
const anyCase = (text: string): string =>
  [...text].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toUpperCase()}${ch.toLowerCase()}]` : ch.replace(/[$^.*+?()[\]{}|\\]/g, '\\$&'))).join('');

/**
 * A Windows file name as the SDK checks it: no reserved or control
 * characters, no leading whitespace, no trailing period or whitespace, not a
 * device name (also before an extension or trailing spaces).
 */
export const WINDOWS_FILE_NAME_PATTERN = (() => {
  // COM1..COM9, COM¹.. become COM[1-9¹²³]: one alternative per stem.
  const numbered = new Map<string, string>();
  const plain: string[] = [];
  for (const name of DEVICE_NAMES) {
    if (/[1-9\u00b9\u00b2\u00b3]$/.test(name)) numbered.set(name.slice(0, -1), (numbered.get(name.slice(0, -1)) ?? '') + name.slice(-1));
    else plain.push(anyCase(name));
  }
  const devices = [...plain, ...[...numbered].map(([stem, digits]) => `${anyCase(stem)}[${digits}]`)].join('|');
  const allowed = '[^<>:"/\\\\|?*\\x00-\\x1F]';
  const last = '[^<>:"/\\\\|?*\\x00-\\x1F\\s.]';
  return `^(?!\\s)(?!(?:${devices}) *(?:\\.|$))${allowed}*${last}$`;
})();

/** Base64 characters of content that decodes to at most `bytes` bytes. */
const base64Chars = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/**
 * Strict base64: whole 4-character quanta, padding only at the end. The four
 * classes are spelt out rather than `[…]{4}`: V8 (Prism, ajv) then runs the
 * loop without a backtracking entry per quantum, so 5 MB of content does not
 * overflow its regular-expression stack (the `{4}` form does, from about
 * 4 MB).
 */
const BASE64_CHAR = '[A-Za-z0-9+/]';
export const STRICT_BASE64_PATTERN = `^(?:${BASE64_CHAR.repeat(4)})*(?:${BASE64_CHAR.repeat(2)}==|${BASE64_CHAR.repeat(3)}=)?$`;

/** A widget name: letters, marks, digits, spaces, hyphens, underscores; not blank (outer whitespace is ignored). */
const WIDGET_NAME_PATTERN = '^\\s*[\\p{L}\\p{M}\\p{N} _-]*[\\p{L}\\p{M}\\p{N}_-][\\p{L}\\p{M}\\p{N} _-]*\\s*$';

/** A SNOMED CT concept id: 6 to 18 digits, no leading zero, partition 00 or 10 (the check digit is the SDK's to verify). */
const SNOMED_CONCEPT = { pattern: '^[1-9][0-9]{2,14}[01]0[0-9]$' };

const attachmentList = (max: number, item: string) => ({ minItems: 1, maxItems: max, items: { $ref: `#/components/schemas/${item}` } });

/** Components the rules add: an attachment of each route, and the 400 problem. */
export const EXTRA_COMPONENTS: Record<string, unknown> = {
  PermittedAttachment: {
    description: 'An attachment of a standard or instant message: one of the permitted types.',
    allOf: [{ $ref: '#/components/schemas/Attachment' }],
    properties: { mimeType: { enum: [...PERMITTED_ATTACHMENT_MIME_TYPES] } },
  },
  GpConnectAttachment: {
    description:
      "The GP route's consultation summary. The spec does not show its required format; the SDK and the sandbox accept application/pdf by default (limits.gpConnectMimeTypes).",
    allOf: [{ $ref: '#/components/schemas/Attachment' }],
    properties: { mimeType: { enum: [...DEFAULT_LIMITS.gpConnectMimeTypes] } },
  },
  // The requirement sits in a second allOf member, not beside the reference:
  // generators that flatten `allOf: [Problem]` keep it then.
  ValidationProblem: {
    description: 'The problem of a 400: a validation failure, which lists the offending fields.',
    allOf: [
      { $ref: '#/components/schemas/Problem' },
      {
        type: 'object',
        properties: { invalidParameters: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/InvalidParameter' } } },
        required: ['invalidParameters'],
      },
    ],
  },
};

/**
 * The two rules that tie fields together, as a `oneOf` of the allowed
 * combinations rather than `if`/`then`: code generators turn a `oneOf` into a
 * union type, so the compiler checks them, where they ignore `if`/`then`.
 */
const WIDGET_DATA_RULE = {
  // The toolbar refuses patient data without user data (spec, widget rule 4).
  oneOf: [
    { title: 'Without patient data', properties: { requiresPatientData: { const: false } }, required: ['requiresPatientData'] },
    {
      title: 'With patient data, which needs user data',
      properties: { requiresPatientData: { const: true }, requiresUserData: { const: true } },
      required: ['requiresPatientData', 'requiresUserData'],
    },
  ],
};

const VERSION_RULE = {
  // An original names nothing it replaces; a replacement must (D-VALID-05).
  oneOf: [
    { title: 'Original (version 1), replacing nothing', properties: { versionNumber: { const: 1 }, relatesTo: false }, required: ['versionNumber'] },
    {
      title: 'Replacement (version 2 or more), naming what it replaces',
      properties: { versionNumber: { type: 'integer', minimum: 2 }, relatesTo: { type: 'string' } },
      required: ['versionNumber', 'relatesTo'],
    },
  ],
};

const SEND_FIELDS = (attachments: Record<string, unknown>) => ({
  'properties.messageId': { format: 'uuid' },
  'properties.topic': NOT_BLANK,
  'properties.expiryDateTime': { format: 'date-time' },
  'properties.attachments': attachments,
});

/**
 * Keywords to set on a node of a component, by path (`Component.properties.x`).
 * A path that does not exist is an error: the schemas changed under the rule.
 */
export const VALUE_RULES: Record<string, Record<string, Record<string, unknown>>> = {
  Attachment: {
    'properties.fileName': { minLength: 1, maxLength: 255, pattern: WINDOWS_FILE_NAME_PATTERN },
    'properties.content': {
      contentEncoding: 'base64',
      minLength: 4,
      maxLength: base64Chars(DEFAULT_LIMITS.maxAttachmentBytes),
      pattern: STRICT_BASE64_PATTERN,
    },
  },
  CodedDataItem: { 'properties.code': SNOMED_CONCEPT },
  Recipient: { 'properties.id.properties.value': NOT_BLANK },
  Subject: { 'properties.id.properties.value': NOT_BLANK },
  StandardMessage: SEND_FIELDS(attachmentList(DEFAULT_LIMITS.maxAttachments, 'PermittedAttachment')),
  InstantMessage: SEND_FIELDS(attachmentList(DEFAULT_LIMITS.maxAttachments, 'PermittedAttachment')),
  GpConnectMessage: {
    ...SEND_FIELDS(attachmentList(1, 'GpConnectAttachment')),
    'properties.recipient.properties.id.properties.value': { pattern: '^(?:[A-Z0-9]{3,12}|UNK|gpconnect)$' },
  },
  GpConnectAdditionalInformation: {
    '': VERSION_RULE,
    'properties.senderReference': NOT_BLANK,
    'properties.relatesTo': NOT_BLANK,
    'properties.versionNumber': { minimum: 1 },
    'properties.patient.properties.name.properties.family': NOT_BLANK,
    'properties.patient.properties.dateOfBirth': NOT_BLANK,
    'properties.practitioner.properties.name.properties.family': NOT_BLANK,
    'properties.typeCode': SNOMED_CONCEPT,
    'properties.typeDescription': NOT_BLANK,
  },
  SendResponse: { 'properties.messageStatusEndpoint': { pattern: `^/api/v1/(?:gpconnect/)?messages/${UUID}/status$` } },
  MessageStatus: { 'properties.messageId': { format: 'uuid' } },
  // The spec makes subStatus 1..1 (null for EXPIRED): the SDK tolerates its absence, the document states the contract.
  GpConnectStatus: { '': { required: ['subStatus'] }, 'properties.messageId': { format: 'uuid' } },
  AccessCodeExchange: { 'properties.accessCode': NOT_BLANK },
  AccessTokenResponse: { 'properties.token': { format: 'uuid' } },
  WidgetRegistration: {
    '': WIDGET_DATA_RULE,
    'properties.name': { pattern: WIDGET_NAME_PATTERN },
    'properties.icon': NOT_BLANK,
    'properties.launchUrl': { format: 'uri', pattern: '^https://(?![^/?#]*@)' },
    'properties.encryptionSecret': { minLength: 32, maxLength: 32, pattern: '^[\\x20-\\x7E]{32}$' },
  },
  Problem: { 'properties.instance': { pattern: `^urn:uuid:${UUID}$` } },
};

const SEND_CHECKS = {
  'properties.messageId': 'that it was not used before for another message.',
  'properties.topic': 'that it is in the list of this environment (integration and live differ), compared exactly.',
  'properties.expiryDateTime': 'that it is in the future when the message arrives.',
};
const SNOMED_CHECK = "the identifier's Verhoeff check digit.";

/**
 * Rules no JSON Schema keyword can say, appended to the field's description
 * so that readers of a generated client see them: the SDK checks each before
 * sending, the service has the last word.
 */
export const SERVICE_CHECKS: Record<string, Record<string, string>> = {
  Subject: {
    'properties.id.properties.value':
      "when subject.id.type names an NHS number ('VerifiedNhsNumber', 'NHSNumber'), exactly 10 digits whose last is the Modulus 11 check digit, and not a placeholder (0000000000, 9999999999).",
  },
  Recipient: { 'properties.id.properties.value': 'an organisation that uses the service.' },
  Attachment: {
    'properties.content':
      `agreement with mimeType (application/pdf starts with %PDF-, image/jpeg with the bytes FF D8 FF, text types are valid UTF-8); at most ${DEFAULT_LIMITS.maxAttachmentBytes} bytes decoded (maxLength admits one more); the virus scan. Content refused once must not be sent again.`,
  },
  CodedDataItem: { 'properties.code': SNOMED_CHECK },
  GpConnectAdditionalInformation: { 'properties.typeCode': SNOMED_CHECK },
  StandardMessage: SEND_CHECKS,
  InstantMessage: SEND_CHECKS,
  GpConnectMessage: SEND_CHECKS,
};

/** The schema node at a rule's path; the error names a rule whose node is gone. */
function nodeAt(schemas: Record<string, unknown>, component: string, path: string): Record<string, unknown> {
  let node = schemas[component] as Record<string, unknown> | undefined;
  for (const key of path ? path.split('.') : []) node = node?.[key] as Record<string, unknown> | undefined;
  if (node === undefined || typeof node !== 'object') throw new Error(`OpenAPI value rule ${component}.${path}: no such schema node`);
  return node;
}

/**
 * Sets each rule's keywords on the generated schemas (`required` adds to the
 * generated list), then appends to each field's description what only the
 * service can check. @throws Error naming a rule whose path is gone.
 */
export function applyValueRules(schemas: Record<string, unknown>): Record<string, unknown> {
  for (const [component, rules] of Object.entries(VALUE_RULES)) {
    for (const [path, { required, ...keywords }] of Object.entries(rules)) {
      const node = nodeAt(schemas, component, path);
      Object.assign(node, keywords);
      if (Array.isArray(required)) node.required = [...new Set([...((node.required as string[] | undefined) ?? []), ...(required as string[])])];
    }
  }
  for (const [component, notes] of Object.entries(SERVICE_CHECKS)) {
    for (const [path, note] of Object.entries(notes)) {
      const node = nodeAt(schemas, component, path);
      node.description = [node.description, `Checked by the service, not by this schema: ${note}`].filter(Boolean).join(' ');
    }
  }
  return { ...schemas, ...EXTRA_COMPONENTS };
}
