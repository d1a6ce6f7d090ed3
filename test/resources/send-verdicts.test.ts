import { delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AttachmentContentRejectedError,
  BadRequestError,
  CdmsError,
  ConnectionError,
  InternalServerError,
  RequestAbortedError,
  ServiceUnavailableError,
  TimeoutError,
  type CdmsClient,
  type Delivery,
  type Logger,
  type SendOptions,
  type SendResult,
} from '../../src/index.js';
import { ACCESS_TOKEN, MESSAGE_ID, gpMessage, instantMessage, standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, recordingFetch, testClient, useMswServer } from '../helpers/msw.js';

// The verdict of a send, path by path. The rule: once an attempt may have
// reached the service, the send ends in confirmed success or `unknown`; a 404
// from the status endpoint while that attempt may still be on its way proves
// nothing. `not-sent` only when no attempt can have arrived, or the service's
// answer refuses every attempt of the message alike. And the text always says
// what the field says.
//
// The service here is a model: a send "lands" (is held) when its handler
// finishes, even after the client gave up on it, as a request held up in a
// slow network does.

const { server, seen, http, HttpResponse } = useMswServer();

// The pause before a resend draws its length at random (0 to 0.5 s first): made 0 here, so a late
// attempt's landing time, not the draw, decides whether a lookup can see it.
beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
afterEach(() => void vi.restoreAllMocks());

/**
 * How long a "late" send takes to land: far beyond every timeout, lookup and pause of a test, even
 * on a loaded machine, so that every lookup before it answers 404.
 */
const LATE_MS = 800;

type Route = 'standard' | 'instant' | 'gpconnect';
const ROUTES: readonly Route[] = ['standard', 'instant', 'gpconnect'];
const SEND: Record<Route, string> = {
  standard: `${BASE}/api/v1/messages`,
  instant: `${BASE}/api/v1/messages/instant`,
  gpconnect: `${BASE}/api/v1/gpconnect/messages`,
};
const STATUS: Record<Route, string> = {
  standard: `${BASE}/api/v1/messages/:id/status`,
  instant: `${BASE}/api/v1/messages/:id/status`,
  gpconnect: `${BASE}/api/v1/gpconnect/messages/:id/status`,
};

const MAYBE_DELIVERED = /may (have reached|still reach) the service/;
const IN_FLIGHT = /may still reach the service/;

/** Fails unless the error is a CdmsError whose `delivery` is `expected` and whose text agrees. */
function expectVerdict(error: unknown, expected: Delivery): CdmsError {
  expect(error).toBeInstanceOf(CdmsError);
  const e = error as CdmsError;
  expect(e.delivery).toBe(expected);
  if (expected === 'unknown') expect(e.message).toMatch(MAYBE_DELIVERED);
  else expect(e.message).not.toMatch(MAYBE_DELIVERED);
  return e;
}

