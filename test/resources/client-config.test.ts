import { afterEach, describe, expect, it, vi } from 'vitest';
import { CdmsClient, ConfigurationError, NotFoundError } from '../../src/index.js';
import { API_KEY, BASE, problem, useMswServer } from '../helpers/msw.js';

const { server, http } = useMswServer();

/** What constructing a client threw, or undefined. */
function constructionError(construct: () => unknown): Error | undefined {
  try {
    construct();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('client configuration cannot quietly point somewhere else', () => {
  afterEach(() => vi.unstubAllEnvs());

  // `new CdmsClient({ baseUrl: process.env.LIVE_URL, apiKey: process.env.LIVE_KEY })` with the
  // variables unset used to fall back to CDMS_BASE_URL / CDMS_API_KEY: a "live" client talked to
  // the integration environment.
  it.each([
    ['baseUrl', { baseUrl: undefined, apiKey: 'k' }],
    ['apiKey', { baseUrl: BASE, apiKey: undefined }],
    ['baseUrl', { baseUrl: '', apiKey: 'k' }],
    ['apiKey', { baseUrl: BASE, apiKey: '   ' }],
  ] as const)('%s present but undefined or empty is refused, even when the environment has one', (name, options) => {
    vi.stubEnv('CDMS_BASE_URL', 'https://integration.example.org/');
    vi.stubEnv('CDMS_API_KEY', 'integration-key');
    const error = constructionError(() => new CdmsClient(options));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.message).toContain(`${name} was passed as`);
    expect(error?.message).not.toContain('integration');
  });

  it('reads the environment only when the option is absent', () => {
    vi.stubEnv('CDMS_BASE_URL', 'https://integration.example.org/');
    vi.stubEnv('CDMS_API_KEY', 'integration-key');
    expect(new CdmsClient().baseUrl).toBe('https://integration.example.org/');
    expect(new CdmsClient({ apiKey: 'k' }).baseUrl).toBe('https://integration.example.org/');
  });

  it.each(['https://cdms.example.org/api/v1', 'https://cdms.example.org/api/v1/', 'https://cdms.example.org/gw/api', 'http://127.0.0.1:8080/API/V1'])(
    'refuses a base URL that ends in the service path (%s), naming the root to use',
    (baseUrl) => {
      const error = constructionError(() => new CdmsClient({ baseUrl, apiKey: 'k' }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error?.message).toContain('which the SDK adds to every request itself; use ');
      expect(error?.message).not.toMatch(/use \S*api/i);
    },
  );

  it.each(['http://127.0.0.1:6000', 'http://localhost:1', 'https://cdms.example.org:25/'])('refuses a port fetch will not connect to (%s)', (baseUrl) => {
    const error = constructionError(() => new CdmsClient({ baseUrl, apiKey: 'k' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.message).toMatch(/port \d+ is one that fetch refuses/);
  });

});

describe('a 404 says what was not found', () => {
  it('an endpoint the service lacks gets base-URL advice, not message-id advice', async () => {
    server.use(http.get(`${BASE}/gateway/api/v1/test`, () => problem(404, { title: 'Not Found' })));
    const error = await new CdmsClient({ baseUrl: `${BASE}/gateway`, apiKey: API_KEY }).test().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('no such endpoint');
    expect((error as Error).message).not.toContain('check the id');
  });

});
