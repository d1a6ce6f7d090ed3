// The service's verdicts on attachment content kept in the ledger, on both
// engines: a tracker closed and created again on the same ledger (a restart,
// with a new client whose own store is empty) refuses the rejected bytes
// locally, for a new send and for a "Send again" (a replacement), and nothing
// reaches the service. What the ledger keeps of a verdict is a hash, why and
// when: never the content or its file name.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AttachmentContentRejectedError, AttachmentPreviouslyRejectedError, CdmsClient, InMemoryRejectedContentStore, type StandardMessageParams } from '../../src/index.js';
import { EICAR_TEST_FILE_BASE64 } from '../../src/sandbox/index.js';
import { createTracker, type Tracker } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { dumpTables } from './ledger-dump.js';
import { ENGINES, FAST, databaseFor, eventually, recordingClient } from './support.js';

const env = useSandbox();

const infected = (fileName = 'notes.txt', mimeType = 'text/plain'): StandardMessageParams =>
  standardMessage({ messageId: crypto.randomUUID(), attachments: [{ mimeType, fileName, content: EICAR_TEST_FILE_BASE64 }] });

/** A tracker on `where`, closed by the caller. */
const open = (client: CdmsClient, where: { database: string; schema?: string }, extra: object = {}): Promise<Tracker> =>
  createTracker({ client, ...where, ...FAST, ...extra });

/** The first life: a tracked send the virus scan rejects, then the tracker closed (the process's end). */
async function rejectedThenClosed(where: { database: string; schema?: string }): Promise<string> {
  const first = await open(env.client(), where);
  try {
    const message = infected();
    await expect(first.send('standard', message)).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    expect(await first.get(String(message.messageId))).toMatchObject({ stage: 'failed', attention: { reason: 'content-rejected' } });
    return String(message.messageId);
  } finally {
    await first.close();
  }
}

const sendsTo = (requests: { method: string; path: string }[]): number => requests.filter((r) => r.method === 'POST').length;

describe.each(ENGINES)('rejected attachments across a restart on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('after a restart, a new send and a "Send again" of the rejected bytes are refused locally, and nothing reaches the service', async () => {
    const where = databaseFor(engine);
    const rejectedId = await rejectedThenClosed(where);
    const acceptedBefore = env.sandbox.listMessages().length;
    // The restart: a new client (its in-memory store empty, as after any restart) on the same ledger.
    const { client, requests } = recordingClient(env.sandbox);
    const second = await open(client, where);
    try {
      const again = infected('renamed.txt');
      const refused = await second.send('standard', again).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AttachmentPreviouslyRejectedError);
      expect(refused).toMatchObject({ delivery: 'not-sent', rejection: 'virus-scan', attachmentIndex: 0 });
      expect(await second.get(String(again.messageId))).toBeUndefined();
      // A virus verdict refuses the bytes under any declared type.
      await expect(second.send('standard', infected('notes.pdf', 'application/pdf'))).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
      // "Send again" on the worklist's item: a replacement of the rejected message, with the same document.
      const replacement = infected();
      await expect(second.send('standard', replacement, { replaces: rejectedId, by: 'alice' })).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
      expect(await second.get(String(replacement.messageId))).toBeUndefined();
      expect(await second.get(rejectedId)).toMatchObject({ stage: 'failed', replacedBy: null, attention: { reason: 'content-rejected' } });
      const audit = (await second.audit({ messageId: rejectedId })).items;
      expect(audit).toContainEqual(expect.objectContaining({ outcome: 'refused', detail: expect.stringMatching(/^AttachmentPreviouslyRejectedError/) as unknown }));
      expect(sendsTo(requests)).toBe(0);
      expect(env.sandbox.listMessages()).toHaveLength(acceptedBefore);
      // The guard refuses those bytes only: a clean document goes.
      await expect(second.send('standard', standardMessage())).resolves.toMatchObject({ outcome: 'sent' });
      expect(sendsTo(requests)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it.skipIf(skip)('a client given an in-memory store explicitly is covered the same: the ledger is checked whatever store the client carries', async () => {
    const where = databaseFor(engine);
    await rejectedThenClosed(where);
    const requests: string[] = [];
    const client = new CdmsClient({
      baseUrl: env.sandbox.url,
      apiKey: env.sandbox.apiKey,
      maxRetries: 0,
      rejectedContent: new InMemoryRejectedContentStore(),
      fetch: (input, init) => {
        requests.push(new Request(input, init).method);
        return fetch(input, init);
      },
    });
    const second = await open(client, where);
    try {
      await expect(second.send('standard', infected())).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
      expect(requests.filter((m) => m === 'POST')).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it.skipIf(skip)('a queued message is not resent by the restarted background once the same bytes were rejected in another message', async () => {
    const where = databaseFor(engine);
    const first = await open(env.client(), where);
    let queuedId: string;
    try {
      env.sandbox.failNext({ operation: 'messages.send', status: 503, count: 1 });
      const queued = await first.send('standard', infected('first.txt'));
      expect(queued.outcome).toBe('queued');
      queuedId = queued.messageId;
      await expect(first.send('standard', infected('second.txt'))).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    } finally {
      await first.close();
    }
    // The restart: a new client, whose own store knows nothing; the background takes the queued message up.
    const second = await open(recordingClient(env.sandbox).client, where);
    try {
      await second.start();
      const failed = await eventually('the queued message settled', async () => {
        const m = await second.get(queuedId);
        return m?.stage === 'failed' && m;
      });
      expect(failed.attention).toMatchObject({ reason: 'send-failed', detail: expect.stringMatching(/AttachmentPreviouslyRejectedError/) as unknown });
      // Its one request was the 503: the background refused it before a second one.
      const sends = env.sandbox.requests().filter((r) => r.method === 'POST' && r.messageId === queuedId);
      expect(sends.map((r) => r.status)).toEqual([503]);
      expect(env.sandbox.getMessage(queuedId)).toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it.skipIf(skip)('the ledger keeps a verdict as the hash of the bytes, why and when: never the content or its file name', async () => {
    const where = databaseFor(engine);
    await rejectedThenClosed(where);
    const dump = await dumpTables(engine, where.database, where.schema);
    const sha256 = createHash('sha256').update(Buffer.from(EICAR_TEST_FILE_BASE64, 'base64')).digest('hex');
    expect(dump).toMatch(new RegExp(`\\{"sha256":"${sha256}","rejection":"virus-scan","rejected_at":[^}]+\\}`));
    expect(dump).not.toContain(EICAR_TEST_FILE_BASE64);
    expect(dump).not.toContain('notes.txt');
  });
});