/** The model service: which messageIds it holds, and the sends still on their way. */
function service(route: Route) {
  const held = new Set<string>();
  const landing: Promise<unknown>[] = [];
  const accepted = () => HttpResponse.json({ messageStatusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status` });
  const status = http.get(STATUS[route], ({ params }) =>
    held.has(String(params.id)) ? HttpResponse.json({ messageId: MESSAGE_ID, status: 'PENDING', updated: '2026-11-21T10:00:00Z' }) : problem(404, {}),
  );
  /** A send that reaches the service after `ms` (long after a short timeout), then is held. */
  const late = (ms: number) => () => {
    const arrival = delay(ms).then(() => {
      held.add(MESSAGE_ID);
    });
    landing.push(arrival);
    return arrival.then(accepted);
  };
  /** A send the service takes at once. */
  const prompt = () => {
    held.add(MESSAGE_ID);
    return accepted();
  };
  /** Waits for every send on its way to land. */
  const settled = () => Promise.all(landing);
  return { held, status, late, prompt, settled };
}

/** One handler per POST, in order; the last one repeats. */
function posts(route: Route, ...answers: (() => Response | Promise<Response>)[]) {
  let n = 0;
  return http.post(SEND[route], () => answers[Math.min(n++, answers.length - 1)]!());
}

function send(client: CdmsClient, route: Route, options: SendOptions = {}): Promise<SendResult> {
  if (route === 'standard') return client.messages.send(standardMessage(), options);
  if (route === 'instant') return client.instant.send(instantMessage(), { ...options, accessToken: ACCESS_TOKEN });
  return client.gpconnect.send(gpMessage(), options);
}

const postsSeen = () => seen.filter((r) => r.method === 'POST').length;
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('the send should have failed'), (e: unknown) => e);

/** A logger that calls `then` when the SDK announces a resend, that is, as its pause begins. */
const onResend = (then: () => void): Logger => ({ debug: () => undefined, info: () => undefined, error: () => undefined, warn: (f) => void (f.event === 'resend' && then()) });

describe.each(ROUTES)('%s route: after an attempt that may have arrived', (route) => {
  it('a resend after 404 that the service accepts: sent', async () => {
    const s = service(route);
    server.use(posts(route, s.late(LATE_MS), s.prompt), s.status);
    const result = await send(testClient(), route, { timeoutMs: 30 });
    expect(result).toMatchObject({ messageId: MESSAGE_ID, recovered: false });
    expect(postsSeen()).toBe(2);
  });

  it('a resend answered "messageId already used": the earlier attempt arrived, recovered', async () => {
    const s = service(route);
    const used = () => problem(400, { invalidParameters: [{ name: 'messageId', reason: 'has already been used for another message' }] });
    server.use(posts(route, s.late(60), async () => (await s.settled(), used())), s.status);
    const result = await send(testClient(), route, { timeoutMs: 30 });
    expect(result).toMatchObject({ messageId: MESSAGE_ID, recovered: true });
  });

  it('resends time out again until the budget runs out: unknown, and the 404s were no proof', async () => {
    const s = service(route);
    server.use(posts(route, s.late(LATE_MS)), s.status);
    const error = expectVerdict(await failure(send(testClient(), route, { timeoutMs: 30, maxRetries: 1 })), 'unknown');
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(postsSeen()).toBe(2);
    await s.settled();
    expect(s.held.has(MESSAGE_ID)).toBe(true); // the "not found" message was delivered after all
  });

  it('with maxRetries 0: one attempt, a 404, then unknown', async () => {
    const s = service(route);
    server.use(posts(route, s.late(LATE_MS)), s.status);
    const error = expectVerdict(await failure(send(testClient(), route, { timeoutMs: 30, maxRetries: 0 })), 'unknown');
    expect(error.message).toMatch(IN_FLIGHT);
    expect(seen.map((r) => r.method)).toEqual(['POST', 'GET']);
    await s.settled();
    expect(s.held.has(MESSAGE_ID)).toBe(true);
  });

  it('the deadline runs out after a 404: unknown', async () => {
    const s = service(route);
    server.use(posts(route, s.late(LATE_MS)), s.status);
    const error = expectVerdict(await failure(send(testClient(), route, { timeoutMs: 40, deadlineMs: 120, maxRetries: 10 })), 'unknown');
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(IN_FLIGHT);
  });

  it('the caller aborts during the pause before a resend: unknown', async () => {
    const s = service(route);
    server.use(posts(route, s.late(LATE_MS)), s.status);
    const controller = new AbortController();
    const client = testClient({ logger: onResend(() => controller.abort()) });
    const error = expectVerdict(await failure(send(client, route, { timeoutMs: 30, signal: controller.signal })), 'unknown');
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(postsSeen()).toBe(1);
  });

  it('the caller aborts during the status lookup: unknown', async () => {
    const s = service(route);
    const controller = new AbortController();
    const slowStatus = http.get(STATUS[route], async () => {
      controller.abort();
      await delay(500);
      return problem(404, {});
    });
    server.use(posts(route, s.late(LATE_MS)), slowStatus);
    const error = expectVerdict(await failure(send(testClient(), route, { timeoutMs: 30, signal: controller.signal })), 'unknown');
    expect(postsSeen()).toBe(1);
    expect(error.message).not.toMatch(/was not sent/);
  });

  it.each([
    ['a 400 on the body itself: not-sent (the same body is refused every time)', [{ name: 'recipient.id.value', reason: 'is not an organisation that uses the service' }], 'not-sent', BadRequestError],
    ['the virus scan rejecting its attachment: not-sent (the same bytes fail every time)', [{ name: 'attachments[0].content', reason: 'failed the virus scan' }], 'not-sent', AttachmentContentRejectedError],
    ['a 400 because the expiry has passed meanwhile: unknown (the first attempt may have arrived in time)', [{ name: 'expiryDateTime', reason: 'must be in the future' }], 'unknown', BadRequestError],
    ['a 400 on the access token: unknown (it may have expired since the first attempt)', [{ name: 'Service-Instant-Access-Token', reason: 'is not a valid access token' }], 'unknown', BadRequestError],
    ['a 400 that names no field: unknown (nothing says it holds for every attempt)', [], 'unknown', BadRequestError],
    ['a 400 naming $.expiryDateTime (a JSONPath): unknown, as for expiryDateTime', [{ name: '$.expiryDateTime', reason: 'must be in the future' }], 'unknown', BadRequestError],
    ['a 400 naming $.messageId: unknown (it may be taken by the first attempt)', [{ name: '$.MessageId', reason: 'has an unexpected value' }], 'unknown', BadRequestError],
    ['a 400 naming $.recipient.id.value (a JSONPath on the body): not-sent', [{ name: '$.recipient.id.value', reason: 'is not an organisation that uses the service' }], 'not-sent', BadRequestError],
    ['a 400 naming a body field and the expiry: unknown (one of them depends on the attempt)', [{ name: 'recipient.id.value', reason: 'is unknown' }, { name: 'expiryDateTime', reason: 'must be in the future' }], 'unknown', BadRequestError],
  ] as const)('a resend refused with %s', async (_, invalidParameters, delivery, errorClass) => {
    server.use(posts(route, () => HttpResponse.error(), () => problem(400, { invalidParameters })), service(route).status);
    const error = expectVerdict(await failure(send(testClient(), route)), delivery);
    expect(error).toBeInstanceOf(errorClass);
    if (delivery === 'unknown') expect(error.message).toMatch(IN_FLIGHT);
  });

  it('a resend whose connection is refused: unknown, and the text no longer says "not sent"', async () => {
    let sends = 0;
    const refusingSecond: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && ++sends >= 2) {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      }
      return recordingFetch(request);
    };
    server.use(posts(route, () => HttpResponse.error()), service(route).status);
    const error = expectVerdict(await failure(send(testClient({ fetch: refusingSecond, maxRetries: 1 }), route)), 'unknown');
    expect(error).toMatchObject({ name: 'ConnectionError', connected: false });
    expect(error.message).not.toMatch(/was not sent/);
  });

  it('"messageId already used" on a resend, then another 404: the service contradicts itself, so resending stops, unknown', async () => {
    const used = () => problem(400, { invalidParameters: [{ name: 'messageId', reason: 'has already been used for another message' }] });
    server.use(posts(route, () => HttpResponse.error(), used), service(route).status);
    const error = expectVerdict(await failure(send(testClient({ maxRetries: 3 }), route)), 'unknown');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(seen.map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'GET']);
  });

  it('a lookup that fails too: unknown', async () => {
    server.use(posts(route, () => HttpResponse.error()), http.get(STATUS[route], () => problem(401, {})));
    const error = expectVerdict(await failure(send(testClient(), route)), 'unknown');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).not.toMatch(IN_FLIGHT); // no lookup said 404
  });
});

describe.each(ROUTES)('%s route: the pause before a resend, at the top of its random draw', (route) => {
  // The draw near 1: the first pause is 499 ms, longer than what is left of a 450 ms deadline.
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0.999_999));

  it('a pause that would end past the deadline is not started: no resend, unknown', async () => {
    server.use(posts(route, () => HttpResponse.error()), service(route).status);
    let resends = 0;
    const client = testClient({ maxRetries: 3, logger: onResend(() => resends++) });
    const error = expectVerdict(await failure(send(client, route, { deadlineMs: 450 })), 'unknown');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(resends).toBe(0);
    expect(postsSeen()).toBe(1);
  });

  it('without a deadline the same pause is waited and the resend made', async () => {
    const s = service(route);
    server.use(posts(route, () => HttpResponse.error(), s.prompt), s.status);
    let resends = 0;
    const result = await send(testClient({ logger: onResend(() => resends++) }), route);
    expect(result).toMatchObject({ messageId: MESSAGE_ID, recovered: false });
    expect(resends).toBe(1);
  });
});

describe('GP route: 503s on a resend', () => {
  it('a resend met by 503 until its retries run out: unknown, since the first attempt may still arrive', async () => {
    const s = service('gpconnect');
    const unavailable = () => problem(503, {}, { 'Retry-After': '0' });
    server.use(posts('gpconnect', s.late(LATE_MS), unavailable), s.status);
    const error = expectVerdict(await failure(send(testClient({ maxRetries: 1 }), 'gpconnect', { timeoutMs: 30 })), 'unknown');
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.message).toMatch(IN_FLIGHT);
    await s.settled();
    expect(s.held.has(MESSAGE_ID)).toBe(true);
  });

  it('503s alone, with nothing else before them: not-sent (the route handed nothing on)', async () => {
    server.use(posts('gpconnect', () => problem(503, {}, { 'Retry-After': '0' })));
    const error = expectVerdict(await failure(send(testClient({ maxRetries: 1 }), 'gpconnect')), 'not-sent');
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(postsSeen()).toBe(2);
  });
});

describe('a first attempt, on its own', () => {
  it.each(ROUTES)('%s: a connection refused before connecting: not-sent, no lookup', async (route) => {
    const refusing: typeof fetch = () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }));
    const error = expectVerdict(await failure(send(testClient({ fetch: refusing }), route)), 'not-sent');
    expect(error).toMatchObject({ connected: false });
  });

  it.each(ROUTES)('%s: a connection reset once made (ECONNRESET): looked up rather than resent, and found there: recovered', async (route) => {
    let posted = 0;
    const resetting: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'POST') return recordingFetch(request);
      posted++;
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    };
    const s = service(route);
    s.held.add(MESSAGE_ID); // the request arrived before the connection dropped
    server.use(s.status);
    const result = await send(testClient({ fetch: resetting }), route);
    expect(result).toMatchObject({ messageId: MESSAGE_ID, recovered: true });
    expect(posted).toBe(1);
  });

  it.each(ROUTES)('%s: a 400 on the first attempt: not-sent', async (route) => {
    server.use(posts(route, () => problem(400, { invalidParameters: [{ name: 'topic', reason: 'is not one of the topics' }] })));
    expectVerdict(await failure(send(testClient(), route)), 'not-sent');
  });

  it('a 500: unknown, and the text says to look the status up', async () => {
    server.use(posts('standard', () => problem(500, {})));
    const error = expectVerdict(await failure(send(testClient(), 'standard')), 'unknown');
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('an abort while the request is out: unknown, and the text says so', async () => {
    server.use(
      posts('standard', async () => {
        await delay(500);
        return HttpResponse.json({ messageStatusEndpoint: '/x' });
      }),
    );
    const error = expectVerdict(await failure(send(testClient(), 'standard', { signal: AbortSignal.timeout(50) })), 'unknown');
    expect(error).toBeInstanceOf(RequestAbortedError);
  });

  it('an abort before the request starts: not-sent', async () => {
    const error = expectVerdict(await failure(send(testClient(), 'standard', { signal: AbortSignal.abort() })), 'not-sent');
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(postsSeen()).toBe(0);
  });
});
