// The send pipeline's recovery and verdicts (send-message.ts, send-recovery.ts)
// against a scripted service in this process: each answer is given at once
// (a reset connection, a refused one, a 404, a 400 naming fields), so the
// whole file runs in about a second. The same rules are tested against a
// model service with slow networks in send-verdicts.test.ts and
// send-recovery.test.ts; this file is what the mutation run of the `send`
// module runs against each mutant (decision D-TEST-05), where those files'
// real waits would cost a minute a mutant.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  ApiError,
  BadRequestError,
  CdmsClient,
  CdmsError,
  ConnectionError,
  LocalValidationError,
  RequestAbortedError,
  TimeoutError,
  type CdmsClientOptions,
  type Delivery,
  type LogFields,
  type Logger,
} from '../../src/index.js';
import { ACCESS_TOKEN, MESSAGE_ID, PATIENT, gpMessage, instantMessage, standardMessage } from '../helpers/fixtures.js';
import { API_KEY, BASE } from '../helpers/msw.js';
import { isAmbiguous } from '../../src/resources/send-recovery.js';
import { spansNamed, telemetryHarness, type TelemetryHarness } from '../helpers/telemetry.js';

/** What the scripted service does with one request. */
type Answer = (request: Request) => Response | Promise<Response>;

const problemOf = (status: number, body: Record<string, unknown>): Answer => () =>
  new Response(JSON.stringify({ status, ...body }), { status, headers: { 'Content-Type': 'application/problem+json' } });
const networkFailure = (code: string): Answer => () =>
  Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) }));
/** The connection was made, then dropped: the request may have arrived. */
const reset = networkFailure('ECONNRESET');
/** No connection was ever made: nothing can have arrived. */
const refused = networkFailure('ECONNREFUSED');
/** No answer until the client gives up (its timeout or the caller's abort). */
const hang: Answer = (request) =>
  new Promise((_, reject) => {
    if (request.signal.aborted) reject(request.signal.reason as Error);
    request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true });
  });
const accepted: Answer = () => Response.json({ messageStatusEndpoint: '/api/v1/messages/from-the-service/status' });
const found: Answer = () => Response.json({ messageId: MESSAGE_ID, status: 'PENDING', updated: '2026-11-21T10:00:00Z' });
const notFound = problemOf(404, { title: 'Not Found' });
const refusedWith = (...invalidParameters: { name: string; reason: string }[]) => problemOf(400, { invalidParameters });
const alreadyUsed = refusedWith({ name: 'messageId', reason: 'messageId has already been used' });

const MAYBE_DELIVERED = /may (have reached|still reach) the service/;
const IN_FLIGHT = /may still reach the service/;
const NOT_SENT = /was not sent/;

/**
 * A service answering each send and each status lookup from its script, in
 * order (the last answer repeats), and the topic list with `topics`. `calls`
 * lists the sends and lookups as `POST` and `GET`.
 */
function service(script: { post: Answer[]; status?: Answer[]; topics?: readonly string[] | 'unavailable' }) {
  const calls: string[] = [];
  const requests: Request[] = [];
  const bodies: string[] = [];
  let posts = 0;
  let lookups = 0;
  const pick = (answers: Answer[], n: number): Answer => answers[Math.min(n, answers.length - 1)]!;
  const fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method === 'GET' && request.url.endsWith('/api/v1/topics')) {
      if (script.topics === 'unavailable') return problemOf(500, {})(request);
      return Response.json((script.topics ?? []).map((topicName) => ({ topicName })));
    }
    calls.push(request.method);
    requests.push(request);
    if (request.method === 'POST') {
      bodies.push(await request.clone().text());
      return pick(script.post, posts++)(request);
    }
    return pick(script.status ?? [notFound], lookups++)(request);
  };
  return { fetch, calls, requests, bodies };
}

let otel: TelemetryHarness;
beforeEach(() => {
  otel = telemetryHarness();
  // The pause before a resend is 0 ms unless a test draws otherwise.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await otel.shutdown();
});

function client(fetch: typeof globalThis.fetch, options: CdmsClientOptions = {}): CdmsClient {
  return new CdmsClient({ baseUrl: BASE, apiKey: API_KEY, fetch, tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider, ...options });
}

/** The recovery outcome the send's span recorded, if any. */
function recoveryOutcome(): unknown {
  const [span] = spansNamed(otel.spans(), 'cdms.messages.send');
  return span?.attributes['cdms.recovery.outcome'];
}

