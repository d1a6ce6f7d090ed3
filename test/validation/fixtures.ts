// Valid messages for each route, to be broken one rule at a time by tests.
import type { Route } from '../../src/validation/index.js';
import { gpMessage as sharedGpMessage, widget as sharedWidget } from '../helpers/fixtures.js';

/** A tiny but real-looking PDF. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
/** The start of a JPEG (SOI + APP0 JFIF). */
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
export const PDF_B64 = PDF_BYTES.toString('base64');
export const JPEG_B64 = JPEG_BYTES.toString('base64');
export const TEXT_B64 = Buffer.from('Seen today. Blood pressure 120/80. £5 prescription charge.', 'utf8').toString('base64');

/** Patient data used in fixtures; privacy tests search results for these. */
export const PATIENT = {
  nhsNumber: '9434765919',
  family: 'Featherstonehaugh',
  given: 'Ottoline',
  dateOfBirth: '1987-03-14',
  fileName: 'Featherstonehaugh-discharge.pdf',
} as const;

export const MESSAGE_ID = '6f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f60';
export const TOPIC = 'Discharge Summary';
export const NOW = new Date('2026-01-01T00:00:00Z');

/** A message object: plain JSON, so tests may break it freely with {@link patch}. */
export type Json = Record<string, unknown>;

/** Marks a field for removal in {@link patch}. */
export const REMOVE = Symbol('remove');

/**
 * Returns a copy of `obj` with the value at a dotted path (`a.b[2].c`)
 * replaced, or removed when `value` is {@link REMOVE}.
 */
export function patch(obj: Json, path: string, value: unknown): Json {
  const copy = structuredClone(obj);
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return copy;
}

function common(): Json {
  return {
    messageId: MESSAGE_ID,
    topic: TOPIC,
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    expiryDateTime: '2030-06-01T12:00:00+01:00',
    body: { mimeType: 'text/plain', content: 'Please file.' },
    attachments: [{ mimeType: 'application/pdf', fileName: PATIENT.fileName, content: PDF_B64 }],
  };
}

/** A valid standard message. */
export function standardMessage(): Json {
  return {
    ...common(),
    attachments: [
      { mimeType: 'application/pdf', fileName: PATIENT.fileName, content: PDF_B64 },
      { mimeType: 'image/jpeg', fileName: 'wound.jpg', content: JPEG_B64 },
      { mimeType: 'text/plain', fileName: 'notes.txt', content: TEXT_B64 },
      { mimeType: 'text/vnd.vendor.service.consultation', fileName: 'consultation.txt', content: TEXT_B64 },
    ],
    codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: 'seated' }, { code: '38341003' }],
  };
}

/** A valid instant message (type filled in as the resource does). */
export function instantMessage(): Json {
  return { ...standardMessage(), type: 'ToolbarInstantMessage' };
}

/** A valid GP-route message (type and recipient id type filled in as the resource does). */
export function gpMessage(): Json {
  return {
    ...common(),
    type: 'GPConnectMessage',
    recipient: { id: { type: 'OdsOrganisationId', value: 'B86022' } },
    subject: { id: { type: 'NHSNumber', value: PATIENT.nhsNumber } },
    gpConnectAdditionalInformation: {
      ...sharedGpMessage().gpConnectAdditionalInformation,
      // This suite's own patient (privacy tests search for it) and an
      // extension-namespace SNOMED CT concept (partition 10).
      patient: { name: { family: PATIENT.family, given: PATIENT.given }, dateOfBirth: PATIENT.dateOfBirth },
      practitioner: { name: { family: 'Jones', given: 'Sam' }, sdsUserId: 'UNK', telephone: '0113 496 0000' },
      typeCode: '11000001102',
      typeDescription: 'Out of hours consultation',
    },
  };
}

/** The valid message of a route. */
export function messageFor(route: Route): Json {
  return route === 'standard' ? standardMessage() : route === 'instant' ? instantMessage() : gpMessage();
}

/** A valid widget registration. */
export function widget(): Json {
  // The shared widget, with both contexts and a secret that uses punctuation
  // (every printable ASCII character is allowed).
  return { ...sharedWidget(), encryptionSecret: 'k3Y-0123456789abcdefABCDEF_xyz!?', requiresPatientData: true };
}

/** Strict base64 of exactly `bytes` decoded bytes, starting with a PDF header. */
export function pdfContentOfSize(bytes: number): string {
  const buf = Buffer.alloc(bytes, 0x20);
  PDF_BYTES.copy(buf, 0, 0, Math.min(bytes, PDF_BYTES.length));
  return buf.toString('base64');
}
