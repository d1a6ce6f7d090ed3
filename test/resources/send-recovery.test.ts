import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  ServiceUnavailableError,
  TimeoutError,
  type LogFields,
  type Logger,
} from '../../src/index.js';
import { MESSAGE_ID, gpMessage, instantMessage, ACCESS_TOKEN, standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, recordingFetch, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();
const SEND = `${BASE}/api/v1/messages`;
const STATUS = `${BASE}/api/v1/messages/:id/status`;
const accepted = () => HttpResponse.json({ messageStatusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status` });
const pending = () => HttpResponse.json({ messageId: MESSAGE_ID, status: 'PENDING', updated: '2026-11-21T10:00:00Z' });
const notFound = () => problem(404, { title: 'Not Found' });
const duplicate = () => problem(400, { invalidParameters: [{ name: 'messageId', reason: 'messageId has already been used' }] });
const trail = () => seen.map((r) => `${r.method} ${r.url.pathname.replace(MESSAGE_ID, 'ID')}`);

function events() {
  const list: LogFields[] = [];
  const push = (f: LogFields) => void list.push(f);
  const logger: Logger = { debug: push, info: push, warn: push, error: push };
  return { logger, list };
}

describe('send recovery', () => {
  it('send: a timeout whose message the service holds resolves as recovered', async () => {
    server.use(
      http.post(SEND, async () => {
        await delay(400);
        return accepted();
      }),
      http.get(STATUS, pending),
    );
    const { logger, list } = events();
    const result = await testClient({ logger }).messages.send(standardMessage(), { timeoutMs: 30 });
    expect(result).toEqual({ messageId: MESSAGE_ID, statusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status`, recovered: true });
    expect(trail()).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages/ID/status']);
    expect(list.some((e) => e.event === 'recovered' && e.messageId === MESSAGE_ID)).toBe(true);
  });

  it('send: a dropped connection, then 404 on the status, resends with the same messageId', async () => {
    let sends = 0;
    server.use(
      http.post(SEND, () => (++sends === 1 ? HttpResponse.error() : accepted())),
      http.get(STATUS, notFound),
    );
    const result = await testClient().messages.send(standardMessage());
    expect(result.recovered).toBe(false);
    expect(trail()).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages/ID/status', 'POST /api/v1/messages']);
    expect(seen.filter((r) => r.method === 'POST').map((r) => (r.body as { messageId: string }).messageId)).toEqual([MESSAGE_ID, MESSAGE_ID]);
  });

  it('send: a resend refused as a duplicate after an unclear attempt looks the status up again', async () => {
    let sends = 0;
    let lookups = 0;
    server.use(
      http.post(SEND, () => (++sends === 1 ? HttpResponse.error() : duplicate())),
      http.get(STATUS, () => (++lookups === 1 ? notFound() : pending())),
    );
    const result = await testClient().messages.send(standardMessage());
    expect(result.recovered).toBe(true);
    expect(trail()).toEqual([
      'POST /api/v1/messages',
      'GET /api/v1/messages/ID/status',
      'POST /api/v1/messages',
      'GET /api/v1/messages/ID/status',
    ]);
  });

  it("send: a duplicate messageId on the first attempt is the caller's clash, not a recovery", async () => {
    server.use(http.post(SEND, duplicate));
    await expect(testClient().messages.send(standardMessage())).rejects.toBeInstanceOf(BadRequestError);
    expect(trail()).toEqual(['POST /api/v1/messages']);
  });

  it('send: when every attempt drops, ends after the budget with delivery unknown (a dropped request may still arrive)', async () => {
    server.use(http.post(SEND, () => HttpResponse.error()), http.get(STATUS, notFound));
    const error = await testClient({ maxRetries: 2 }).messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ delivery: 'unknown' });
    expect((error as Error).message).toMatch(/may still reach the service/);
    expect(trail().filter((t) => t.startsWith('POST'))).toHaveLength(3);
  });

  it('send: an unknown outcome names the messageId the SDK generated, the one the status was asked for, so the caller can look it up', async () => {
    server.use(http.post(SEND, () => HttpResponse.error()), http.get(STATUS, notFound));
    const { messageId: _given, ...withoutId } = standardMessage();
    const error = await testClient({ maxRetries: 0 }).messages.send(withoutId).catch((e: unknown) => e);
    expect(error).toMatchObject({ delivery: 'unknown', messageId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const asked = seen.filter((r) => r.method === 'GET').map((r) => r.url.pathname.split('/').at(-2));
    expect(asked).toEqual([(error as { messageId: string }).messageId]);
  });

  it('send: when the status lookup fails too, the outcome stays unknown', async () => {
    server.use(http.post(SEND, () => HttpResponse.error()), http.get(STATUS, () => problem(401, {})));
    const error = await testClient().messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ delivery: 'unknown' });
    expect(trail()).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages/ID/status']);
  });

  it('send: a connection refused outright is not-sent and needs no lookup', async () => {
    const refusing: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }));
    const error = await testClient({ fetch: refusing }).messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ delivery: 'not-sent', connected: false });
  });

  it('instant send: recovers through the standard status endpoint', async () => {
    server.use(
      http.post(`${BASE}/api/v1/messages/instant`, () => HttpResponse.error()),
      http.get(STATUS, pending),
    );
    await expect(testClient().instant.send(instantMessage(), { accessToken: ACCESS_TOKEN })).resolves.toMatchObject({ recovered: true });
  });

  it('GP-route send: 503, then a dropped connection, then 404, then accepted', async () => {
    const answers = [() => problem(503, {}, { 'Retry-After': '0' }), () => HttpResponse.error(), () => HttpResponse.json({ messageStatusEndpoint: '/g' })];
    server.use(
      http.post(`${BASE}/api/v1/gpconnect/messages`, () => answers.shift()!()),
      http.get(`${BASE}/api/v1/gpconnect/messages/:id/status`, notFound),
    );
    const result = await testClient().gpconnect.send(gpMessage());
    expect(result).toMatchObject({ messageId: MESSAGE_ID, recovered: false });
    expect(trail()).toEqual([
      'POST /api/v1/gpconnect/messages',
      'POST /api/v1/gpconnect/messages',
      'GET /api/v1/gpconnect/messages/ID/status',
      'POST /api/v1/gpconnect/messages',
    ]);
  });

  it('GP-route send: 503 retries of one request stop at maxRetries', async () => {
    server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => problem(503, {}, { 'Retry-After': '0' })));
    await expect(testClient({ maxRetries: 2 }).gpconnect.send(gpMessage())).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(trail()).toHaveLength(3);
  });

  it('GP-route send: a retry that cannot start before deadlineMs is not started', async () => {
    server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => problem(503, {}, { 'Retry-After': '2' })));
    const error = await testClient().gpconnect.send(gpMessage(), { deadlineMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(trail()).toHaveLength(1);
  });

  it('deadlineMs shortens the attempt timeout', async () => {
    server.use(
      http.get(`${BASE}/api/v1/test`, async () => {
        await delay(2000);
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const error = await testClient({ fetch: recordingFetch }).test({ deadlineMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe('delivery on every send failure', () => {
  it('an abort during the 503 backoff of a GP-route send says not-sent (the 503 was a refusal)', async () => {
    server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => problem(503, {}, { 'Retry-After': '30' })));
    const error = await testClient({ maxRetryAfterMs: 60_000 })
      .gpconnect.send(gpMessage(), { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RequestAbortedError', delivery: 'not-sent' });
  });

  it('an abort during the pause before a resend says unknown (the status said 404, but the first attempt may still arrive)', async () => {
    server.use(http.post(SEND, () => HttpResponse.error()), http.get(STATUS, notFound));
    const controller = new AbortController();
    // Abort exactly when the SDK announces the resend, i.e. as its pause begins.
    const logger: Logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (f) => f.event === 'resend' && controller.abort() };
    const error = await testClient({ logger }).messages.send(standardMessage(), { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RequestAbortedError', delivery: 'unknown' });
    expect(trail()).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages/ID/status']);
  });

  it.each([
    [{ headers: { 'X-Bad': 'a\nb' } }, /line break/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ timeoutMs: Number.NaN }, /timeoutMs/],
    [{ deadlineMs: -5 }, /deadlineMs/],
    [{ maxRetries: 1.5 }, /maxRetries/],
    [{ maxRetries: -1 }, /maxRetries/],
  ])('per-call options %j are refused before sending, with delivery not-sent', async (options, message) => {
    const error = await testClient().messages.send(standardMessage(), options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ delivery: 'not-sent' });
    expect((error as Error).message).toMatch(message);
    expect(seen).toHaveLength(0);
  });
});
