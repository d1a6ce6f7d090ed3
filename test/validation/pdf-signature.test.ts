// A PDF's `%PDF-` may follow a few bytes (a byte-order mark, a line break, a
// scanner's header): PDF readers look for it anywhere in the first 1,024
// bytes, and so do validateMessage, the attachment helpers and the sandbox.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFromBytes, CdmsClient, LocalValidationError, validateMessage } from '../../src/index.js';
import { NOW, patch, standardMessage } from './fixtures.js';

const BODY = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const pdf = (prefix: string | Uint8Array) => Buffer.concat([Buffer.from(prefix as string), Buffer.from(BODY, 'latin1')]);

const LENIENT: [string, Buffer][] = [
  ['a UTF-8 byte-order mark', pdf(new Uint8Array([0xef, 0xbb, 0xbf]))],
  ['a CRLF', pdf('\r\n')],
  ["a scanner's 600-byte header", pdf(`SCANNER-HEADER ${'x'.repeat(584)}\n`)],
  ['1,019 bytes (the signature ends at byte 1,024)', pdf(' '.repeat(1019))],
];

const withContent = (bytes: Buffer) => patch(standardMessage(), 'attachments[0].content', bytes.toString('base64'));

describe('the PDF signature within the first 1,024 bytes', () => {
  it.each(LENIENT)('validateMessage accepts a PDF after %s', (_, bytes) => {
    expect(validateMessage(withContent(bytes), { route: 'standard', now: NOW }).invalidParameters).toEqual([]);
  });

  it('refuses a PDF whose signature ends past byte 1,024, saying where it looked', () => {
    const result = validateMessage(withContent(pdf(' '.repeat(1020))), { route: 'standard', now: NOW });
    expect(result.invalidParameters).toEqual([
      {
        name: 'attachments[0].content',
        reason: "has no PDF signature '%PDF-' in its first 1,024 bytes, where PDF readers look for it: it is not a PDF file (mimeType is 'application/pdf')",
      },
    ]);
  });

  it.each(LENIENT)('attachmentFromBytes infers application/pdf after %s', (_, bytes) => {
    expect(attachmentFromBytes(bytes, { fileName: 'scan.pdf' }).mimeType).toBe('application/pdf');
    expect(attachmentFromBytes(bytes, { fileName: 'scan', mimeType: 'application/pdf' }).mimeType).toBe('application/pdf');
  });

  it('attachmentFromBytes refuses a .pdf without the signature in its first 1,024 bytes, saying where it looked', () => {
    const build = () => attachmentFromBytes(pdf(' '.repeat(1020)), { fileName: 'scan.pdf' });
    expect(build).toThrow(LocalValidationError);
    expect(build).toThrow(/no '%PDF-' in its first 1,024 bytes/);
    expect(() => attachmentFromBytes(pdf(' '.repeat(1020)), { fileName: 'scan.pdf', mimeType: 'application/pdf' })).toThrow(
      /no PDF signature '%PDF-' in its first 1,024 bytes/,
    );
  });

  describe('through the sandbox', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox();
    });
    afterAll(() => sandbox.close());

    it('a PDF after a byte-order mark is sent and accepted', async () => {
      const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
      const bytes = pdf(new Uint8Array([0xef, 0xbb, 0xbf]));
      const sent = await cdms.messages.send({
        topic: sandbox.topics[0]!,
        recipient: { id: { type: 'OcsClientIdentifier', value: sandbox.recipients[0]! } },
        subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
        attachments: [attachmentFromBytes(bytes, { fileName: 'scan.pdf' })],
      });
      expect((await cdms.messages.status(sent.messageId)).status).toBe('PENDING');
    });
  });
});
