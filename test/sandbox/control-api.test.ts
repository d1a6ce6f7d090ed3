import { describe, expect, it } from 'vitest';
import { gpBody, problemOf, raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox();

/** A control call: no ApiKey, as a tool in another language would make it. */
const control = (method: string, path: string, body?: unknown) => raw(ctx.sandbox, method, `/_sandbox${path}`, { apiKey: null, ...(body === undefined ? {} : { body }) });

async function sent(path: string, body: Record<string, unknown>): Promise<string> {
  expect((await raw(ctx.sandbox, 'POST', path, { body })).status).toBe(200);
  return String(body.messageId);
}

describe('control API (/_sandbox/)', () => {
  it('GET /_sandbox describes the sandbox, keys included, for tools in other languages', async () => {
    const r = await control('GET', '');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      url: ctx.sandbox.url,
      apiKey: ctx.sandbox.apiKey,
      forbiddenApiKey: ctx.sandbox.forbiddenApiKey,
      recipients: ctx.sandbox.recipients,
      topics: ctx.sandbox.topics,
    });
  });

  it('drives a standard message: import, reject, fail, expire', async () => {
    const results: unknown[] = [];
    for (const action of ['toolbar/import', 'toolbar/reject', 'toolbar/fail', 'expire']) {
      const id = await sent('/api/v1/messages', standardBody());
      const r = await control('POST', `/${action}`, { messageId: id });
      expect(r.status).toBe(200);
      results.push((r.body as { status: string }).status);
    }
    expect(results).toEqual(['COMPLETED', 'REJECTED', 'FAILED', 'EXPIRED']);
  });

  it('advances the GP route, with an outcome', async () => {
    const id = await sent('/api/v1/gpconnect/messages', gpBody());
    expect((await control('POST', '/gp-route/advance', { messageId: id })).body).toMatchObject({ subStatus: '20013 - Success' });
    expect((await control('POST', '/gp-route/advance', { messageId: id, outcome: 'rejected' })).body).toMatchObject({ status: 'REJECTED' });
    const bad = await control('POST', '/gp-route/advance', { messageId: id, outcome: 'vanished' });
    expect(bad.status).toBe(400);
  });

  it('issues access codes, runs toolbars and revokes tokens', async () => {
    const { accessCode } = (await control('POST', '/access-codes', { user: 'dr-x' })).body as { accessCode: string };
    expect(accessCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const exchange = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode } });
    const { token } = exchange.body as { token: string };
    expect((await control('POST', '/toolbar/run', { user: 'dr-x', importFails: false })).status).toBe(204);
    expect((await control('POST', '/toolbar/stop', { user: 'dr-x' })).status).toBe(204);
    expect((await control('POST', '/tokens/revoke', { token })).status).toBe(204);
    const verify = await raw(ctx.sandbox, 'GET', '/api/v1/messages/instant/access/token', { headers: { 'Service-Instant-Access-Token': token } });
    expect(verify.status).toBe(410);
  });

  it('sets, reads and scripts faults', async () => {
    const put = await control('PUT', '/faults', { gpconnect503Rate: 0.25, retryAfterSeconds: 1 });
    expect(put.body).toEqual({ gpconnect503Rate: 0.25, retryAfterSeconds: 1 });
    expect((await control('GET', '/faults')).body).toEqual({ gpconnect503Rate: 0.25, retryAfterSeconds: 1 });
    await control('PUT', '/faults', {});
    expect((await control('POST', '/faults/fail-next', { operation: 'gpconnect.send', status: 503 })).status).toBe(204);
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody() })).status).toBe(503);
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody() })).status).toBe(200);
    const typo = await control('PUT', '/faults', { gpconnect503rate: 0.3 });
    expect(typo.status).toBe(400);
    expect(problemOf(typo).detail).toContain('gpconnect503rate');
  });

  it('lists messages and widgets, shows one message, gives stats, and resets', async () => {
    const id = await sent('/api/v1/messages', standardBody());
    expect(((await control('GET', '/messages')).body as unknown[]).length).toBe(1);
    expect((await control('GET', `/messages/${id}`)).body).toMatchObject({ messageId: id, status: 'PENDING' });
    expect((await control('GET', '/widgets')).body).toEqual([]);
    expect((await control('GET', '/stats')).body).toMatchObject({ requests: 1, sends: { [id]: { attempts: 1, accepted: 1, duplicates: 0 } } });
    expect((await control('POST', '/reset')).status).toBe(204);
    expect((await control('GET', '/messages')).body).toEqual([]);
  });

  it('answers 404 for unknown messages, 409 for a move from a terminal status, 400 for bad input, 405 for a wrong method', async () => {
    expect((await control('POST', '/toolbar/import', { messageId: crypto.randomUUID() })).status).toBe(404);
    expect((await control('GET', `/messages/${crypto.randomUUID()}`)).status).toBe(404);
    const id = await sent('/api/v1/messages', standardBody());
    await control('POST', '/toolbar/import', { messageId: id });
    const again = await control('POST', '/toolbar/reject', { messageId: id });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toBe('application/problem+json');
    expect((await control('POST', '/toolbar/import', {})).status).toBe(400);
    expect((await control('POST', '/toolbar/import', '[1]')).status).toBe(400);
    expect((await control('GET', '/reset')).status).toBe(405);
    expect((await control('GET', '/nothing')).status).toBe(404);
  });

  it('control requests are not counted and never meet faults', async () => {
    ctx.sandbox.setFaults({ resetBeforeRate: 1, internalErrorRate: 1 });
    expect((await control('GET', '/stats')).status).toBe(200);
    expect(ctx.sandbox.stats().requests).toBe(0);
  });
});
