import { describe, expect, it } from 'vitest';
import { SandboxError, manualClock, type Sandbox } from '../../src/sandbox/index.js';
import { gpBody, instantBody, raw, standardBody, useSandbox } from './support.js';

const clock = manualClock();
const ctx = useSandbox({ clock: clock.now, instantImportDelayMs: 1_000, instantConversionMs: 60_000, statusRetentionMs: 3_600_000 });

async function send(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
  const r = await raw(ctx.sandbox, 'POST', path, { body, headers });
  expect(r.status).toBe(200);
  return String(body.messageId);
}

async function status(id: string, route: 'messages' | 'gpconnect/messages' = 'messages') {
  const r = await raw(ctx.sandbox, 'GET', `/api/v1/${route}/${id}/status`);
  return { status: r.status, body: r.body as Record<string, unknown> };
}

async function tokenFor(sandbox: Sandbox, user: string): Promise<string> {
  const code = await sandbox.issueAccessCode(user);
  const r = await raw(sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } });
  return (r.body as { token: string }).token;
}

const inFuture = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

describe('standard message states', () => {
  it('PENDING after the send, COMPLETED after import, with updated moved to the import time', async () => {
    const id = await send('/api/v1/messages', standardBody());
    const pending = await status(id);
    expect(pending.body).toEqual({ messageId: id, status: 'PENDING', updated: clock.now().toISOString() });
    clock.advance(5_000);
    ctx.sandbox.toolbar.import(id);
    expect((await status(id)).body).toEqual({ messageId: id, status: 'COMPLETED', updated: clock.now().toISOString() });
  });

  it('reject and fail; FAILED may still be imported; terminal statuses never change', async () => {
    const rejected = await send('/api/v1/messages', standardBody());
    expect(ctx.sandbox.toolbar.reject(rejected).status).toBe('REJECTED');
    expect(() => ctx.sandbox.toolbar.import(rejected)).toThrow(SandboxError);
    const failed = await send('/api/v1/messages', standardBody());
    expect(ctx.sandbox.toolbar.fail(failed).status).toBe('FAILED');
    expect(() => ctx.sandbox.toolbar.fail(failed)).toThrow(/already FAILED/);
    expect(ctx.sandbox.toolbar.import(failed).status).toBe('COMPLETED');
    expect(() => ctx.sandbox.expire(failed)).toThrow(expect.objectContaining({ code: 'conflict' }) as Error);
  });

  it('expires by itself when the clock passes expiryDateTime, then disappears after the retention', async () => {
    const id = await send('/api/v1/messages', standardBody({ expiryDateTime: inFuture(10_000) }));
    clock.advance(9_999);
    expect((await status(id)).body.status).toBe('PENDING');
    clock.advance(1);
    const expired = await status(id);
    expect(expired.body).toMatchObject({ status: 'EXPIRED' });
    expect(expired.body).not.toHaveProperty('subStatus');
    clock.advance(3_600_000 - 1);
    expect((await status(id)).status).toBe(200);
    clock.advance(1);
    expect((await status(id)).status).toBe(404);
    // The id stays used even after the status is gone.
    const again = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ messageId: id }) });
    expect(again.status).toBe(400);
  });

  it('sandbox.expire() expires at once', async () => {
    const id = await send('/api/v1/messages', standardBody());
    expect(ctx.sandbox.expire(id)).toMatchObject({ status: 'EXPIRED', subStatus: null });
  });

  it('a message is visible only on its own route and to its own key', async () => {
    const id = await send('/api/v1/messages', standardBody());
    expect((await status(id, 'gpconnect/messages')).status).toBe(404);
    const other = await raw(ctx.sandbox, 'GET', `/api/v1/messages/${id}/status`, { apiKey: ctx.sandbox.forbiddenApiKey });
    expect(other.status).toBe(404);
  });

  it('unknown ids give not-found to the controls', () => {
    expect(() => ctx.sandbox.toolbar.import(crypto.randomUUID())).toThrow(expect.objectContaining({ code: 'not-found' }) as Error);
  });
});

describe('instant message states', () => {
  it('a running toolbar imports it automatically after the import delay', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    ctx.sandbox.toolbar.run('dr-a');
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    expect((await status(id)).body.status).toBe('PENDING');
    clock.advance(1_000);
    expect((await status(id)).body).toMatchObject({ status: 'COMPLETED' });
    expect(ctx.sandbox.getMessage(id)).toMatchObject({ route: 'instant', instantUser: 'dr-a' });
  });

  it('another user running a toolbar does not import it', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    ctx.sandbox.toolbar.run('dr-b');
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    clock.advance(5_000);
    expect((await status(id)).body.status).toBe('PENDING');
  });

  it('a toolbar started later picks up waiting messages', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    clock.advance(30_000);
    ctx.sandbox.toolbar.run('dr-a');
    clock.advance(1_000);
    expect((await status(id)).body.status).toBe('COMPLETED');
  });

  it('without a running toolbar it becomes a standard message after the conversion period, then follows the standard rules', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    clock.advance(60_000);
    const converted = await status(id);
    expect(converted.body).toMatchObject({ status: 'PENDING', subStatus: expect.stringContaining('not running') as string });
    ctx.sandbox.toolbar.run('dr-a');
    clock.advance(10_000);
    expect((await status(id)).body.status).toBe('PENDING');
    expect(ctx.sandbox.toolbar.import(id).status).toBe('COMPLETED');
  });

  it("an automatic import that fails gives PENDING 'Failed instant message import'", async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    ctx.sandbox.toolbar.run('dr-a', { importFails: true });
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    clock.advance(1_000);
    expect((await status(id)).body).toMatchObject({ status: 'PENDING', subStatus: 'Failed instant message import' });
    clock.advance(120_000);
    expect((await status(id)).body).toMatchObject({ subStatus: 'Failed instant message import' });
    expect(ctx.sandbox.toolbar.reject(id).status).toBe('REJECTED');
  });

  it('a stopped toolbar does not import what it had not imported yet', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    ctx.sandbox.toolbar.run('dr-a');
    const id = await send('/api/v1/messages/instant', instantBody(), { 'Service-Instant-Access-Token': token });
    ctx.sandbox.toolbar.stop('dr-a');
    clock.advance(5_000);
    expect((await status(id)).body.status).toBe('PENDING');
  });

  it('an instant message that expires before import says why in subStatus', async () => {
    const token = await tokenFor(ctx.sandbox, 'dr-a');
    const id = await send('/api/v1/messages/instant', instantBody({ expiryDateTime: inFuture(2_000) }), { 'Service-Instant-Access-Token': token });
    clock.advance(2_000);
    expect((await status(id)).body).toMatchObject({ status: 'EXPIRED', subStatus: expect.any(String) as string });
  });
});

