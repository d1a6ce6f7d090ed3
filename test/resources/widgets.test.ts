import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/index.js';
import { widget } from '../helpers/fixtures.js';
import { API_KEY, BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

describe('widgets', () => {
  it('register: POSTs the registration and resolves undefined on 204', async () => {
    server.use(http.post(`${BASE}/api/v1/widgets`, () => new HttpResponse(null, { status: 204 })));
    await expect(testClient().widgets.register(widget())).resolves.toBeUndefined();
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.headers.get('apikey')).toBe(API_KEY);
    expect(req!.headers.get('content-type')).toBe('application/json');
    expect(req!.body).toEqual(widget());
  });

  it('register: a 400 echoing the secret never shows it', async () => {
    const secret = widget().encryptionSecret;
    server.use(
      http.post(`${BASE}/api/v1/widgets`, () =>
        problem(400, { title: `bad secret ${secret}`, invalidParameters: [{ name: 'encryptionSecret', reason: `got ${secret}`, value: secret }] }),
      ),
    );
    const error = await testClient().widgets.register(widget()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(String(error)).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });
});
