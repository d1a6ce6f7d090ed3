import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConnectionError,
  InternalServerError,
  RequestAbortedError,
  ServiceUnavailableError,
  TimeoutError,
  RETRY_POLICIES,
  type LogFields,
  type Logger,
} from '../../src/index.js';
import { ACCESS_TOKEN, MESSAGE_ID, gpMessage, instantMessage, standardMessage, widget } from '../helpers/fixtures.js';
import { BASE, problem, recordingFetch, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

/** A problem that asks for an immediate retry, so tests do not sleep through backoff. */
const now = (status: number) => problem(status, { title: `S${status}` }, { 'Retry-After': '0' });

function recordingLogger() {
  const events: LogFields[] = [];
  const push = (fields: LogFields) => void events.push(fields);
  const logger: Logger = { debug: push, info: push, warn: push, error: push };
  return { logger, events };
}

const statusBody = { messageId: MESSAGE_ID, status: 'PENDING', updated: '2026-11-21T10:00:00Z' };

describe('retries', () => {
  describe('reads are retried on 500/502/503/504 up to maxRetries', () => {
    const reads: [string, string, () => Promise<unknown>][] = [
      ['test', '/api/v1/test', () => testClient().test()],
      ['topics.list', '/api/v1/topics', () => testClient().topics.list()],
      ['messages.status', `/api/v1/messages/${MESSAGE_ID}/status`, () => testClient().messages.status(MESSAGE_ID)],
      ['gpconnect.status', `/api/v1/gpconnect/messages/${MESSAGE_ID}/status`, () => testClient().gpconnect.status(MESSAGE_ID)],
      ['tokens.verify', '/api/v1/messages/instant/access/token', () => testClient().tokens.verify(ACCESS_TOKEN)],
    ];

    it.each(reads)('%s: four attempts then the error', async (_name, path, call) => {
      let attempts = 0; // counted here: `seen` leaves the topic list out (see test/helpers/msw.ts)
      server.use(http.get(`${BASE}${path}`, () => (attempts++, now(503))));
      await expect(call()).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(attempts).toBe(4);
    });

    it.each([500, 502, 504])('status %i is retried until success', async (status) => {
      let calls = 0;
      server.use(
        http.get(`${BASE}/api/v1/messages/:id/status`, () => (++calls < 3 ? now(status) : HttpResponse.json(statusBody))),
      );
      await expect(testClient().messages.status(MESSAGE_ID)).resolves.toEqual(statusBody);
      expect(seen).toHaveLength(3);
    });

    it.each([400, 401, 403, 404, 410, 418, 429])('status %i is never retried', async (status) => {
      server.use(http.get(`${BASE}/api/v1/messages/:id/status`, () => now(status)));
      await expect(testClient().messages.status(MESSAGE_ID)).rejects.toMatchObject({ status });
      expect(seen).toHaveLength(1);
    });

    it('maxRetries per request overrides the client', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, () => now(500)));
      await expect(testClient({ maxRetries: 5 }).test({ maxRetries: 1 })).rejects.toBeInstanceOf(InternalServerError);
      expect(seen).toHaveLength(2);
    });

    it('connection errors are retried', async () => {
      let calls = 0;
      server.use(http.get(`${BASE}/api/v1/test`, () => (++calls < 2 ? HttpResponse.error() : new HttpResponse(null, { status: 200 }))));
      await expect(testClient().test()).resolves.toBeUndefined();
      expect(seen).toHaveLength(2);
    });

    it('a persistent connection error ends as ConnectionError', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, () => HttpResponse.error()));
      const error = await testClient({ maxRetries: 0 }).test().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toMatch(/CDMS_BASE_URL/);
    });
  });

  describe('sends', () => {
    const sends: [string, string, () => Promise<unknown>][] = [
      ['messages.send', '/api/v1/messages', () => testClient().messages.send(standardMessage())],
      ['instant.send', '/api/v1/messages/instant', () => testClient().instant.send(instantMessage(), { accessToken: ACCESS_TOKEN })],
      ['tokens.exchange', '/api/v1/messages/instant/access/token', () => testClient().tokens.exchange('483-921')],
      ['widgets.register', '/api/v1/widgets', () => testClient().widgets.register(widget())],
    ];

    it.each(sends)('%s: a 503 is not retried', async (_name, path, call) => {
      server.use(http.post(`${BASE}${path}`, () => now(503)));
      await expect(call()).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(seen).toHaveLength(1);
    });

    it.each(sends.slice(2))('%s: a connection error is not retried', async (_name, path, call) => {
      server.use(http.post(`${BASE}${path}`, () => HttpResponse.error()));
      await expect(call()).rejects.toBeInstanceOf(ConnectionError);
      expect(seen).toHaveLength(1);
    });
  });

  describe('GP-route send', () => {
    it('retries 503 with the same messageId until accepted', async () => {
      let calls = 0;
      server.use(
        http.post(`${BASE}/api/v1/gpconnect/messages`, () =>
          ++calls < 3 ? now(503) : HttpResponse.json({ messageStatusEndpoint: `/api/v1/gpconnect/messages/${MESSAGE_ID}/status` }),
        ),
      );
      const { messageId: _omit, ...message } = gpMessage();
      const result = await testClient().gpconnect.send(message);
      expect(seen).toHaveLength(3);
      const ids = seen.map((r) => (r.body as { messageId: string }).messageId);
      expect(new Set(ids)).toEqual(new Set([result.messageId]));
    });

    it('gives up after maxRetries with ServiceUnavailableError, delivery not-sent', async () => {
      server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => now(503)));
      const error = await testClient({ maxRetries: 2 }).gpconnect.send(gpMessage()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ delivery: 'not-sent' });
      expect(seen).toHaveLength(3);
    });

    it.each([500, 400])('does not retry %i', async (status) => {
      server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => now(status)));
      await expect(testClient().gpconnect.send(gpMessage())).rejects.toMatchObject({ status });
      expect(seen).toHaveLength(1);
    });

    it('retries a connection never made (refused) without asking the status', async () => {
      let calls = 0;
      const refusingFetch: typeof fetch = async (input, init) => {
        if (++calls < 2) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        return recordingFetch(input, init);
      };
      server.use(http.post(`${BASE}/api/v1/gpconnect/messages`, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
      await expect(testClient({ fetch: refusingFetch }).gpconnect.send(gpMessage())).resolves.toMatchObject({ recovered: false });
      expect(calls).toBe(2);
      expect(seen.map((r) => r.method)).toEqual(['POST']);
    });
  });

  describe('Retry-After', () => {
    it('seconds: waits that long (seen in the retry log event)', async () => {
      let calls = 0;
      server.use(
        http.get(`${BASE}/api/v1/test`, () =>
          ++calls < 2 ? problem(503, {}, { 'Retry-After': '1' }) : new HttpResponse(null, { status: 200 }),
        ),
      );
      const { logger, events } = recordingLogger();
      await testClient({ logger }).test();
      expect(events.find((e) => e.event === 'retry')).toMatchObject({ delayMs: 1000, reason: 'status 503', attempt: 1 });
    });

    it('an HTTP date: waits until then', async () => {
      let calls = 0;
      server.use(
        http.get(`${BASE}/api/v1/test`, () =>
          ++calls < 2
            ? problem(503, {}, { 'Retry-After': new Date(Date.now() + 1500).toUTCString() })
            : new HttpResponse(null, { status: 200 }),
        ),
      );
      const { logger, events } = recordingLogger();
      await testClient({ logger }).test();
      const delayMs = events.find((e) => e.event === 'retry')?.delayMs as number;
      // toUTCString has whole seconds, so the wait is between 0.5 and 1.5 s.
      expect(delayMs).toBeGreaterThan(400);
      expect(delayMs).toBeLessThanOrEqual(1500);
    });

    it('longer than maxRetryAfterMs: gives up at once', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, () => problem(503, {}, { 'Retry-After': '120' })));
      await expect(testClient().test()).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(seen).toHaveLength(1);
    });

    it('without Retry-After: full-jitter backoff below the 500 ms base', async () => {
      let calls = 0;
      server.use(http.get(`${BASE}/api/v1/test`, () => (++calls < 2 ? problem(503, {}) : new HttpResponse(null, { status: 200 }))));
      const { logger, events } = recordingLogger();
      await testClient({ logger }).test();
      const delayMs = events.find((e) => e.event === 'retry')?.delayMs as number;
      expect(delayMs).toBeGreaterThanOrEqual(0);
      expect(delayMs).toBeLessThan(500);
    });
  });

  describe('timeouts and aborts', () => {
    it('a GET that times out is retried, then TimeoutError', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, async () => {
        await delay(500);
        return new HttpResponse(null, { status: 200 });
      }));
      const error = await testClient({ timeoutMs: 30, maxRetries: 1 }).test().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as Error).message).toContain('30 ms');
      expect(seen).toHaveLength(2);
    });

    it('a standard send that times out is not resent blindly: the status is asked first', async () => {
      let landed: Promise<void> | undefined;
      server.use(
        http.post(`${BASE}/api/v1/messages`, () => {
          landed = delay(500);
          return landed.then(() => HttpResponse.json({ messageStatusEndpoint: '/x' }));
        }),
        http.get(`${BASE}/api/v1/messages/:id/status`, () => problem(404, {})),
      );
      const error = await testClient().messages.send(standardMessage(), { timeoutMs: 30, maxRetries: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      // Not found yet, and no budget left to resend: but the attempt is still on its way, so unknown.
      expect(error).toMatchObject({ delivery: 'unknown' });
      expect(seen.map((r) => r.method)).toEqual(['POST', 'GET']);
      await landed;
    });

    it('an abort during the request rejects with RequestAbortedError', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, async () => {
        await delay(2000);
        return new HttpResponse(null, { status: 200 });
      }));
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('user gave up')), 20);
      const error = await testClient().test({ signal: controller.signal }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(seen).toHaveLength(1);
    });

    it('an abort during a backoff sleep ends it at once', async () => {
      server.use(http.get(`${BASE}/api/v1/test`, () => problem(503, {}, { 'Retry-After': '50' })));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      // Without the abort this would wait 50 s and blow the test timeout.
      const error = await testClient({ maxRetryAfterMs: 60_000 }).test({ signal: controller.signal }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(seen).toHaveLength(1);
    });

    it('an already aborted signal sends nothing', async () => {
      const error = await testClient().messages.send(standardMessage(), { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(error).toMatchObject({ delivery: 'not-sent' });
      expect(seen).toHaveLength(0);
    });
  });

  it('the policy table covers every operation and never retries non-idempotent sends', () => {
    expect(Object.keys(RETRY_POLICIES).sort()).toEqual(
      ['gpconnect.send', 'gpconnect.status', 'instant.send', 'messages.send', 'messages.status', 'test', 'tokens.exchange', 'tokens.verify', 'topics.list', 'widgets.register'],
    );
    for (const op of ['messages.send', 'instant.send', 'tokens.exchange', 'widgets.register'] as const) {
      expect(RETRY_POLICIES[op]).toEqual({ statuses: [], connectionErrors: 'none', timeouts: false });
    }
    expect(RETRY_POLICIES['gpconnect.send'].statuses).toEqual([503]);
  });

  it('a 400 is a BadRequestError on the first attempt', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => now(400)));
    await expect(testClient().test()).rejects.toBeInstanceOf(BadRequestError);
  });
});