describe('GP route states', () => {
  it("'Sent to MESH' → '20013 - Success' → COMPLETED '30001-Patient known here'", async () => {
    const id = await send('/api/v1/gpconnect/messages', gpBody());
    expect((await status(id, 'gpconnect/messages')).body).toMatchObject({ status: 'PENDING', subStatus: 'Sent to MESH' });
    ctx.sandbox.gpRoute.advance(id);
    expect((await status(id, 'gpconnect/messages')).body).toMatchObject({ status: 'PENDING', subStatus: '20013 - Success' });
    ctx.sandbox.gpRoute.advance(id);
    expect((await status(id, 'gpconnect/messages')).body).toMatchObject({ status: 'COMPLETED', subStatus: '30001-Patient known here' });
    expect(() => ctx.sandbox.gpRoute.advance(id)).toThrow(/terminal/);
    expect((await status(id)).status).toBe(404);
  });

  it('rejections by ITK3 and by MESH, custom codes, and their order', async () => {
    const itk = await send('/api/v1/gpconnect/messages', gpBody());
    ctx.sandbox.gpRoute.advance(itk, 'received');
    expect(() => ctx.sandbox.gpRoute.advance(itk, 'mesh-rejected')).toThrow(/only while it is in MESH/);
    expect(ctx.sandbox.gpRoute.advance(itk, 'rejected')).toMatchObject({ status: 'REJECTED', subStatus: '30002-Patient not known here' });
    const mesh = await send('/api/v1/gpconnect/messages', gpBody());
    expect(() => ctx.sandbox.gpRoute.advance(mesh, 'completed')).toThrow(/still in MESH/);
    expect(ctx.sandbox.gpRoute.advance(mesh, 'mesh-rejected')).toMatchObject({ status: 'REJECTED', subStatus: 'EPL-153-ERROR_NHSNUMBER_NOT_FOUND' });
    const custom = await send('/api/v1/gpconnect/messages', gpBody());
    ctx.sandbox.gpRoute.advance(custom, { status: 'REJECTED', code: '20004', display: 'Non-Approved file type received as an attachment' });
    expect((await status(custom, 'gpconnect/messages')).body.subStatus).toBe('20004-Non-Approved file type received as an attachment');
  });

  it('EXPIRED with a null subStatus, by outcome or by the clock, only while in MESH', async () => {
    const byOutcome = await send('/api/v1/gpconnect/messages', gpBody());
    ctx.sandbox.gpRoute.advance(byOutcome, 'expired');
    expect((await status(byOutcome, 'gpconnect/messages')).body).toMatchObject({ status: 'EXPIRED', subStatus: null });
    const byClock = await send('/api/v1/gpconnect/messages', gpBody({ expiryDateTime: inFuture(1_000) }));
    const received = await send('/api/v1/gpconnect/messages', gpBody({ expiryDateTime: inFuture(1_000) }));
    ctx.sandbox.gpRoute.advance(received);
    clock.advance(1_000);
    expect((await status(byClock, 'gpconnect/messages')).body).toMatchObject({ status: 'EXPIRED', subStatus: null });
    expect((await status(received, 'gpconnect/messages')).body).toMatchObject({ status: 'PENDING', subStatus: '20013 - Success' });
    expect(() => ctx.sandbox.expire(received)).toThrow(SandboxError);
  });

  it('the toolbar does not handle GP-route messages, nor advance standard ones', async () => {
    const gp = await send('/api/v1/gpconnect/messages', gpBody());
    expect(() => ctx.sandbox.toolbar.import(gp)).toThrow(/gpRoute.advance/);
    const standard = await send('/api/v1/messages', standardBody());
    expect(() => ctx.sandbox.gpRoute.advance(standard)).toThrow(/not a GP-route message/);
  });
});

describe('inspection and reset', () => {
  it('listMessages keeps attachment content only as a hash', async () => {
    const id = await send('/api/v1/messages', standardBody());
    const [message] = ctx.sandbox.listMessages();
    expect(message).toMatchObject({ messageId: id, route: 'standard', status: 'PENDING' });
    expect(message?.attachments[0]).toMatchObject({ fileName: 'discharge.pdf', mimeType: 'application/pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string });
    expect(JSON.stringify(message?.request)).not.toContain('"content":"JVBER');
  });

  it('reset forgets messages, used ids and counters', async () => {
    const body = standardBody();
    await send('/api/v1/messages', body);
    ctx.sandbox.reset();
    expect(ctx.sandbox.listMessages()).toEqual([]);
    expect(ctx.sandbox.stats().requests).toBe(0);
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body })).status).toBe(200);
  });
});
