import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { ACCESS_TOKEN, MESSAGE_ID, instantMessage } from '../helpers/fixtures.js';
import { API_KEY, BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

describe('instant', () => {
  it('send: POSTs with type ToolbarInstantMessage and the access token header', async () => {
    server.use(
      http.post(`${BASE}/api/v1/messages/instant`, () =>
        HttpResponse.json({ messageStatusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status` }),
      ),
    );
    const result = await testClient().instant.send(instantMessage(), { accessToken: ACCESS_TOKEN });
    expect(result).toEqual({ messageId: MESSAGE_ID, statusEndpoint: `/api/v1/messages/${MESSAGE_ID}/status`, recovered: false });
    const [req] = seen;
    expect(req!.url.pathname).toBe('/api/v1/messages/instant');
    expect(req!.headers.get('service-instant-access-token')).toBe(ACCESS_TOKEN);
    expect(req!.headers.get('apikey')).toBe(API_KEY);
    expect(req!.headers.get('content-type')).toBe('application/json');
    expect(req!.body).toEqual({ ...instantMessage(), type: 'ToolbarInstantMessage' });
  });

  it.each([[undefined], [''], ['ABC-123'], ['0b7e4a52-9c1d-4e8f-a3b6-5d2c1e0f9a87\r\nX: y']])(
    'send: refuses access token %j without a request',
    async (token) => {
      const error = await testClient()
        .instant.send(instantMessage(), { accessToken: token as string })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalValidationError);
      expect((error as LocalValidationError).invalidParameters[0]!.name).toBe('accessToken');
      expect(seen).toHaveLength(0);
    },
  );
});

describe('instant: malformed input', () => {
  it('send(null) is a LocalValidationError, never a TypeError', async () => {
    await expect(testClient().instant.send(null as never, { accessToken: ACCESS_TOKEN })).rejects.toBeInstanceOf(LocalValidationError);
  });
});