/** Every event the client logs, and the text of each. */
function recording() {
  const events: LogFields[] = [];
  const texts: string[] = [];
  const push = (f: LogFields, text: string) => {
    events.push(f);
    texts.push(text);
  };
  const logger: Logger = { debug: push, info: push, warn: push, error: push };
  return { logger, events, texts };
}

const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('the send should have failed'), (e: unknown) => e);

/** Fails unless the error is a CdmsError whose `delivery` is `expected`, whose text agrees, and that names the messageId. */
function expectVerdict(error: unknown, expected: Delivery): CdmsError {
  expect(error).toBeInstanceOf(CdmsError);
  const e = error as CdmsError;
  expect(e.delivery).toBe(expected);
  expect(e.messageId).toBe(MESSAGE_ID);
  if (expected === 'unknown') expect(e.message).toMatch(MAYBE_DELIVERED);
  else expect(e.message).not.toMatch(MAYBE_DELIVERED);
  return e;
}

/** A text attachment: read on this thread, where a PDF would go to the client's worker pool. */
const textOnly = () => standardMessage({ attachments: [{ mimeType: 'text/plain', fileName: 'note.txt', content: Buffer.from('Seen in clinic.').toString('base64') }] });

describe('a first attempt, on its own', () => {
  it('accepted: the status endpoint the service gave, not recovered', async () => {
    const s = service({ post: [accepted] });
    await expect(client(s.fetch).messages.send(textOnly())).resolves.toEqual({
      messageId: MESSAGE_ID,
      statusEndpoint: '/api/v1/messages/from-the-service/status',
      recovered: false,
    });
    expect(s.calls).toEqual(['POST']);
  });

  it('a connection refused before connecting: not-sent, no lookup', async () => {
    const s = service({ post: [refused] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), 'not-sent');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(s.calls).toEqual(['POST']);
    expect(recoveryOutcome()).toBeUndefined();
  });

  it('a 400 on the body: not-sent, no lookup', async () => {
    const s = service({ post: [refusedWith({ name: 'recipient.id.value', reason: 'is unknown' })] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), 'not-sent');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(s.calls).toEqual(['POST']);
  });

  it("\"messageId already used\" on a first attempt: the caller's own clash, not-sent, no lookup", async () => {
    const s = service({ post: [alreadyUsed], status: [found] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), 'not-sent');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(s.calls).toEqual(['POST']);
  });

  it('a 500: unknown, and the text says to look the status up, without a lookup', async () => {
    const s = service({ post: [problemOf(500, {})] });
    const error = expectVerdict(await failure(client(s.fetch, { maxRetries: 0 }).messages.send(textOnly())), 'unknown');
    expect(error.message).toMatch(/look up its status/);
    expect(s.calls).toEqual(['POST']);
  });

  it('the patient data and the access token the service echoes are masked in the error', async () => {
    const echo = problemOf(400, { detail: `${PATIENT.nhsNumber} ${ACCESS_TOKEN}`, invalidParameters: [{ name: 'subject', reason: 'no such patient' }] });
    const s = service({ post: [echo] });
    const { attachments: _a, ...message } = instantMessage();
    const error = (await failure(
      client(s.fetch).instant.send({ ...message, attachments: textOnly().attachments }, { accessToken: ACCESS_TOKEN }),
    )) as Error;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).not.toContain(PATIENT.nhsNumber);
    expect(error.message).not.toContain(ACCESS_TOKEN);
  });
});

describe('what every attempt carries', () => {
  it("the instant route's access token goes in its header on every attempt", async () => {
    const s = service({ post: [reset, accepted] });
    await client(s.fetch).instant.send({ ...instantMessage(), attachments: textOnly().attachments }, { accessToken: ACCESS_TOKEN });
    const posts = s.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    for (const post of posts) expect(post.headers.get('Service-Instant-Access-Token')).toBe(ACCESS_TOKEN);
  });

  it('a file name and body text the service echoes are masked in the error', async () => {
    const echo = problemOf(400, { detail: "The value 'note.txt' is not valid; 'Discharged home.' too long", invalidParameters: [{ name: 'subject', reason: 'no' }] });
    const s = service({ post: [echo] });
    const error = (await failure(client(s.fetch).messages.send(textOnly()))) as Error;
    expect(error.message).not.toContain('note.txt');
    expect(error.message).not.toContain('Discharged home.');
  });

  it('without a deadline, an answer that takes a while is waited for (no deadline is no limit)', async () => {
    const slow: Answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return accepted({} as Request);
    };
    const s = service({ post: [slow] });
    await expect(client(s.fetch).messages.send(textOnly())).resolves.toMatchObject({ recovered: false });
    expect(s.calls).toEqual(['POST']);
  });

  it('a topic list that cannot be had checks no topic: the service checks it', async () => {
    const s = service({ post: [accepted], topics: 'unavailable' });
    await expect(client(s.fetch).messages.send(textOnly())).resolves.toMatchObject({ recovered: false });
    expect(s.calls).toEqual(['POST']);
  });
});

