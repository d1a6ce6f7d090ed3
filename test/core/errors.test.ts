import { describe, expect, it } from 'vitest';
import {
  AccessTokenGoneError,
  ApiError,
  AttachmentContentRejectedError,
  AuthenticationError,
  BadRequestError,
  CdmsError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ServiceUnavailableError,
} from '../../src/index.js';
import { MESSAGE_ID, standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const { server, http, HttpResponse } = useMswServer();
const statusUrl = `${BASE}/api/v1/messages/:id/status`;

describe('errors', () => {
  const table: [number, new (...args: never[]) => ApiError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [410, AccessTokenGoneError],
    [500, InternalServerError],
    [503, ServiceUnavailableError],
    [418, ApiError],
  ];

  it.each(table)('status %i maps to %o', async (status, Class) => {
    const instance = 'urn:uuid:3b0f7c1e-8a2d-4f5e-9c6b-1d2e3f4a5b6c';
    server.use(http.get(statusUrl, () => problem(status, { title: `T${status}`, instance })));
    const error = await testClient({ maxRetries: 0 }).messages.status(MESSAGE_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(CdmsError);
    expect((error as ApiError).constructor).toBe(Class);
    expect(error).toMatchObject({ status, instance, method: 'GET', path: `api/v1/messages/${MESSAGE_ID}/status` });
    expect((error as Error).message).toContain(`T${status}`);
  });

  it('ApiError.from picks the class by status and falls back to ApiError', () => {
    const init = { problem: undefined, headers: new Headers(), method: 'GET', path: 'x' };
    expect(ApiError.from({ ...init, status: 404 })).toBeInstanceOf(NotFoundError);
    expect(ApiError.from({ ...init, status: 429 }).constructor).toBe(ApiError);
    expect(ApiError.from({ ...init, status: 502 }).constructor).toBe(ApiError);
  });

  it('an HTML error page still gives the class by status, with a short safe excerpt', async () => {
    const html = `<html><head><style>body{}</style></head><body><h1>502 Bad Gateway</h1><p>${'x'.repeat(5000)}</p></body></html>`;
    server.use(http.get(statusUrl, () => new HttpResponse(html, { status: 500, headers: { 'Content-Type': 'text/html' } })));
    const error = (await testClient({ maxRetries: 0 }).messages.status(MESSAGE_ID).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.problem).toBeUndefined();
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message).not.toContain('<h1>');
    expect(error.message.length).toBeLessThan(600);
  });

  it('a truncated JSON problem still gives the class by status', async () => {
    server.use(http.get(statusUrl, () => new HttpResponse('{"title":"Forbid', { status: 403, headers: { 'Content-Type': 'application/problem+json' } })));
    const error = await testClient().messages.status(MESSAGE_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
  });

  it('an empty error body gives the class and a message with the status', async () => {
    server.use(http.get(statusUrl, () => new HttpResponse(null, { status: 401 })));
    const error = (await testClient().messages.status(MESSAGE_ID).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('401');
  });

  it('a huge error body is cut, not buffered whole', async () => {
    const huge = `{"title":"big","detail":"${'y'.repeat(2_000_000)}"}`;
    server.use(http.get(statusUrl, () => new HttpResponse(huge, { status: 400 })));
    const error = (await testClient().messages.status(MESSAGE_ID).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message.length).toBeLessThan(2000);
  });

  it('headers are kept but not enumerable', async () => {
    server.use(http.get(statusUrl, () => problem(404, {}, { 'X-Request-Id': 'r1' })));
    const error = (await testClient().messages.status(MESSAGE_ID).catch((e: unknown) => e)) as ApiError;
    expect(error.headers.get('x-request-id')).toBe('r1');
    expect(Object.keys(error)).not.toContain('headers');
  });

  describe('a reused messageId', () => {
    it('a service reason that already gives the advice is not followed by the same advice', async () => {
      const reason = 'has already been used; query the status of that message, or send this one with a new messageId';
      server.use(http.post(`${BASE}/api/v1/messages`, () => problem(400, { invalidParameters: [{ name: 'messageId', reason }] })));
      const { message } = (await testClient().messages.send(standardMessage()).catch((e: unknown) => e)) as Error;
      expect(message.match(/new messageId/gi)).toHaveLength(1);
    });
  });

  describe('content rejection', () => {
    const send = () => testClient().messages.send(standardMessage()).catch((e: unknown) => e);

    it('a 400 naming attachments[i].content is an AttachmentContentRejectedError with the index', async () => {
      server.use(
        http.post(`${BASE}/api/v1/messages`, () =>
          problem(400, { title: 'Request Validation Error', invalidParameters: [{ name: 'attachments[0].content', reason: 'Virus scan failed' }] }),
        ),
      );
      const error = await send();
      expect(error).toBeInstanceOf(AttachmentContentRejectedError);
      expect(error).toMatchObject({ attachmentIndex: 0, status: 400, delivery: 'not-sent' });
      expect((error as Error).message).toMatch(/do not resend/);
    });

    it('a 422 whose detail mentions malware is a content rejection without an index', async () => {
      server.use(http.post(`${BASE}/api/v1/messages`, () => problem(422, { title: 'Unprocessable', detail: 'Malware detected' })));
      const error = await send();
      expect(error).toBeInstanceOf(AttachmentContentRejectedError);
      expect((error as AttachmentContentRejectedError).attachmentIndex).toBeUndefined();
    });

    it('a 400 about another field is a plain BadRequestError', async () => {
      server.use(http.post(`${BASE}/api/v1/messages`, () => problem(400, { invalidParameters: [{ name: 'topic', reason: 'unknown topic' }] })));
      expect((await send() as Error).constructor).toBe(BadRequestError);
    });

    it('a 500 mentioning a scan is not a content rejection', async () => {
      server.use(http.post(`${BASE}/api/v1/messages`, () => problem(500, { detail: 'virus scanner offline' })));
      expect(await send()).toBeInstanceOf(InternalServerError);
    });
  });

  describe('delivery on sends', () => {
    it.each([
      [400, 'not-sent'],
      [401, 'not-sent'],
      [403, 'not-sent'],
      [500, 'unknown'],
    ])('status %i gives delivery %s', async (status, delivery) => {
      server.use(http.post(`${BASE}/api/v1/messages`, () => problem(status, {})));
      const error = await testClient().messages.send(standardMessage()).catch((e: unknown) => e);
      expect(error).toMatchObject({ status, delivery });
    });

    it('reads are not marked with delivery', async () => {
      server.use(http.get(statusUrl, () => problem(404, {})));
      const error = await testClient().messages.status(MESSAGE_ID).catch((e: unknown) => e);
      expect((error as CdmsError).delivery).toBeUndefined();
    });
  });
});
