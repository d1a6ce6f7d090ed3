import { describe, expect, it } from 'vitest';
import { LocalValidationError, ResponseValidationError } from '../../src/index.js';
import { MESSAGE_ID, standardMessage } from '../helpers/fixtures.js';
import { API_KEY, BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('messages', () => {
  it('send: POSTs the message as JSON with ApiKey and returns a SendResult', async () => {
    server.use(
      http.post(`${BASE}/api/v1/messages`, () =>
        HttpResponse.json({ messageStatusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status` }),
      ),
    );
    const result = await testClient().messages.send(standardMessage());
    expect(result).toEqual({ messageId: MESSAGE_ID, statusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status`, recovered: false });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url.pathname).toBe('/api/v1/messages');
    expect(req!.headers.get('apikey')).toBe(API_KEY);
    expect(req!.headers.get('content-type')).toBe('application/json');
    expect(req!.body).toEqual(standardMessage());
    expect(req!.body).not.toHaveProperty('type');
  });

  it('send: fills messageId when absent with a v4 uuid and returns it', async () => {
    server.use(http.post(`${BASE}/api/v1/messages`, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
    const { messageId: _omit, ...message } = standardMessage();
    const result = await testClient().messages.send(message);
    expect(result.messageId).toMatch(UUID);
    expect((seen[0]!.body as { messageId: string }).messageId).toBe(result.messageId);
  });

  it('send: does not modify the caller object', async () => {
    server.use(http.post(`${BASE}/api/v1/messages`, () => HttpResponse.json({ messageStatusEndpoint: '/x' })));
    const { messageId: _omit, ...message } = standardMessage();
    const before = structuredClone(message);
    await testClient().messages.send(message);
    expect(message).toEqual(before);
  });

  it('send: a 200 without messageStatusEndpoint is a ResponseValidationError with delivery unknown', async () => {
    server.use(http.post(`${BASE}/api/v1/messages`, () => HttpResponse.json({ status: 'ok' })));
    const error = await testClient().messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ status: 200, delivery: 'unknown', issues: [{ path: 'messageStatusEndpoint' }] });
  });

  it('status: GETs the status path and parses the status, keeping unknown fields', async () => {
    const body = { messageId: MESSAGE_ID, status: 'PENDING', subStatus: 'Failed instant message import', updated: '2026-11-21T10:00:00Z', extra: 1 };
    server.use(http.get(`${BASE}/api/v1/messages/:id/status`, () => HttpResponse.json(body)));
    const status = await testClient().messages.status(MESSAGE_ID);
    expect(status).toEqual(body);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url.pathname).toBe(`/api/v1/messages/${MESSAGE_ID}/status`);
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
  });

  it('status: accepts an unknown status value', async () => {
    server.use(
      http.get(`${BASE}/api/v1/messages/:id/status`, () =>
        HttpResponse.json({ messageId: MESSAGE_ID, status: 'QUARANTINED', updated: '2026-11-21T10:00:00Z' }),
      ),
    );
    await expect(testClient().messages.status(MESSAGE_ID)).resolves.toMatchObject({ status: 'QUARANTINED' });
  });

  it.each([['not-a-uuid'], ['../../topics'], [''], ['9434765919']])('status: refuses id %j without a request', async (id) => {
    const error = await testClient().messages.status(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(String(error)).not.toContain('9434765919');
    expect(seen).toHaveLength(0);
  });

  it('status: a status without updated is a ResponseValidationError', async () => {
    server.use(http.get(`${BASE}/api/v1/messages/:id/status`, () => HttpResponse.json({ messageId: MESSAGE_ID, status: 'PENDING' })));
    await expect(testClient().messages.status(MESSAGE_ID)).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('waitForStatus: polls until a terminal status', async () => {
    const statuses = ['PENDING', 'PENDING', 'FAILED', 'COMPLETED'];
    server.use(
      http.get(`${BASE}/api/v1/messages/:id/status`, () =>
        HttpResponse.json({ messageId: MESSAGE_ID, status: statuses.shift(), updated: '2026-11-21T10:00:00Z' }),
      ),
    );
    const status = await testClient().messages.waitForStatus(MESSAGE_ID, { intervalMs: 1 });
    expect(status.status).toBe('COMPLETED');
    expect(seen).toHaveLength(4);
  });

  it('waitForStatus: stops at a status named in until', async () => {
    server.use(
      http.get(`${BASE}/api/v1/messages/:id/status`, () =>
        HttpResponse.json({ messageId: MESSAGE_ID, status: 'FAILED', updated: '2026-11-21T10:00:00Z' }),
      ),
    );
    await expect(testClient().messages.waitForStatus(MESSAGE_ID, { until: ['FAILED'], intervalMs: 1 })).resolves.toMatchObject({
      status: 'FAILED',
    });
  });
});

describe('messages: input that is not a message', () => {
  it.each([[null], [undefined], [42], ['message'], [[]]])('send(%j) is a LocalValidationError at (root), never a TypeError', async (value) => {
    const error = await testClient()
      .messages.send(value as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(seen).toHaveLength(0);
  });
});
