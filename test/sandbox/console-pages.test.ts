import { describe, expect, it } from 'vitest';
import { HOSTILE_CODED_TEXT, HOSTILE_FILE_NAME, HOSTILE_HTML_BODY, HOSTILE_REFERENCE, HOSTILE_TOPIC } from '../helpers/hostile.js';
import { DEFAULT_TOPICS } from '../../src/sandbox/index.js';
import { gpBody, raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox({ topics: [...DEFAULT_TOPICS, HOSTILE_TOPIC] });

const page = async (path: string) => {
  const r = await fetch(`${ctx.sandbox.url}${path}`);
  return { status: r.status, headers: r.headers, text: await r.text() };
};

async function send(body: Record<string, unknown>, path = '/api/v1/messages'): Promise<string> {
  const r = await raw(ctx.sandbox, 'POST', path, { body });
  expect(r.status, r.text).toBe(200);
  return String(body.messageId);
}

function hostileStandard(): Record<string, unknown> {
  return standardBody({
    topic: HOSTILE_TOPIC,
    body: { mimeType: 'text/html', content: HOSTILE_HTML_BODY },
    attachments: [{ mimeType: 'text/plain', fileName: HOSTILE_FILE_NAME, content: Buffer.from(`<b>${HOSTILE_CODED_TEXT}</b>`).toString('base64') }],
    codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: HOSTILE_CODED_TEXT }],
  });
}

/** Markup that would be live if a value had been inserted unescaped. */
const LIVE_MARKUP = [/<img src=x/i, /<script>window/i, /<svg onload/i, /onmouseover='window/, /<script>parent/];

describe('console pages', () => {
  it('every page is HTML with a CSP that allows only the console\'s own files and no framing', async () => {
    for (const path of ['', '/requests', '/toolbar', '/widgets', '/faults']) {
      const r = await page(`/_sandbox/console${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.text).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(r.text).toContain('/_sandbox/console/assets/htmx.min.js');
      expect(r.text).not.toMatch(/<script>|<script [^s]|\son\w+=|style="/);
    }
  });

  it('serves its assets with their types (htmx, script, stylesheet, icon)', async () => {
    const types = { 'htmx.min.js': 'text/javascript', 'console.js': 'text/javascript', 'console.css': 'text/css', 'favicon.svg': 'image/svg+xml' };
    for (const [name, type] of Object.entries(types)) {
      const r = await page(`/_sandbox/console/assets/${name}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain(type);
    }
    expect((await page('/_sandbox/console/assets/../../package.json')).status).toBe(404);
    expect((await page('/_sandbox/console/assets/nothing.js')).status).toBe(404);
  });

  it('shows sender-supplied text as text, never as markup: topic, file name, coded text, GP details', async () => {
    const id = await send(hostileStandard());
    const gp = gpBody();
    const info = gp.gpConnectAdditionalInformation as Record<string, unknown>;
    const gpId = await send({ ...gp, gpConnectAdditionalInformation: { ...info, senderReference: HOSTILE_REFERENCE } }, '/api/v1/gpconnect/messages');
    const texts = [(await page('/_sandbox/console')).text, (await page(`/_sandbox/console/messages/${id}`)).text, (await page(`/_sandbox/console/messages/${gpId}`)).text];
    for (const text of texts) for (const live of LIVE_MARKUP) expect(text).not.toMatch(live);
    const message = texts[1]!;
    expect(message).toContain('&lt;img src=x onerror=&quot;window.__pwned=&#39;topic&#39;&quot;&gt;');
    expect(message).toContain('notes&#39; onmouseover=&#39;window.__pwned=1&#39; &amp;lt;b&amp;gt;.txt');
    expect(message).toContain('&lt;script&gt;window.__pwned=&#39;coded&#39;&lt;/script&gt;');
    expect(texts[2]).toContain('&quot;&gt;&lt;svg onload=&quot;window.__pwned=&#39;gp&#39;&quot;&gt;');
  });

  it('serves an HTML body on its own, sandboxed, with no network and no script', async () => {
    const id = await send(hostileStandard());
    const r = await page(`/_sandbox/console/messages/${id}/body`);
    expect(r.status).toBe(200);
    expect(r.text).toBe(HOSTILE_HTML_BODY);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|allow-scripts|connect-src/);
    expect((await page(`/_sandbox/console/messages/${id}`)).text).toMatch(/<iframe class="body-html" sandbox src="[^"]+\/body"/);
    const plain = await send(standardBody());
    expect((await page(`/_sandbox/console/messages/${plain}/body`)).status).toBe(404);
  });

  it('filters the inbox by status, route and recipient, and finds by messageId', async () => {
    const a = await send(standardBody());
    const b = await send(standardBody({ recipient: { id: { type: 'OcsClientIdentifier', value: 'B86022' } } }));
    ctx.sandbox.toolbar.import(a);
    const gp = await send(gpBody(), '/api/v1/gpconnect/messages');
    const rows = async (query: string) => [...(await page(`/_sandbox/console?${query}`)).text.matchAll(/data-message-id="([^"]+)"/g)].map((m) => m[1]);
    expect(await rows('')).toEqual([gp, b, a]);
    expect(await rows('status=COMPLETED')).toEqual([a]);
    expect(await rows('route=gpconnect')).toEqual([gp]);
    expect(await rows('recipient=B86022')).toEqual([b]);
    expect(await rows(`find=${b.slice(0, 8).toUpperCase()}`)).toEqual([b]);
    expect(await rows('status=EXPIRED')).toEqual([]);
  });

  it('offers only the moves a message allows, and none once terminal', async () => {
    const gp = await send(gpBody(), '/api/v1/gpconnect/messages');
    const inMesh = (await page(`/_sandbox/console/messages/${gp}`)).text;
    expect(inMesh).toContain('Rejected by the message exchange (MESH)');
    expect(inMesh).not.toContain('Imported by the practice');
    ctx.sandbox.gpRoute.advance(gp);
    const received = (await page(`/_sandbox/console/messages/${gp}`)).text;
    expect(received).toContain('Imported by the practice');
    expect(received).not.toContain('Rejected by the message exchange');
    ctx.sandbox.gpRoute.advance(gp, 'completed');
    const done = (await page(`/_sandbox/console/messages/${gp}`)).text;
    expect(done).toContain('terminal status');
    expect(done).not.toContain('hx-post="/_sandbox/gp-route/advance"');
    expect(done).toContain('GP route: imported by the practice');
  });

  it('answers an unknown message with a 404 page', async () => {
    const r = await page(`/_sandbox/console/messages/${crypto.randomUUID()}`);
    expect(r.status).toBe(404);
    expect(r.text).toContain('No such message');
  });

  it('streams changes as server-sent events: a send brings messages and requests events', async () => {
    const abort = new AbortController();
    const response = await fetch(`${ctx.sandbox.url}/_sandbox/events`, { signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let seen = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(seen)) seen += new TextDecoder().decode((await reader.read()).value as Uint8Array);
    };
    await until(/retry: 1000/);
    const id = await send(standardBody());
    await until(/event: messages\ndata: .*\n/);
    await until(/event: requests/);
    expect(seen).toContain(`event: messages\ndata: {"ids":["${id.toLowerCase()}"]}`);
    abort.abort();
  });
});
