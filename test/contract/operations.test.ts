import { describe, expect, it } from 'vitest';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../../src/index.js';
import { gpMessage, instantMessage, standardMessage, useSandbox, widget } from './support.js';

const ctx = useSandbox();

describe('contract: the SDK against the sandbox over HTTP', () => {
  it('test: resolves with the full key', async () => {
    await expect(ctx.client().test()).resolves.toBeUndefined();
  });

  it('topics.list: returns the served topics', async () => {
    const topics = await ctx.client().topics.list();
    expect(topics.map((t) => t.topicName)).toEqual(ctx.sandbox.topics);
  });

  it('messages.send: stores the message PENDING and returns its status endpoint', async () => {
    const result = await ctx.client().messages.send(standardMessage());
    expect(result).toEqual({ messageId: result.messageId, statusEndpoint: `/api/v1/messages/${result.messageId}/status`, recovered: false });
    expect(ctx.sandbox.getMessage(result.messageId)).toMatchObject({ route: 'standard', status: 'PENDING', request: { topic: 'Discharge Summary' } });
  });

  it('messages.status: reads the status the sandbox holds', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    await expect(cdms.messages.status(messageId)).resolves.toMatchObject({ messageId, status: 'PENDING' });
  });

  it('tokens.exchange and tokens.verify: a code becomes a valid token', async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-a'));
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect(cdms.tokens.verify(token)).resolves.toBe(true);
  });

  it('instant.send: sends with the token header and is read on the standard status endpoint', async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-a'));
    const { messageId, statusEndpoint } = await cdms.instant.send(instantMessage(), { accessToken: token });
    expect(statusEndpoint).toBe(`/api/v1/messages/${messageId}/status`);
    expect(ctx.sandbox.getMessage(messageId)).toMatchObject({ route: 'instant', instantUser: 'dr-a' });
    expect(INSTANT_ACCESS_TOKEN_HEADER).toBe('Service-Instant-Access-Token');
  });

  it('gpconnect.send and gpconnect.status: PENDING Sent to MESH', async () => {
    const cdms = ctx.client();
    const { messageId, statusEndpoint } = await cdms.gpconnect.send(gpMessage());
    expect(statusEndpoint).toBe(`/api/v1/gpconnect/messages/${messageId}/status`);
    await expect(cdms.gpconnect.status(messageId)).resolves.toMatchObject({ messageId, status: 'PENDING', subStatus: 'Sent to MESH' });
    expect(ctx.sandbox.getMessage(messageId)?.request).toMatchObject({ type: 'GPConnectMessage', recipient: { id: { type: 'OdsOrganisationId' } } });
  });

  it('widgets.register: resolves on 204 and the sandbox holds the widget', async () => {
    await expect(ctx.client().widgets.register(widget({ encryptionMethod: 'A128CBC_HS256' }))).resolves.toBeUndefined();
    expect(ctx.sandbox.listWidgets()).toEqual([expect.objectContaining({ name: 'Referral Tracker', encryptionMethod: 'A128CBC_HS256' })]);
  });

  it('a message sent with its own messageId keeps it', async () => {
    const messageId = crypto.randomUUID();
    await expect(ctx.client().messages.send(standardMessage({ messageId }))).resolves.toMatchObject({ messageId });
  });
});
