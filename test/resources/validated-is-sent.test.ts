import { describe, expect, it } from 'vitest';
import { LocalValidationError, type CdmsClient, type StandardMessageParams } from '../../src/index.js';
import { PDF_BASE64, gpMessage, instantMessage, ACCESS_TOKEN, standardMessage } from '../helpers/fixtures.js';
import { BASE, testClient, useMswServer } from '../helpers/msw.js';

// What is validated is what is sent: the SDK copies the message into plain
// data once, validates that copy and serialises that copy. A message part
// with its own toJSON, a getter or a proxy cannot change the bytes after
// validation; one that cannot be read is a local error, and nothing is sent.

const { server, seen, http, HttpResponse } = useMswServer();
const accepted = () => HttpResponse.json({ messageStatusEndpoint: '/api/v1/messages/x/status' });

function acceptAll() {
  server.use(
    http.post(`${BASE}/api/v1/messages`, accepted),
    http.post(`${BASE}/api/v1/messages/instant`, accepted),
    http.post(`${BASE}/api/v1/gpconnect/messages`, accepted),
  );
}

const sentBody = () => seen.find((r) => r.method === 'POST')?.body as Record<string, unknown> | undefined;
/** Not a PDF: validation refuses it as application/pdf content. */
const NOT_A_PDF = Buffer.from('plain words, not a PDF').toString('base64');

const routes: [string, (client: CdmsClient, attachment: object) => Promise<unknown>][] = [
  ['standard', (c, a) => c.messages.send(standardMessage({ attachments: [a as never] }))],
  ['instant', (c, a) => c.instant.send(instantMessage({ attachments: [a as never] }), { accessToken: ACCESS_TOKEN })],
  ['gpconnect', (c, a) => c.gpconnect.send(gpMessage({ attachments: [a as never] }))],
];

describe.each(routes)('%s route: what is validated is what is sent', (_, send) => {
  it('an attachment whose toJSON swaps in other content is judged by that content: refused, nothing sent', async () => {
    acceptAll();
    const attachment = { mimeType: 'application/pdf', fileName: 'a.pdf', content: PDF_BASE64, toJSON: () => ({ mimeType: 'application/pdf', fileName: 'a.pdf', content: NOT_A_PDF }) };
    const error = await send(testClient(), attachment).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent', invalidParameters: [expect.objectContaining({ name: 'attachments[0].content' })] });
    expect(seen).toHaveLength(0);
  });

  it('a toJSON that answers differently on each call is called once: the bytes sent are those validated', async () => {
    acceptAll();
    let calls = 0;
    const attachment = { toJSON: () => ({ mimeType: 'application/pdf', fileName: `call-${++calls}.pdf`, content: calls === 1 ? PDF_BASE64 : NOT_A_PDF }) };
    await send(testClient(), attachment);
    expect(calls).toBe(1);
    expect(sentBody()?.attachments).toEqual([{ mimeType: 'application/pdf', fileName: 'call-1.pdf', content: PDF_BASE64 }]);
  });

  it('a getter or a proxy that answers differently on each read is read once', async () => {
    acceptAll();
    let reads = 0;
    const attachment = new Proxy(
      { mimeType: 'application/pdf', content: PDF_BASE64, fileName: '' },
      { get: (target, key, receiver) => (key === 'fileName' ? `read-${++reads}.pdf` : (Reflect.get(target, key, receiver) as unknown)) },
    );
    await send(testClient(), attachment);
    expect(reads).toBe(1);
    expect(sentBody()?.attachments).toEqual([{ mimeType: 'application/pdf', fileName: 'read-1.pdf', content: PDF_BASE64 }]);
  });

  it('a throwing toJSON is a local error with delivery not-sent, and nothing is sent', async () => {
    acceptAll();
    const attachment = {
      toJSON: () => {
        throw new Error('cannot serialise Featherstonehaugh');
      },
    };
    const error = await send(testClient(), attachment).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent', invalidParameters: [{ name: 'attachments[0]', reason: expect.stringMatching(/toJSON threw/) as unknown }] });
    expect(String(error)).not.toMatch(/Featherstonehaugh/);
    expect(seen).toHaveLength(0);
  });
});

describe('the caller changing its message while the send is under way', () => {
  it('sends the message as it was when send() was called', async () => {
    acceptAll();
    const message: StandardMessageParams = standardMessage();
    const sending = testClient().messages.send(message);
    // The send awaits the topic list first: change everything meanwhile.
    message.body = { mimeType: 'text/plain', content: 'changed after the call' };
    message.attachments[0]!.fileName = 'changed.pdf';
    message.subject.id.value = '0000000000';
    await sending;
    expect(sentBody()).toMatchObject({
      body: standardMessage().body,
      attachments: standardMessage().attachments,
      subject: standardMessage().subject,
    });
  });

  it('skipping local validation still sends one plain copy, and a throwing toJSON is still a local error', async () => {
    acceptAll();
    const error = await testClient()
      .messages.send(standardMessage({ body: { toJSON: () => { throw new Error('x'); } } as never }), { skipLocalValidation: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'LocalValidationError', delivery: 'not-sent' });
    expect(seen).toHaveLength(0);
  });
});
