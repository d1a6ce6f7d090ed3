import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, CdmsClient, ConfigurationError } from '../../src/index.js';
import { API_KEY, BASE, problem, recordingFetch, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

describe('client', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('test: GETs /api/v1/test with the ApiKey header and resolves on an empty 200', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    await expect(testClient().test()).resolves.toBeUndefined();
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
    expect(seen[0]!.headers.get('user-agent')).toMatch(/^cdms-sdk\//);
  });

  it('test: 401 is an AuthenticationError that names CDMS_API_KEY', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => problem(401, { title: 'Unauthorized' })));
    const error = await testClient().test().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('CDMS_API_KEY');
  });

  it('reads CDMS_BASE_URL and CDMS_API_KEY from the environment', async () => {
    vi.stubEnv('CDMS_BASE_URL', BASE);
    vi.stubEnv('CDMS_API_KEY', API_KEY);
    server.use(http.get(`${BASE}/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    await new CdmsClient({ fetch: recordingFetch }).test();
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
  });

  it('keeps a path prefix of the base URL', async () => {
    server.use(http.get(`${BASE}/cdms/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    await testClient({ baseUrl: `${BASE}/cdms` }).test();
    expect(seen[0]!.url.pathname).toBe('/cdms/api/v1/test');
  });

  it('sends per-request headers', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    await testClient().test({ headers: { 'X-Correlation-Id': 'abc' } });
    expect(seen[0]!.headers.get('x-correlation-id')).toBe('abc');
  });

  describe('construction refuses', () => {
    const cases: [string, () => unknown, RegExp][] = [
      ['a missing base URL', () => new CdmsClient({ apiKey: 'k' }), /CDMS_BASE_URL/],
      ['a missing API key', () => new CdmsClient({ baseUrl: BASE }), /CDMS_API_KEY/],
      ['an empty API key', () => new CdmsClient({ baseUrl: BASE, apiKey: '' }), /CDMS_API_KEY/],
      ['http off loopback', () => new CdmsClient({ baseUrl: 'http://cdms.example.org', apiKey: 'k' }), /https/],
      ['a relative base URL', () => new CdmsClient({ baseUrl: '/api', apiKey: 'k' }), /absolute/],
      ['credentials in the base URL', () => new CdmsClient({ baseUrl: 'https://u:p@cdms.test', apiKey: 'k' }), /credentials/],
      ['a non-http scheme', () => new CdmsClient({ baseUrl: 'ftp://cdms.test', apiKey: 'k' }), /https/],
      ['a key with CR/LF', () => new CdmsClient({ baseUrl: BASE, apiKey: 'abc\r\nX-Evil: 1' }), /line break/],
      ['a zero timeout', () => new CdmsClient({ baseUrl: BASE, apiKey: 'k', timeoutMs: 0 }), /timeoutMs/],
      ['negative retries', () => new CdmsClient({ baseUrl: BASE, apiKey: 'k', maxRetries: -1 }), /maxRetries/],
    ];
    it.each(cases)('%s', (_name, construct, message) => {
      expect(construct).toThrow(ConfigurationError);
      expect(construct).toThrow(message);
    });

    it('a CR/LF key without echoing it', () => {
      expect(() => new CdmsClient({ baseUrl: BASE, apiKey: 'SECRET-KEY\n' })).toThrow(/^(?!.*SECRET-KEY)/s);
    });

    it('use in a browser unless dangerouslyAllowBrowser is set', () => {
      vi.stubGlobal('window', { document: {} });
      expect(() => new CdmsClient({ baseUrl: BASE, apiKey: 'k' })).toThrow(/browser/);
      expect(() => new CdmsClient({ baseUrl: BASE, apiKey: 'k', dangerouslyAllowBrowser: true })).not.toThrow();
    });

    it('per-request headers with CR/LF or overriding ApiKey, without a request', async () => {
      const client = testClient();
      await expect(client.test({ headers: { 'X-A': 'a\r\nb' } })).rejects.toThrow(ConfigurationError);
      await expect(client.test({ headers: { apikey: 'other' } })).rejects.toThrow(/set by the SDK/);
      expect(seen).toHaveLength(0);
    });
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:59', 'http://[::1]:59', 'https://cdms.example.org'])('accepts %s', (baseUrl) => {
    expect(new CdmsClient({ baseUrl, apiKey: 'k' }).baseUrl.startsWith(baseUrl.replace(/:\d+$/, ''))).toBe(true);
  });
});
