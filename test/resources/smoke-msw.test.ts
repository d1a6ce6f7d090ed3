import { describe, expect, it } from 'vitest';
import { API_KEY, BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

describe('client', () => {
  it('test: sends GET /api/v1/test with the ApiKey header', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    await testClient().test();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
  });
});
