// The message of the 10 x 5 MB scenarios: a valid standard message with ten
// PDF attachments of exactly 5,000,000 bytes each (the spec's limit, as the
// SDK reads "5 MB"). The bytes are pseudo-random after a PDF header, from a
// fixed seed, so every run and every child process sends the same body.

export const ATTACHMENT_COUNT = 10;
export const ATTACHMENT_BYTES = 5_000_000;
export const MESSAGE_ID = '3b0e7a5c-2f4d-4e8a-9c61-7d5f1e2a9b30';

/** A PDF-looking file of `size` bytes: `%PDF-1.7` then xorshift32 noise. */
export function pdfBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(size / 4));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  bytes.fill(0x25, words.length * 4); // the odd tail, if any
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

/**
 * The send option of the transport scenarios: the attachments are noise
 * after a PDF header, which the wrong-patient check would hand to PDF.js to
 * recover as a damaged file. Those rows measure the transport; the check has
 * rows of its own (scenarios/wrong-patient.ts) on real PDFs.
 */
export const NO_PATIENT_CHECK = { allowOtherNhsNumbers: true } as const;

/** A standard message as a sender would pass it to `messages.send()`. */
export interface BenchMessage {
  messageId: string;
  topic: string;
  recipient: { id: { type: 'OcsClientIdentifier'; value: string } };
  subject: { id: { type: 'VerifiedNhsNumber'; value: string } };
  body: { mimeType: 'text/plain'; content: string };
  attachments: { mimeType: 'application/pdf'; fileName: string; content: string }[];
}

/** The 10 x 5 MB message (about 67 MB of JSON). */
export function largeMessage(count = ATTACHMENT_COUNT, bytes = ATTACHMENT_BYTES): BenchMessage {
  return {
    messageId: MESSAGE_ID,
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
    body: { mimeType: 'text/plain', content: 'Discharge summary and results attached.' },
    attachments: Array.from({ length: count }, (_, i) => ({
      mimeType: 'application/pdf' as const,
      fileName: `discharge-${i + 1}.pdf`,
      content: pdfBytes(bytes, 0x9e3779b9 + i).toString('base64'),
    })),
  };
}

/** Headers the SDK sends on every request, so that the baselines send the same. */
export function sdkLikeHeaders(apiKey: string, version: string, json: boolean): Record<string, string> {
  return {
    ApiKey: apiKey,
    Accept: 'application/json',
    'User-Agent': `cdms-sdk/${version}`,
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

/** A status body as the service returns it. */
export function statusBody(messageId: string): string {
  return JSON.stringify({ messageId, status: 'PENDING', subStatus: null, updated: '2026-01-01T00:00:00Z' });
}
