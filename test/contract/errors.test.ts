import { describe, expect, it } from 'vitest';
import {
  AccessTokenGoneError,
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  LocalValidationError,
  NotFoundError,
  PermissionDeniedError,
  ServiceUnavailableError,
} from '../../src/index.js';
import { EICAR_TEST_FILE_BASE64, MESSAGE_ID_USED_REASON } from '../../src/sandbox/index.js';
import { PATIENT } from '../sandbox/support.js';
import { gpMessage, standardMessage, useSandbox, widget } from './support.js';

const ctx = useSandbox();

const eicar = { mimeType: 'text/plain' as const, fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 };

describe('contract: every error status the spec lists, as the SDK sees it', () => {
  it('400: an unknown recipient (a check only the service can make) is a BadRequestError naming the field', async () => {
    const error: unknown = await ctx.client().messages.send(standardMessage({ recipient: { id: { type: 'OcsClientIdentifier', value: 'Z99999' } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, delivery: 'not-sent', invalidParameters: [{ name: 'recipient.id.value' }] });
    expect((error as BadRequestError).instance).toMatch(/^urn:uuid:/);
  });

  it('400: a reused messageId names messageId (already been used)', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    const error: unknown = await cdms.messages.send(standardMessage({ messageId })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).invalidParameters).toEqual([{ name: 'messageId', reason: MESSAGE_ID_USED_REASON }]);
  });

  it('400: the reused-messageId error says what to do once, not twice', async () => {
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    const { message } = (await cdms.messages.send(standardMessage({ messageId })).catch((e: unknown) => e)) as Error;
    expect(message).toContain('messageId: has already been used for another message.');
    expect(message.match(/query the status/gi)).toHaveLength(1);
    expect(message.match(/new messageId/gi)).toHaveLength(1);
  });

  it('400: the server answers what local validation would have caught, when the SDK is told to skip it', async () => {
    const bad = standardMessage({ subject: { id: { type: 'VerifiedNhsNumber', value: '9434765918' } } });
    await expect(ctx.client().messages.send(bad)).rejects.toBeInstanceOf(LocalValidationError);
    const error: unknown = await ctx.client().messages.send(bad, { skipLocalValidation: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).invalidParameters.map((p) => p.name)).toContain('subject.id.value');
    expect(String(error)).not.toContain('9434765918');
  });

  it('400 (virus scan): AttachmentContentRejectedError, then the SDK refuses to resend that content', async () => {
    const cdms = ctx.client();
    const error: unknown = await cdms.messages.send(standardMessage({ attachments: [eicar] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttachmentContentRejectedError);
    expect(error).toMatchObject({ status: 400, attachmentIndex: 0 });
    await expect(cdms.messages.send(standardMessage({ attachments: [eicar] }))).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
    expect(ctx.sandbox.stats().byOperation['messages.send']).toBe(1);
  });

  it('401: an unknown key is an AuthenticationError on every operation', async () => {
    const cdms = ctx.client({ apiKey: 'wrong-key' });
    const calls: (() => Promise<unknown>)[] = [
      () => cdms.test(),
      () => cdms.topics.list(),
      () => cdms.messages.send(standardMessage()),
      () => cdms.messages.status(crypto.randomUUID()),
      () => cdms.gpconnect.send(gpMessage()),
      () => cdms.gpconnect.status(crypto.randomUUID()),
      () => cdms.tokens.exchange('ABCD-EFGH'),
      () => cdms.tokens.verify(crypto.randomUUID()),
      () => cdms.widgets.register(widget()),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('403: the forbidden key is a PermissionDeniedError on sends, topics, tokens and widgets', async () => {
    const cdms = ctx.client({ apiKey: ctx.sandbox.forbiddenApiKey });
    const calls: (() => Promise<unknown>)[] = [
      () => cdms.topics.list(),
      () => cdms.messages.send(standardMessage()),
      () => cdms.instant.send(standardMessage(), { accessToken: crypto.randomUUID() }),
      () => cdms.gpconnect.send(gpMessage()),
      () => cdms.tokens.exchange('ABCD-EFGH'),
      () => cdms.tokens.verify(crypto.randomUUID()),
      () => cdms.widgets.register(widget()),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(cdms.test()).resolves.toBeUndefined();
  });

  it('404: an unknown message on either status endpoint is a NotFoundError', async () => {
    const cdms = ctx.client();
    await expect(cdms.messages.status(crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    await expect(cdms.gpconnect.status(crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    const { messageId } = await cdms.gpconnect.send(gpMessage());
    await expect(cdms.messages.status(messageId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('410: a revoked token verifies false (AccessTokenGoneError underneath)', async () => {
    const cdms = ctx.client();
    const token = await cdms.tokens.exchange(await ctx.sandbox.issueAccessCode('dr-a'));
    ctx.sandbox.revokeToken(token);
    await expect(cdms.tokens.verify(token)).resolves.toBe(false);
    expect(ctx.sandbox.stats().byStatus['410']).toBe(1);
    expect(AccessTokenGoneError.name).toBe('AccessTokenGoneError');
  });

  it('500: an internal error is an InternalServerError once the retries of a read are spent', async () => {
    ctx.sandbox.failNext({ operation: 'topics.list', status: 500, count: 2 });
    const error: unknown = await ctx.client({ maxRetries: 1 }).topics.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(ctx.sandbox.stats().byOperation['topics.list']).toBe(2);
  });

  it('500 on a read is retried: the next attempt succeeds', async () => {
    ctx.sandbox.failNext({ operation: 'messages.status', status: 500 });
    const cdms = ctx.client();
    const { messageId } = await cdms.messages.send(standardMessage());
    await expect(cdms.messages.status(messageId)).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('503: the GP route retries with the same messageId and succeeds; a persistent 503 is a ServiceUnavailableError', async () => {
    ctx.sandbox.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
    const { messageId } = await ctx.client().gpconnect.send(gpMessage());
    expect(ctx.sandbox.stats().sends[messageId]).toEqual({ attempts: 2, accepted: 1, duplicates: 0 });
    ctx.sandbox.setFaults({ gpconnect503Rate: 1, retryAfterSeconds: 0 });
    await expect(ctx.client({ maxRetries: 2 }).gpconnect.send(gpMessage())).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('no error carries the key or the patient data', async () => {
    const errors: unknown[] = [];
    const cdms = ctx.client({ apiKey: ctx.sandbox.forbiddenApiKey });
    errors.push(await cdms.gpconnect.send(gpMessage()).catch((e: unknown) => e));
    errors.push(await ctx.client().messages.send(standardMessage({ topic: 'Nope' }), { skipLocalValidation: true }).catch((e: unknown) => e));
    for (const error of errors) {
      const text = `${String(error)} ${JSON.stringify(error)}`;
      for (const secret of [ctx.sandbox.forbiddenApiKey, ...Object.values(PATIENT)]) expect(text).not.toContain(secret);
    }
  });
});
