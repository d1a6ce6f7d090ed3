// The worklist's "Send again" on an "Attachment refused by the service" item
// after a restart: the tracker, created again on the same ledger with a new
// client (its own store empty), refuses the same document locally; the
// person is told, the audit keeps the refusal, and nothing reaches the service.
import { describe, expect, it } from 'vitest';
import { AttachmentContentRejectedError } from '../../src/index.js';
import { EICAR_TEST_FILE_BASE64 } from '../../src/sandbox/index.js';
import { createTracker } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { FAST, freshLedgerDirectory, SQLITE } from '../tracker/support.js';
import { pagePost, useWorklists } from './support.js';

const env = useSandbox();
const openWorklist = useWorklists();
const infected = () => standardMessage({ attachments: [{ mimeType: 'text/plain', fileName: 'notes.txt', content: EICAR_TEST_FILE_BASE64 }] });

describe.skipIf(!SQLITE)('worklist: "Send again" of a refused attachment after a restart', () => {
  it('is refused before it leaves: the page says so, the audit keeps it, and the service gets no request', async () => {
    const database = freshLedgerDirectory();
    const first = await createTracker({ client: env.client({ maxRetries: 0 }), database, ...FAST });
    const messageId = crypto.randomUUID();
    try {
      await expect(first.send('standard', { ...infected(), messageId })).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    } finally {
      await first.close();
    }
    const posts = () => env.sandbox.requests().filter((r) => r.method === 'POST').length;
    const before = posts();

    const tracker = await createTracker({ client: env.client({ maxRetries: 0 }), database, ...FAST });
    try {
      await tracker.start();
      // The sending system hands the same document back, as it would for any "Send again".
      const { url } = await openWorklist(tracker, { resend: () => infected() });
      const page = await pagePost(`${url}/messages/${messageId}/resend`, 'alice', {});
      // The worklist's answer to any refusal of the SDK's; the words say what happened and that nothing left.
      expect(page.status).toBe(502);
      const text = await page.text();
      expect(text).toContain('Not sent again. The service&#39;s virus scan refused an attachment.');
      expect(text).toContain('Nothing was sent. Obtain a clean copy of the document.');
      expect(posts()).toBe(before);
      const audit = (await tracker.audit({ messageId })).items.map((e) => `${e.by}:${e.action}:${e.outcome}`);
      expect(audit).toEqual(['alice:resend:refused']);
      expect(await tracker.get(messageId)).toMatchObject({ replacedBy: null, attention: { reason: 'content-rejected' } });
    } finally {
      await tracker.close();
    }
  });
});