describe('isAmbiguous', () => {
  it("a read's timeout (no delivery) is not a send that may have arrived; a send's is", () => {
    expect(isAmbiguous(new TimeoutError('timed out'))).toBe(false);
    expect(isAmbiguous(new TimeoutError('timed out', { delivery: 'unknown' }))).toBe(true);
    expect(isAmbiguous(new ConnectionError('reset', true))).toBe(true);
    expect(isAmbiguous(new ConnectionError('refused', false))).toBe(false);
  });
});

describe('local validation: nothing sent', () => {
  it('an invalid message: LocalValidationError, not-sent, no request', async () => {
    const s = service({ post: [accepted] });
    const error = await failure(client(s.fetch).messages.send(standardMessage({ topic: '' })));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent' });
    expect(s.calls).toEqual([]);
  });

  it("a topic not in the service's list: LocalValidationError, not-sent, no request; in it: sent", async () => {
    const other = service({ post: [accepted], topics: ['Referral'] });
    const error = await failure(client(other.fetch).messages.send(textOnly()));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent' });
    expect(other.calls).toEqual([]);
    const listed = service({ post: [accepted], topics: ['Discharge Summary'] });
    await expect(client(listed.fetch).messages.send(textOnly())).resolves.toMatchObject({ recovered: false });
  });

  it('skipLocalValidation: the invalid message goes to the service as it is', async () => {
    const s = service({ post: [accepted] });
    await expect(client(s.fetch).messages.send(standardMessage({ topic: '' }), { skipLocalValidation: true })).resolves.toMatchObject({ recovered: false });
    expect(s.calls).toEqual(['POST']);
  });

  it('a text attachment naming another patient: refused before sending; with skipLocalValidation the check is skipped too', async () => {
    const other = Buffer.from('Patient NHS number 401 023 2137 seen today.').toString('base64');
    const message = standardMessage({ attachments: [{ mimeType: 'text/plain', fileName: 'note.txt', content: other }] });
    const s = service({ post: [accepted] });
    const error = await failure(client(s.fetch).messages.send(message));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent', message: expect.stringMatching(/another patient|NHS number/i) });
    expect(s.calls).toEqual([]);
    await expect(client(s.fetch).messages.send(message, { skipLocalValidation: true })).resolves.toMatchObject({ recovered: false });
  });
});

