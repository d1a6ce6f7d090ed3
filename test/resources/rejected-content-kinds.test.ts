// A virus-scan verdict blocks the bytes whatever their declared type; a
// format error (content that is not what its mimeType says) blocks only that
// same content with that same type. Over real HTTP against the sandbox, and
// with hand-made problems for the mixed cases.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { EICAR_TEST_FILE_BASE64 } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  CdmsClient,
  InMemoryRejectedContentStore,
  type Attachment,
  type StandardMessageParams,
} from '../../src/index.js';
import { standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const TEXT = Buffer.from('Seen in clinic today; no follow-up needed.\n').toString('base64');

describe('rejected content: virus scan or format (sandbox)', () => {
  let sandbox: Sandbox;
  let cdms: CdmsClient;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  const message = (attachment: Attachment): StandardMessageParams => ({
    topic: sandbox.topics[0]!,
    recipient: { id: { type: 'OcsClientIdentifier', value: sandbox.recipients[0]! } },
    subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
    attachments: [attachment],
  });
  const send = (attachment: Attachment, skipLocalValidation = false) =>
    cdms.messages.send(message(attachment), { skipLocalValidation }).catch((e: unknown) => e);

  beforeAll(() => {
    cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, rejectedContent: new InMemoryRejectedContentStore() });
  });

  it('a text sent as a PDF by mistake is refused again as a PDF only; sent as text it goes', async () => {
    const asPdf = { mimeType: 'application/pdf', fileName: 'notes.pdf', content: TEXT };
    const first = await send(asPdf, true);
    expect(first).toBeInstanceOf(AttachmentContentRejectedError);
    expect(first).toMatchObject({ rejection: 'format', attachmentIndex: 0 });
    expect((first as Error).message).toMatch(/not what its mimeType says/);

    const again = await send(asPdf, true);
    expect(again).toBeInstanceOf(AttachmentPreviouslyRejectedError);
    expect(again).toMatchObject({ rejection: 'format', attachmentIndex: 0, delivery: 'not-sent' });
    expect((again as Error).message).toMatch(/with this same mimeType/);

    const asText = await send({ mimeType: 'text/plain', fileName: 'notes.txt', content: TEXT });
    expect(asText).toMatchObject({ recovered: false });
  });

  it('content the virus scan rejected is refused under any other type', async () => {
    const asText = { mimeType: 'text/plain', fileName: 'readme.txt', content: EICAR_TEST_FILE_BASE64 };
    const first = await send(asText);
    expect(first).toBeInstanceOf(AttachmentContentRejectedError);
    expect(first).toMatchObject({ rejection: 'virus-scan', attachmentIndex: 0 });
    const before = sandbox.stats().requests;
    for (const mimeType of ['text/vnd.vendor.service.consultation', 'application/pdf', 'image/jpeg']) {
      const again = await send({ mimeType, fileName: 'renamed.bin', content: EICAR_TEST_FILE_BASE64 }, true);
      expect(again, mimeType).toBeInstanceOf(AttachmentPreviouslyRejectedError);
      expect(again).toMatchObject({ rejection: 'virus-scan', delivery: 'not-sent' });
    }
    expect(sandbox.stats().requests).toBe(before);
  });
});

describe('rejected content: problems naming several attachments', () => {
  const { server, seen, http, HttpResponse } = useMswServer();
  const SEND = `${BASE}/api/v1/messages`;
  const PDF_A = Buffer.from('%PDF-1.4\nA\n%%EOF\n').toString('base64');
  const PDF_B = Buffer.from('%PDF-1.4\nB\n%%EOF\n').toString('base64');
  const two = () =>
    standardMessage({
      attachments: [
        { mimeType: 'application/pdf', fileName: 'a.pdf', content: PDF_A },
        { mimeType: 'application/pdf', fileName: 'b.pdf', content: PDF_B },
      ],
    });
  const one = (content: string, mimeType = 'application/pdf') => standardMessage({ attachments: [{ mimeType, fileName: 'x.pdf', content }] });

  it('a format error on one and a virus verdict on the other: each remembered with its own verdict', async () => {
    server.use(
      http.post(SEND, () =>
        problem(400, {
          title: 'Request Validation Error',
          invalidParameters: [
            { name: 'attachments[0].content', reason: 'is not a valid PDF document' },
            { name: 'attachments[1].content', reason: 'failed the virus scan' },
          ],
        }),
      ),
    );
    const client = testClient();
    const error = await client.messages.send(two()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AttachmentContentRejectedError', rejection: 'virus-scan', attachmentIndex: 1 });

    await expect(client.messages.send(one(PDF_B))).rejects.toMatchObject({ rejection: 'virus-scan' });
    await expect(client.messages.send(one(PDF_A))).rejects.toMatchObject({ rejection: 'format' });
    server.use(http.post(SEND, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
    // The format-rejected bytes under another type are sent (they are valid UTF-8 text).
    await expect(client.messages.send(one(PDF_A, 'text/plain'))).resolves.toMatchObject({ recovered: false });
    expect(seen).toHaveLength(2);
  });
});
