import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox();

/** A request with full control of Host (fetch will not set it), as a browser or a rebinding page would send it. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const { port } = ctx.sandbox;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function pendingMessage(): Promise<string> {
  const body = standardBody();
  expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body })).status).toBe(200);
  return String(body.messageId);
}

const own = () => `127.0.0.1:${ctx.sandbox.port}`;
const importBody = (id: string) => JSON.stringify({ messageId: id });
const json = { 'Content-Type': 'application/json' };

describe('control API: cross-site requests are refused', () => {
  it('a page on another site cannot import a message (Origin), and the message stays PENDING', async () => {
    const id = await pendingMessage();
    const r = await send('POST', '/_sandbox/toolbar/import', { ...json, Host: own(), Origin: 'http://evil.example' }, importBody(id));
    expect(r.status).toBe(403);
    expect(r.text).toContain('Cross-site request refused');
    expect(ctx.sandbox.getMessage(id)?.status).toBe('PENDING');
  });

  it('another port on the same machine is another origin: refused too', async () => {
    const id = await pendingMessage();
    const r = await send('POST', '/_sandbox/expire', { ...json, Host: own(), Origin: 'http://127.0.0.1:3000' }, importBody(id));
    expect(r.status).toBe(403);
    expect(ctx.sandbox.getMessage(id)?.status).toBe('PENDING');
  });

  it('Sec-Fetch-Site cross-site or same-site is refused; Origin null (sandboxed frames, file://) too', async () => {
    const id = await pendingMessage();
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'null' }]) {
      const r = await send('POST', '/_sandbox/toolbar/reject', { ...json, Host: own(), ...headers }, importBody(id));
      expect(r.status).toBe(403);
    }
    expect(ctx.sandbox.getMessage(id)?.status).toBe('PENDING');
  });

  it('a form or text body (what a page can send without a preflight) is refused with 415, even without Origin', async () => {
    const id = await pendingMessage();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const r = await send('POST', '/_sandbox/toolbar/import', { 'Content-Type': type, Host: own() }, importBody(id));
      expect(r.status).toBe(415);
    }
    const reset = await send('PUT', '/_sandbox/faults', { 'Content-Type': 'text/plain', Host: own() }, '{"internalErrorRate":1}');
    expect(reset.status).toBe(415);
    expect(ctx.sandbox.getFaults()).toEqual({});
    expect(ctx.sandbox.getMessage(id)?.status).toBe('PENDING');
  });

  it('the console itself (same origin) and tools without Origin (curl, the CLI) may change state', async () => {
    const first = await pendingMessage();
    const sameOrigin = { ...json, Host: own(), Origin: `http://${own()}`, 'Sec-Fetch-Site': 'same-origin' };
    expect((await send('POST', '/_sandbox/toolbar/import', sameOrigin, importBody(first))).status).toBe(200);
    const second = await pendingMessage();
    expect((await send('POST', '/_sandbox/toolbar/import', { ...json, Host: own() }, importBody(second))).status).toBe(200);
    const viaLocalhost = { ...json, Host: `localhost:${ctx.sandbox.port}`, Origin: `http://localhost:${ctx.sandbox.port}` };
    expect((await send('POST', '/_sandbox/reset', viaLocalhost)).status).toBe(204);
  });

  it('a DNS-rebinding Host is refused on every control path, reads included (GET /_sandbox answers the API key)', async () => {
    const port = ctx.sandbox.port;
    for (const host of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `127.0.0.1:${port + 1}`]) {
      const r = await send('GET', '/_sandbox', { Host: host });
      expect(r.status).toBe(403);
      expect(r.text).not.toContain(ctx.sandbox.apiKey);
    }
    expect((await send('GET', '/_sandbox', { Host: `localhost:${port}` })).status).toBe(200);
    expect((await send('GET', '/_sandbox', { Host: `[::1]:${port}` })).status).toBe(200);
  });

  it('the API itself is untouched: it has its key, and a sender may call it from anywhere', async () => {
    const r = await send('GET', '/api/v1/test', { Host: 'service.example', ApiKey: ctx.sandbox.apiKey, Origin: 'http://evil.example' });
    expect(r.status).toBe(200);
  });
});
