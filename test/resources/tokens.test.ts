import { describe, expect, it } from 'vitest';
import { BadRequestError, InternalServerError, LocalValidationError, ResponseValidationError } from '../../src/index.js';
import { ACCESS_TOKEN } from '../helpers/fixtures.js';
import { API_KEY, BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();
const TOKEN_PATH = `${BASE}/api/v1/messages/instant/access/token`;

describe('tokens', () => {
  it('exchange: POSTs the access code and returns the token', async () => {
    server.use(http.post(TOKEN_PATH, () => HttpResponse.json({ token: ACCESS_TOKEN })));
    await expect(testClient().tokens.exchange('483-921')).resolves.toBe(ACCESS_TOKEN);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.body).toEqual({ accessCode: '483-921' });
  });

  it('exchange: an unknown code is a BadRequestError naming accessCode, without echoing it', async () => {
    server.use(
      http.post(TOKEN_PATH, () =>
        problem(400, {
          title: 'Request Validation Error',
          invalidParameters: [{ name: 'accessCode', reason: 'unknown access code 483-921', value: '483-921' }],
        }),
      ),
    );
    const error = await testClient().tokens.exchange('483-921').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).invalidParameters[0]!.name).toBe('accessCode');
    expect(JSON.stringify(error)).not.toContain('483-921');
    expect(String(error)).not.toContain('483-921');
  });

  it('exchange: is not retried on 500', async () => {
    server.use(http.post(TOKEN_PATH, () => problem(500, { title: 'Internal Server Error' }, { 'Retry-After': '0' })));
    await expect(testClient().tokens.exchange('483-921')).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('exchange: a token that is not a uuid is a ResponseValidationError', async () => {
    server.use(http.post(TOKEN_PATH, () => HttpResponse.json({ token: 'nope' })));
    await expect(testClient().tokens.exchange('483-921')).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('exchange: refuses an empty code without a request', async () => {
    await expect(testClient().tokens.exchange('  ')).rejects.toBeInstanceOf(LocalValidationError);
    expect(seen).toHaveLength(0);
  });

  it('verify: true on 200, with ApiKey, Content-Type and the token header', async () => {
    server.use(http.get(TOKEN_PATH, () => new HttpResponse(null, { status: 200 })));
    await expect(testClient().tokens.verify(ACCESS_TOKEN)).resolves.toBe(true);
    const [req] = seen;
    expect(req!.headers.get('apikey')).toBe(API_KEY);
    expect(req!.headers.get('content-type')).toBe('application/json');
    expect(req!.headers.get('service-instant-access-token')).toBe(ACCESS_TOKEN);
  });

  it('verify: false on 410', async () => {
    server.use(http.get(TOKEN_PATH, () => problem(410, { title: 'Gone' })));
    await expect(testClient().tokens.verify(ACCESS_TOKEN)).resolves.toBe(false);
  });

  it.each([404, 405])('verify: falls back once to /verify on %i and remembers it', async (status) => {
    server.use(
      http.get(TOKEN_PATH, () => new HttpResponse('Not here', { status })),
      http.get(`${TOKEN_PATH}/verify`, () => new HttpResponse(null, { status: 200 })),
    );
    const client = testClient();
    await expect(client.tokens.verify(ACCESS_TOKEN)).resolves.toBe(true);
    expect(seen.map((r) => r.url.pathname)).toEqual(['/api/v1/messages/instant/access/token', '/api/v1/messages/instant/access/token/verify']);
    await expect(client.tokens.verify(ACCESS_TOKEN)).resolves.toBe(true);
    expect(seen.map((r) => r.url.pathname).at(-1)).toBe('/api/v1/messages/instant/access/token/verify');
    expect(seen).toHaveLength(3);
  });

  it('verify: after the definition path answered, never tries /verify', async () => {
    server.use(http.get(TOKEN_PATH, () => new HttpResponse(null, { status: 200 })));
    const client = testClient();
    await client.tokens.verify(ACCESS_TOKEN);
    server.use(http.get(TOKEN_PATH, () => new HttpResponse(null, { status: 404 })));
    await expect(client.tokens.verify(ACCESS_TOKEN)).rejects.toMatchObject({ status: 404 });
    expect(seen.every((r) => !r.url.pathname.endsWith('/verify'))).toBe(true);
  });

  it('verify: 400 for a missing token is a BadRequestError, not a fallback', async () => {
    server.use(http.get(TOKEN_PATH, () => problem(400, { invalidParameters: [{ name: 'Service-Instant-Access-Token', reason: 'must be provided' }] })));
    await expect(testClient().tokens.verify(ACCESS_TOKEN)).rejects.toBeInstanceOf(BadRequestError);
    expect(seen).toHaveLength(1);
  });

  it('verify: refuses a token that is not a uuid without a request', async () => {
    await expect(testClient().tokens.verify('483-921')).rejects.toBeInstanceOf(LocalValidationError);
    expect(seen).toHaveLength(0);
  });
});
