// Made-up documents and patients for the examples. The NHS number is a
// well-known valid test value (reference/domain.md section 1); the names are
// invented.
import { attachmentFromBytes, type CodedDataItem, type GpConnectAdditionalInformation, type GpConnectMessageParams } from 'cdms-sdk';

/** The examples' patient. */
export const PATIENT = {
  nhsNumber: '9434765919',
  family: 'Example',
  given: 'Alex',
  dateOfBirth: '1968-04-02',
} as const;

/**
 * A minimal, valid one-page PDF showing `title`: header, catalog, page,
 * font, content stream, and an exact cross-reference table.
 */
export function samplePdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** Systolic blood pressure (SNOMED CT 271649006), as a coded data item. */
export function systolicBloodPressure(mmHg: number): CodedDataItem {
  return { code: '271649006', value: mmHg, unit: 'mm[Hg]', additionalText: 'Systolic blood pressure' };
}

/** An expiry `days` from now, as RFC 3339 UTC. */
export function expiresInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

/**
 * The topic to use: `preferred` when the environment serves it, else the
 * first one served (integration and live lists differ, spec: Topic).
 */
export function pickTopic(topics: readonly { topicName: string }[], preferred: string): string {
  const names = topics.map((t) => t.topicName);
  const topic = names.includes(preferred) ? preferred : names[0];
  if (topic === undefined) throw new Error('The service serves no topics.');
  return topic;
}

/** The GP route's additional information for the examples' patient: an original (version 1) summary. */
export function gpConnectInformation(): GpConnectAdditionalInformation {
  return {
    recipientType: 'For Action',
    senderReference: `OOH-${Date.now()}`,
    confidentiality: false,
    versionNumber: 1,
    patient: { name: { family: PATIENT.family, given: PATIENT.given }, dateOfBirth: PATIENT.dateOfBirth },
    practitioner: { name: { family: 'Okafor', given: 'Ada' }, sdsUserId: 'UNK', email: 'ooh@example.org' },
    typeCode: '11429006',
    typeDescription: 'Consultation',
  };
}

/** A GP-route consultation summary for the examples' patient, to `recipient` (an ODS code). */
export function consultationSummary(recipient: string): GpConnectMessageParams {
  return {
    topic: 'Consultation Summary',
    recipient: { id: { value: recipient } },
    subject: { id: { type: 'NHSNumber', value: PATIENT.nhsNumber } },
    attachments: [attachmentFromBytes(samplePdf('Consultation summary'), { fileName: 'Consultation summary.pdf' })],
    gpConnectAdditionalInformation: gpConnectInformation(),
  };
}
