import type { GpConnectMessageParams, InstantMessageParams, StandardMessageParams, WidgetRegistration } from '../../src/index.js';
import { PATIENT, PDF_BASE64 } from '../sandbox/support.js';

export { useSandbox } from '../sandbox/support.js';

/** A valid standard message for the SDK (messageId left for the SDK to generate). */
export function standardMessage(overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return {
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    body: { mimeType: 'text/plain', content: 'Discharged home.' },
    attachments: [{ mimeType: 'application/pdf', fileName: 'discharge.pdf', content: PDF_BASE64 }],
    codedDataItems: [{ code: '271649006', value: 128, unit: 'mm[Hg]' }],
    ...overrides,
  };
}

/** A valid instant message for the SDK (type filled in by the SDK). */
export function instantMessage(overrides: Partial<InstantMessageParams> = {}): InstantMessageParams {
  return { ...standardMessage(), ...overrides };
}

/** A valid GP-route message for the SDK (type and recipient.id.type filled in by the SDK). */
export function gpMessage(overrides: Partial<GpConnectMessageParams> = {}): GpConnectMessageParams {
  return {
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
      typeCode: '11429006',
      typeDescription: 'Consultation',
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
    requiresUserData: true,
    requiresPatientData: false,
    ...overrides,
  };
}
