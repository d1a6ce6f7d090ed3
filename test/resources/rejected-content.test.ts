import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  FileRejectedContentStore,
  InMemoryRejectedContentStore,
  type RejectedContentStore,
} from '../../src/index.js';
import { PDF_BASE64, gpMessage, standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();
const SEND = `${BASE}/api/v1/messages`;
const OTHER_PDF = Buffer.from('%PDF-1.7\nanother document\n%%EOF\n').toString('base64');
const virus = (index: number | undefined) =>
  problem(400, {
    title: 'Request Validation Error',
    invalidParameters: [{ name: index === undefined ? 'attachments' : `attachments[${index}].content`, reason: 'Failed virus scan' }],
  });
const twoAttachments = () =>
  standardMessage({
    attachments: [
      { mimeType: 'application/pdf', fileName: 'a.pdf', content: PDF_BASE64 },
      { mimeType: 'application/pdf', fileName: 'b.pdf', content: OTHER_PDF },
    ],
  });

describe('rejected content guard', () => {
  it('send: content rejected once is refused locally the next time, on any route', async () => {
    server.use(http.post(SEND, () => virus(0)));
    const client = testClient();
    await expect(client.messages.send(standardMessage())).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    expect(seen).toHaveLength(1);

    const again = await client.gpconnect.send(gpMessage()).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AttachmentPreviouslyRejectedError);
    expect(again).toMatchObject({ attachmentIndex: 0, delivery: 'not-sent' });
    expect(seen).toHaveLength(1);
  });

  it('send: only the attachment the problem names is remembered', async () => {
    server.use(http.post(SEND, () => virus(1)));
    const client = testClient();
    await expect(client.messages.send(twoAttachments())).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    server.use(http.post(SEND, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
    await expect(client.messages.send(standardMessage())).resolves.toMatchObject({ recovered: false });
    await expect(client.messages.send(standardMessage({ attachments: [twoAttachments().attachments[1]!] }))).rejects.toBeInstanceOf(
      AttachmentPreviouslyRejectedError,
    );
  });

  it('send: when the problem does not say which, every attachment is remembered', async () => {
    server.use(http.post(SEND, () => problem(400, { detail: 'Malware detected in upload' })));
    const client = testClient();
    await expect(client.messages.send(twoAttachments())).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    await expect(client.messages.send(standardMessage())).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
  });

  it('send: hashes nothing while the store is empty', async () => {
    const store: RejectedContentStore = new InMemoryRejectedContentStore();
    const has = vi.spyOn(store, 'has');
    server.use(http.post(SEND, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
    await testClient({ rejectedContent: store }).messages.send(standardMessage());
    expect(has).not.toHaveBeenCalled();
  });

  it('survives a restart with the file-backed store, holding hashes only', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cdms-rejected-')), 'nested', 'rejected.txt');
    server.use(http.post(SEND, () => virus(0)));
    await expect(testClient({ rejectedContent: new FileRejectedContentStore(file) }).messages.send(standardMessage())).rejects.toBeInstanceOf(
      AttachmentContentRejectedError,
    );
    const stored = readFileSync(file, 'utf8');
    expect(stored).toMatch(/^[0-9a-f]{64}\n$/);
    expect(stored).not.toContain(PDF_BASE64);

    // A new process: a new client and a new store over the same file.
    const restarted = testClient({ rejectedContent: new FileRejectedContentStore(file) });
    await expect(restarted.messages.send(standardMessage())).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
    expect(seen).toHaveLength(1);
  });

  it('file store: sees hashes another process appended', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cdms-rejected-')), 'rejected.txt');
    const a = new FileRejectedContentStore(file);
    const b = new FileRejectedContentStore(file);
    expect(await b.isEmpty()).toBe(true);
    await a.add('a'.repeat(64));
    expect(await b.has('a'.repeat(64))).toBe(true);
    await expect(a.add('not-a-hash')).rejects.toThrow(TypeError);
  });
});
