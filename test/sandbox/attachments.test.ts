import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { PDF_BASE64, raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox();

const NOTES = 'Seen at 02:10. Chest clear. Advised fluids.\n';
const attachments = [
  { mimeType: 'application/pdf', fileName: 'summary.pdf', content: PDF_BASE64 },
  { mimeType: 'text/vnd.vendor.service.consultation', fileName: "résumé; filename=evil.html %0d%0aX-Evil=1 '1'.txt", content: Buffer.from(NOTES).toString('base64') },
];

async function sent(sandbox: Sandbox, extra: Record<string, unknown> = {}): Promise<string> {
  const body = standardBody({ attachments, ...extra });
  expect((await raw(sandbox, 'POST', '/api/v1/messages', { body })).status).toBe(200);
  return String(body.messageId);
}

const get = (sandbox: Sandbox, path: string) => fetch(`${sandbox.url}${path}`);

describe('attachment content (GET /_sandbox/messages/{id}/attachments/{index})', () => {
  it('serves the decoded bytes inline, typed, never sniffed', async () => {
    const id = await sent(ctx.sandbox);
    const pdf = await get(ctx.sandbox, `/_sandbox/messages/${id}/attachments/0`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename="summary.pdf"/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.equals(Buffer.from(PDF_BASE64, 'base64'))).toBe(true);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(ctx.sandbox.getMessage(id)?.attachments[0]?.sha256);
    const notes = await get(ctx.sandbox, `/_sandbox/messages/${id}/attachments/1`);
    expect(notes.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(notes.headers.get('content-security-policy')).toContain('sandbox');
    expect(await notes.text()).toBe(NOTES);
  });

  it('downloads with the exact file name, and a hostile name cannot break the header', async () => {
    const id = await sent(ctx.sandbox);
    const r = await get(ctx.sandbox, `/_sandbox/messages/${id}/attachments/1?download`);
    expect(r.headers.get('x-evil')).toBeNull();
    const disposition = r.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="r_sum__ filename=evil.html _0d_0aX-Evil=1 '1'.txt"; filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]+$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(attachments[1]!.fileName);
  });

  it('answers 404 for an unknown message or index', async () => {
    const id = await sent(ctx.sandbox);
    expect((await get(ctx.sandbox, `/_sandbox/messages/${id}/attachments/2`)).status).toBe(404);
    expect((await get(ctx.sandbox, `/_sandbox/messages/${id}/attachments/x`)).status).toBe(404);
    expect((await get(ctx.sandbox, `/_sandbox/messages/${crypto.randomUUID()}/attachments/0`)).status).toBe(404);
  });

  it('keeps only the newest attachmentContentBytes: older content is released, its hash stays', async () => {
    const size = Buffer.from(PDF_BASE64, 'base64').length + NOTES.length;
    const small = await startSandbox({ port: 0, attachmentContentBytes: size * 2 });
    try {
      const [first, second, third] = [await sent(small), await sent(small), await sent(small)];
      const released = await get(small, `/_sandbox/messages/${first}/attachments/0`);
      expect(released.status).toBe(404);
      expect(await released.text()).toContain('no longer holds this content');
      expect(small.getMessage(first)?.attachments[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
      for (const id of [second, third]) expect((await get(small, `/_sandbox/messages/${id}/attachments/0`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('status history', () => {
  it('records each change with its time and cause, the send first', async () => {
    const id = await sent(ctx.sandbox);
    ctx.sandbox.toolbar.fail(id);
    ctx.sandbox.toolbar.import(id);
    const history = ctx.sandbox.getMessage(id)!.history;
    expect(history.map((h) => [h.status, h.cause])).toEqual([
      ['PENDING', 'sent by the standard route'],
      ['FAILED', 'toolbar: fail'],
      ['COMPLETED', 'toolbar: import'],
    ]);
    expect(history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
  });
});
