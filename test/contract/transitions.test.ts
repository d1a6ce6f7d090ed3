import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/sandbox/index.js';
import { gpMessage, instantMessage, standardMessage, useSandbox } from './support.js';

const clock = manualClock();
const ctx = useSandbox({ clock: clock.now, instantImportDelayMs: 500, instantConversionMs: 30_000 });

const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

describe('contract: every status transition, read through the SDK', () => {
  it('standard: PENDING → COMPLETED (import)', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    expect((await cdms.messages.status(messageId)).status).toBe('PENDING');
    ctx.sandbox.toolbar.import(messageId);
    expect((await cdms.messages.status(messageId)).status).toBe('COMPLETED');
  });

  it('standard: PENDING → REJECTED (reject)', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    ctx.sandbox.toolbar.reject(messageId);
    expect((await cdms.messages.status(messageId)).status).toBe('REJECTED');
  });

  it('standard: PENDING → FAILED (import failure)', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    ctx.sandbox.toolbar.fail(messageId);
    expect((await cdms.messages.status(messageId)).status).toBe('FAILED');
  });

  it('standard: PENDING → EXPIRED (expiry passes), then 404 after the retention', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage({ expiryDateTime: later(60_000) }));
    clock.advance(60_000);
    expect((await cdms.messages.status(messageId)).status).toBe('EXPIRED');
    clock.advance(86_400_000);
    await expect(cdms.messages.status(messageId)).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  it('instant: PENDING → COMPLETED by the running toolbar', async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-a'));
    ctx.sandbox.toolbar.run('dr-a');
    const { messageId } = await cdms.instant.send(instantMessage(), { accessToken: token });
    expect((await cdms.messages.status(messageId)).status).toBe('PENDING');
    clock.advance(500);
    expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'COMPLETED' });
  });

  it("instant: import failure → PENDING 'Failed instant message import' → standard rules (import)", async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-b'));
    ctx.sandbox.toolbar.run('dr-b', { importFails: true });
    const { messageId } = await cdms.instant.send(instantMessage(), { accessToken: token });
    clock.advance(500);
    expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'PENDING', subStatus: 'Failed instant message import' });
    ctx.sandbox.toolbar.import(messageId);
    expect((await cdms.messages.status(messageId)).status).toBe('COMPLETED');
  });

  it('instant: toolbar not run in time → standard message → EXPIRED with a reason', async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-c'));
    const { messageId } = await cdms.instant.send(instantMessage({ expiryDateTime: later(120_000) }), { accessToken: token });
    clock.advance(30_000);
    const converted = await cdms.messages.status(messageId);
    expect(converted.status).toBe('PENDING');
    expect(converted.subStatus).toEqual(expect.any(String));
    clock.advance(90_000);
    const expired = await cdms.messages.status(messageId);
    expect(expired.status).toBe('EXPIRED');
    expect(expired.subStatus).toEqual(expect.any(String));
  });

  it("GP route: 'Sent to MESH' → '20013 - Success' → COMPLETED", async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.gpconnect.send(gpMessage());
    const seen = [await cdms.gpconnect.status(messageId)];
    ctx.sandbox.gpRoute.advance(messageId);
    seen.push(await cdms.gpconnect.status(messageId));
    ctx.sandbox.gpRoute.advance(messageId);
    seen.push(await cdms.gpconnect.status(messageId));
    expect(seen.map((s) => [s.status, s.subStatus])).toEqual([
      ['PENDING', 'Sent to MESH'],
      ['PENDING', '20013 - Success'],
      ['COMPLETED', '30001-Patient known here'],
    ]);
  });

  it('GP route: REJECTED by the practice (ITK3 code) and by MESH (EPL code)', async () => {
    const cdms = ctx.client();
    const itk = await cdms.gpconnect.send(gpMessage());
    ctx.sandbox.gpRoute.advance(itk.messageId, 'received');
    ctx.sandbox.gpRoute.advance(itk.messageId, 'rejected');
    expect(await cdms.gpconnect.status(itk.messageId)).toMatchObject({ status: 'REJECTED', subStatus: '30002-Patient not known here' });
    const mesh = await cdms.gpconnect.send(gpMessage());
    ctx.sandbox.gpRoute.advance(mesh.messageId, 'mesh-rejected');
    expect(await cdms.gpconnect.status(mesh.messageId)).toMatchObject({ status: 'REJECTED', subStatus: 'EPL-153-ERROR_NHSNUMBER_NOT_FOUND' });
  });

  it('GP route: EXPIRED with a null subStatus', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.gpconnect.send(gpMessage({ expiryDateTime: later(10_000) }));
    clock.advance(10_000);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'EXPIRED', subStatus: null });
  });

  it('waitForStatus sees the toolbar import', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    let polls = 0;
    const done = cdms.messages.waitForStatus(messageId, {
      intervalMs: 5,
      until: (s) => {
        polls += 1;
        if (polls === 2) ctx.sandbox.toolbar.import(messageId);
        return s.status === 'COMPLETED';
      },
    });
    await expect(done).resolves.toMatchObject({ status: 'COMPLETED' });
    expect(polls).toBe(3);
  });
});