describe('after an attempt that may have arrived', () => {
  it('a connection reset once made (ECONNRESET), found by the lookup: recovered, logged, no resend', async () => {
    const s = service({ post: [reset], status: [found] });
    const { logger, events, texts } = recording();
    await expect(client(s.fetch, { logger }).messages.send(textOnly())).resolves.toEqual({
      messageId: MESSAGE_ID,
      statusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status`,
      recovered: true,
    });
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(new URL(s.requests[1]!.url).pathname).toBe(`/api/v1/messages/${MESSAGE_ID}/status`);
    expect(events).toContainEqual(expect.objectContaining({ event: 'recovered', operation: 'messages.send', messageId: MESSAGE_ID }));
    expect(texts).toContain('cdms: messages.send confirmed delivered');
    expect(recoveryOutcome()).toBe('recovered');
  });

  it('a timeout, found by the lookup: recovered; the GP route asks its own status endpoint', async () => {
    const s = service({ post: [hang], status: [found] });
    await expect(client(s.fetch).gpconnect.send(gpMessage(), { timeoutMs: 20, skipLocalValidation: true })).resolves.toMatchObject({
      recovered: true,
      statusEndpoint: `/api/v1/gpconnect/messages/${MESSAGE_ID}/status`,
    });
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(new URL(s.requests[1]!.url).pathname).toBe(`/api/v1/gpconnect/messages/${MESSAGE_ID}/status`);
  });

  it("a 404, then a resend the service accepts: sent, the same bytes with the same messageId, the resend logged", async () => {
    const s = service({ post: [reset, accepted] });
    const { logger, events, texts } = recording();
    await expect(client(s.fetch, { logger }).messages.send(textOnly())).resolves.toMatchObject({ messageId: MESSAGE_ID, recovered: false });
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
    expect(s.bodies[1]).toBe(s.bodies[0]);
    expect(events).toContainEqual(expect.objectContaining({ event: 'resend', operation: 'messages.send', messageId: MESSAGE_ID }));
    expect(texts).toContain('cdms: messages.send not found after an unclear attempt; resending');
    expect(recoveryOutcome()).toBe('not-found');
  });

  it('the lookup carries the call\'s own headers, and its timeout: a lookup that hangs ends the send unknown', async () => {
    const s = service({ post: [reset], status: [hang] });
    const error = expectVerdict(await failure(client(s.fetch, { maxRetries: 0 }).messages.send(textOnly(), { timeoutMs: 20, headers: { 'X-Trace': 'abc' } })), 'unknown');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(s.requests[1]!.headers.get('X-Trace')).toBe('abc');
    expect(recoveryOutcome()).toBe('lookup-failed');
  });

  it('a lookup that fails (401): unknown, the first error kept, no resend', async () => {
    const s = service({ post: [reset], status: [problemOf(401, {})] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), 'unknown');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).not.toMatch(IN_FLIGHT); // no 404 was answered
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(recoveryOutcome()).toBe('lookup-failed');
  });

  it('"messageId already used" on a resend, then found: the earlier attempt arrived, recovered', async () => {
    const s = service({ post: [reset, alreadyUsed], status: [notFound, found] });
    await expect(client(s.fetch).messages.send(textOnly())).resolves.toMatchObject({ recovered: true });
    expect(s.calls).toEqual(['POST', 'GET', 'POST', 'GET']);
  });

  it('"messageId already used" on a resend, then another 404: the service contradicts itself, so resending stops, unknown', async () => {
    const s = service({ post: [reset, alreadyUsed, accepted], status: [notFound] });
    const error = expectVerdict(await failure(client(s.fetch, { maxRetries: 3 }).messages.send(textOnly())), 'unknown');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET', 'POST', 'GET']);
    expect(recoveryOutcome()).toBe('contradiction');
  });

  it('"messageId already used" with another status than 400 on a resend: not read as a duplicate, no lookup, unknown', async () => {
    const used409 = problemOf(409, { invalidParameters: [{ name: 'messageId', reason: 'messageId has already been used' }] });
    const s = service({ post: [reset, used409], status: [notFound, found] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), 'unknown');
    expect(error).toBeInstanceOf(ApiError);
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
  });

  it('every attempt reset: resends until maxRetries are spent, then unknown, the 404s no proof', async () => {
    const s = service({ post: [reset] });
    const error = expectVerdict(await failure(client(s.fetch, { maxRetries: 2 }).messages.send(textOnly())), 'unknown');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET', 'POST', 'GET', 'POST', 'GET']);
  });

  it('maxRetries per call overrides the client: 0 makes one attempt and one lookup', async () => {
    const s = service({ post: [reset] });
    expectVerdict(await failure(client(s.fetch, { maxRetries: 3 }).messages.send(textOnly(), { maxRetries: 0 })), 'unknown');
    expect(s.calls).toEqual(['POST', 'GET']);
  });

  it('a resend whose connection is refused: unknown, and the text no longer says "not sent"', async () => {
    const s = service({ post: [reset, refused] });
    const error = expectVerdict(await failure(client(s.fetch, { maxRetries: 1 }).messages.send(textOnly())), 'unknown');
    expect(error).toMatchObject({ connected: false });
    expect(error.message).not.toMatch(NOT_SENT);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
  });

  it.each([
    ['the body alone: not-sent', [{ name: 'recipient.id.value', reason: 'is unknown' }], 'not-sent'],
    ['a JSONPath on the body: not-sent', [{ name: '$.recipient.id.value', reason: 'is unknown' }], 'not-sent'],
    ['the expiry, as a JSONPath: unknown', [{ name: '$.expiryDateTime', reason: 'must be in the future' }], 'unknown'],
    ['the expiry: unknown', [{ name: 'expiryDateTime', reason: 'must be in the future' }], 'unknown'],
    ['the messageId, any case: unknown', [{ name: '$.MessageId', reason: 'has an unexpected value' }], 'unknown'],
    ['the access token: unknown', [{ name: 'accessToken', reason: 'has expired' }], 'unknown'],
    ['the access token header: unknown', [{ name: 'Service-Instant-Access-Token', reason: 'has expired' }], 'unknown'],
    ['a body field and the expiry: unknown', [{ name: 'recipient.id.value', reason: 'is unknown' }, { name: 'expiryDateTime', reason: 'must be in the future' }], 'unknown'],
    ['the expiry and a body field: unknown', [{ name: 'expiryDateTime', reason: 'must be in the future' }, { name: 'recipient.id.value', reason: 'is unknown' }], 'unknown'],
    ['no field: unknown', [], 'unknown'],
    // Only a leading '$.' is a JSONPath's root: taken out anywhere else, 'message$.Id' would read as the messageId.
    ['a body field whose name holds "$." inside: not-sent', [{ name: 'message$.Id', reason: 'is unknown' }], 'not-sent'],
  ] as const)('a resend refused with a 400 naming %s', async (_, invalidParameters, delivery) => {
    const s = service({ post: [reset, refusedWith(...invalidParameters)] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly())), delivery);
    expect(error).toBeInstanceOf(BadRequestError);
    if (delivery === 'unknown') expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
  });

  it('a resend whose content the virus scan rejects: not-sent (the same bytes fail every time), and the content is refused locally next time', async () => {
    const virus = refusedWith({ name: 'attachments[0].content', reason: 'Failed virus scan' });
    const s = service({ post: [reset, virus] });
    const cdms = client(s.fetch);
    const error = expectVerdict(await failure(cdms.messages.send(textOnly())), 'not-sent');
    expect(error).toBeInstanceOf(AttachmentContentRejectedError);
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
    await expect(cdms.messages.send(textOnly())).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
    expect(s.calls).toHaveLength(3);
  });
});

describe('the pause before a resend, at both ends of its random draw', () => {
  it('at the bottom (0 ms): made even with a deadline close by', async () => {
    const s = service({ post: [reset, accepted] });
    await expect(client(s.fetch).messages.send(textOnly(), { deadlineMs: 300 })).resolves.toMatchObject({ recovered: false });
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
  });

  it('at the top (499 ms): past a deadline 300 ms away it is not started, no resend, unknown', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999_999);
    const s = service({ post: [reset, accepted] });
    const started = Date.now();
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly(), { deadlineMs: 300 })), 'unknown');
    expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(Date.now() - started).toBeLessThan(300); // it did not wait for a resend it would not make
  });

  it('at the top, without a deadline: the pause is waited and the resend made', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999_999);
    const s = service({ post: [reset, accepted] });
    const started = Date.now();
    await expect(client(s.fetch).messages.send(textOnly())).resolves.toMatchObject({ recovered: false });
    expect(s.calls).toEqual(['POST', 'GET', 'POST']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(499);
  });

  it('an abort during the pause: unknown (the first attempt may still arrive), no resend', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999_999);
    const controller = new AbortController();
    const logger: Logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (f) => void (f.event === 'resend' && controller.abort()) };
    const s = service({ post: [reset, accepted] });
    const error = expectVerdict(await failure(client(s.fetch, { logger }).messages.send(textOnly(), { signal: controller.signal })), 'unknown');
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error.message).toMatch(IN_FLIGHT);
    expect(s.calls).toEqual(['POST', 'GET']);
    // The send ends in the pause: no further attempt is even begun.
    expect(spansNamed(otel.spans(), 'POST /api/v1/messages')).toHaveLength(1);
  });

  it('an abort during the lookup: unknown, no resend', async () => {
    const controller = new AbortController();
    const abortingLookup: Answer = (request) => {
      controller.abort();
      return hang(request);
    };
    const s = service({ post: [reset, accepted], status: [abortingLookup] });
    const error = expectVerdict(await failure(client(s.fetch).messages.send(textOnly(), { signal: controller.signal })), 'unknown');
    expect(s.calls).toEqual(['POST', 'GET']);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });
});
