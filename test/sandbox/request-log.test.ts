import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { PATIENT, instantBody, raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox();

describe('request log', () => {
  it('records each API request: time, method, path, operation, status, duration, messageId; control calls are not logged', async () => {
    const body = standardBody();
    await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body });
    await raw(ctx.sandbox, 'GET', `/api/v1/messages/${String(body.messageId)}/status?x=1`);
    await raw(ctx.sandbox, 'GET', '/_sandbox/messages', { apiKey: null });
    const log = ctx.sandbox.requests();
    expect(log.map((e) => [e.method, e.path, e.operation, e.status, e.messageId])).toEqual([
      ['POST', '/api/v1/messages', 'messages.send', 200, body.messageId],
      ['GET', `/api/v1/messages/${String(body.messageId)}/status`, 'messages.status', 200, body.messageId],
    ]);
    expect(log[0]).toMatchObject({ id: 1, outcome: 'answered', problem: undefined, faults: [], apiKey: `apiKey …${ctx.sandbox.apiKey.slice(-4)}` });
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(log[0]!.at)).not.toBeNaN();
  });

  it('keeps the problem title and the invalid fields of an error, never a body value', async () => {
    const body = standardBody({ recipient: { id: { type: 'OcsClientIdentifier', value: 'Z99999' } } });
    await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body });
    await raw(ctx.sandbox, 'GET', '/api/v1/topics', { apiKey: 'a-live-key-pasted-by-mistake-1234abcd' });
    await raw(ctx.sandbox, 'GET', '/api/v1/nothing');
    const [invalid, unauthorised, unknown] = ctx.sandbox.requests();
    expect(invalid).toMatchObject({ status: 400, problem: { title: 'Request Validation Error' } });
    expect(invalid!.problem?.invalidParameters?.map((p) => p.name)).toEqual(['recipient.id.value']);
    expect(unauthorised).toMatchObject({ status: 401, problem: { title: 'Unauthorized' }, apiKey: 'unrecognised …abcd' });
    expect(unknown).toMatchObject({ status: 404, operation: undefined });
    const text = JSON.stringify(ctx.sandbox.requests());
    for (const secret of ['a-live-key-pasted-by-mistake', ctx.sandbox.apiKey, PATIENT.nhsNumber, PATIENT.family, 'JVBERi0']) expect(text).not.toContain(secret);
  });

  it('masks the access token of instant requests', async () => {
    const code = await ctx.sandbox.issueAccessCode('dr-log');
    const { token } = (await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } })).body as { token: string };
    await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', { body: instantBody(), headers: { 'Service-Instant-Access-Token': token } });
    const entry = ctx.sandbox.requests().at(-1)!;
    expect(entry).toMatchObject({ operation: 'instant.send', status: 200, accessToken: `…${token.slice(-4)}` });
    expect(JSON.stringify(ctx.sandbox.requests())).not.toContain(token);
  });

  it('notes injected faults, and connections reset without an answer', async () => {
    ctx.sandbox.setFaults({ resetBeforeRate: 1, operations: ['topics.list'] });
    await raw(ctx.sandbox, 'GET', '/api/v1/topics').catch(() => undefined);
    ctx.sandbox.setFaults({});
    ctx.sandbox.failNext({ operation: 'test', status: 500 });
    await raw(ctx.sandbox, 'GET', '/api/v1/test');
    const [reset, failed] = ctx.sandbox.requests();
    expect(reset).toMatchObject({ status: undefined, outcome: 'reset before processing', faults: ['resetBefore'] });
    expect(failed).toMatchObject({ status: 500, faults: ['internalError'], problem: { title: 'Internal Server Error' } });
  });

  it('is served at GET /_sandbox/requests and emptied by reset', async () => {
    await raw(ctx.sandbox, 'GET', '/api/v1/test');
    const served = await raw(ctx.sandbox, 'GET', '/_sandbox/requests', { apiKey: null });
    expect(served.body).toEqual(ctx.sandbox.requests());
    ctx.sandbox.reset();
    expect(ctx.sandbox.requests()).toEqual([]);
  });

  it('is a ring buffer of requestLogSize entries whose ids keep counting', async () => {
    const small = await startSandbox({ port: 0, requestLogSize: 3 });
    try {
      for (let i = 0; i < 7; i++) await raw(small, 'GET', '/api/v1/test');
      expect(small.requests().map((e) => e.id)).toEqual([5, 6, 7]);
    } finally {
      await small.close();
    }
  });
});
