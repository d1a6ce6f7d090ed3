// The only things a conformance run sends: the sandbox's reserved test
// patients (999 numbers, never issued to a person) and documents generated
// here, one per scenario, that say they are test documents.
import { attachmentFromBytes, type Attachment, type GpConnectMessageParams, type StandardMessageParams } from '../index.js';
import { onePagePdf } from '../internal/one-page-pdf.js';
import { SCENARIO_NHS_NUMBERS } from '../sandbox/index.js';

type Reserved = (typeof SCENARIO_NHS_NUMBERS)[string];

/** The reserved test NHS number that starts `scenario` in the sandbox (and is a published test number elsewhere). */
export function testPatient(scenario: Reserved): string {
  const found = Object.entries(SCENARIO_NHS_NUMBERS).find(([, name]) => name === scenario);
  if (!found) throw new Error(`no reserved test patient for ${scenario}`);
  return found[0];
}

/** The test patient's demographics (GP route): obviously not a person. */
export const TEST_PATIENT_NAME = { family: 'CONFORMANCE', given: 'TEST' } as const;
const TEST_PATIENT_BIRTH_DATE = '1970-01-01';

/** A generated one-page PDF naming the scenario, as an attachment. */
export function testDocument(scenarioId: string): Attachment {
  const bytes = onePagePdf(`cdms-sdk conformance test document, scenario ${scenarioId}. Not a clinical record.`);
  return attachmentFromBytes(bytes, { fileName: `${scenarioId} test document.pdf` });
}

/** An expiry `days` from now, RFC 3339. */
export function expiresInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** A standard (or instant) message to the test practice about a reserved test patient. */
export function standardMessage(scenarioId: string, recipient: string, topic: string, patient: Reserved, overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return {
    topic,
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: testPatient(patient) } },
    expiryDateTime: expiresInDays(14),
    body: { mimeType: 'text/plain', content: `Conformance test message (${scenarioId}). Not a clinical record.` },
    attachments: [testDocument(scenarioId)],
    ...overrides,
  };
}

/**
 * A GP-route message whose practitioner's given name is `trigger`: an ITK3
 * or MESH code, or noresponse / noinfack / nobusack (the ITK3 Test
 * Harness's way of asking for an outcome).
 */
export function gpMessage(scenarioId: string, trigger: string): GpConnectMessageParams {
  return {
    topic: 'Consultation Summary',
    recipient: { id: { value: 'UNK' } },
    subject: { id: { type: 'NHSNumber', value: testPatient('import') } },
    attachments: [testDocument(scenarioId)],
    gpConnectAdditionalInformation: {
      recipientType: 'For Action',
      senderReference: `CONFORMANCE-${scenarioId}`,
      confidentiality: false,
      versionNumber: 1,
      patient: { name: { ...TEST_PATIENT_NAME }, dateOfBirth: TEST_PATIENT_BIRTH_DATE },
      practitioner: { name: { family: 'HARNESS', given: trigger } },
      typeCode: '11429006',
      typeDescription: 'Consultation',
    },
  };
}
