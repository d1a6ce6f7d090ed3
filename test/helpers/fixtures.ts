import type {
  GpConnectMessageParams,
  InstantMessageParams,
  StandardMessageParams,
  WidgetRegistration,
} from '../../src/index.js';

/** Patient data the leak tests search for: each must never appear in output. */
export const PATIENT = {
  nhsNumber: '9434765919',
  family: 'Featherstonehaugh',
  given: 'Perpetua',
  dateOfBirth: '1953-07-14',
} as const;

/** A small but real-looking PDF. */
export const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

/** A valid message id. */
export const MESSAGE_ID = '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11';

/** A valid access token (UUID). */
export const ACCESS_TOKEN = '0b7e4a52-9c1d-4e8f-a3b6-5d2c1e0f9a87';

/** A valid standard message. */
export function standardMessage(overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return {
    messageId: MESSAGE_ID,
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    body: { mimeType: 'text/plain', content: 'Discharged home.' },
    attachments: [{ mimeType: 'application/pdf', fileName: 'discharge.pdf', content: PDF_BASE64 }],
    codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: 'Systolic' }],
    ...overrides,
  };
}

/** A valid instant message (type left for the SDK to fill in). */
export function instantMessage(overrides: Partial<InstantMessageParams> = {}): InstantMessageParams {
  const { codedDataItems: _c, ...base } = standardMessage();
  return { ...base, ...overrides };
}

/** A valid GP-route message (type and recipient.id.type left for the SDK). */
export function gpMessage(overrides: Partial<GpConnectMessageParams> = {}): GpConnectMessageParams {
  return {
    messageId: MESSAGE_ID,
    topic: 'Consultation Summary',
    recipient: { id: { value: 'A81001' } },
    subject: { id: { type: 'NHSNumber', value: PATIENT.nhsNumber } },
    attachments: [{ mimeType: 'application/pdf', fileName: 'consultation.pdf', content: PDF_BASE64 }],
    gpConnectAdditionalInformation: {
      recipientType: 'For Action',
      senderReference: 'OOH-2026-000123',
      confidentiality: false,
      versionNumber: 1,
      patient: { name: { family: PATIENT.family, given: PATIENT.given }, dateOfBirth: PATIENT.dateOfBirth },
      practitioner: { name: { family: 'Okafor', given: 'Ada' }, sdsUserId: 'UNK', telephone: '0113 496 0000' },
      organisation: { email: 'ooh@example.nhs.uk' },
      typeCode: '185317003',
      typeDescription: 'Telephone encounter',
    },
    ...overrides,
  };
}

/** A valid widget registration. */
export function widget(overrides: Partial<WidgetRegistration> = {}): WidgetRegistration {
  return {
    name: 'Referral Tracker',
    icon: 'clipboard',
    launchUrl: 'https://widgets.example.org/launch',
    encryptionSecret: 'k3Y9-widget-secret-32-characters',
    encryptionMethod: 'A256GCM',
    requiresUserData: true,
    requiresPatientData: false,
    ...overrides,
  };
}
