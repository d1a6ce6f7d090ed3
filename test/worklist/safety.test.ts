// The worklist wherever it is mounted: a request naming a host it does not
// answer to is refused before `authorize` (DNS rebinding); behind a proxy
// that rewrites Host the configured public origin (or the proxy's header)
// is its own; a base path never holds '.' or '..'; a form is read only after
// `authorize`, and a slow one is cut off; every action a person asks for
// leaves exactly one audit entry, saying what happened.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createWorklist } from '../../src/worklist/index.js';
import { ConfigurationError } from '../../src/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { useTrackers } from '../tracker/support.js';
import { TEST_USER_HEADER, headerAuthorize, pageGet, pagePost, raise, useWorklists } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();
const openWorklist = useWorklists();
const later = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

async function setUp(options: Parameters<typeof openWorklist>[1] = {}) {
  const tracker = await openTracker('SQLite', env.client({ maxRetries: 0 }));
  await tracker.start();
  const served = await openWorklist(tracker, options);
  return { tracker, ...served, port: new URL(served.url).port };
}

/** A raw HTTP request over a socket, for what fetch will not send (another Host, a body that trickles); resolves with the status line and when it came. */
function rawRequest(port: string, head: string, body: { first: string; rest?: string; afterMs?: number }): Promise<{ status: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${body.first}`);
      if (body.rest !== undefined) setTimeout(() => socket.writable && socket.write(body.rest ?? ''), body.afterMs ?? 0).unref();
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const line = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (line) {
        resolve({ status: line[1] ?? '', ms: Date.now() - started });
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.setTimeout(20_000, () => reject(new Error('no answer within 20 s')));
  });
}

describe('worklist: safe wherever it is mounted', () => {
  it('refuses a request whose Host it does not answer to (DNS rebinding) before authorize, pages and actions alike', async () => {
    let asked = 0;
    const { tracker, port } = await setUp({
      allowedHosts: ['localhost:0', 'worklist.example.nhs.uk', '.ward.example'],
      authorize: (request) => {
        asked += 1;
        return headerAuthorize(request);
      },
    });
    const id = await raise(env, tracker, 'reject');
    const get = (host: string) => rawRequest(port, `GET /worklist/ HTTP/1.1\r\nHost: ${host}\r\n${TEST_USER_HEADER}: alice\r\nConnection: close`, { first: '' });
    expect((await get('evil.example:' + port)).status).toBe('421');
    expect((await get(`127.0.0.1:${port}`)).status).toBe('421'); // the server's own address is not in the list given
    expect(asked).toBe(0);
    expect((await get('worklist.example.nhs.uk')).status).toBe('200');
    expect((await get('a.ward.example:443')).status).toBe('200');
    expect((await get('ward.example')).status).toBe('200');
    expect((await get('evilward.example')).status).toBe('421');
    const body = 'note=Rebound';
    const post = await rawRequest(
      port,
      `POST /worklist/messages/${id}/acknowledge HTTP/1.1\r\nHost: evil.example:${port}\r\nOrigin: http://evil.example:${port}\r\nHX-Request: true\r\n${TEST_USER_HEADER}: alice\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close`,
      { first: body },
    );
    expect(post.status).toBe('421');
    expect((await tracker.get(id))?.attention?.reason).toBe('rejected');
    expect((await tracker.audit()).items).toEqual([]);
    // The Fetch API handler holds to the same list.
    const worklist = createWorklist({ tracker, authorize: headerAuthorize, allowedHosts: ['worklist.example.nhs.uk'] });
    expect((await worklist.fetch(new Request('http://evil.example/', { headers: { [TEST_USER_HEADER]: 'alice' } }))).status).toBe(421);
    expect((await worklist.fetch(new Request('http://worklist.example.nhs.uk/', { headers: { [TEST_USER_HEADER]: 'alice' } }))).status).toBe(200);
    await worklist.close();
  });

  it('without allowedHosts every host is answered (an app behind its own domain keeps working)', async () => {
    const { port } = await setUp();
    const r = await rawRequest(port, `GET /worklist/ HTTP/1.1\r\nHost: worklist.trust.nhs.uk\r\n${TEST_USER_HEADER}: alice\r\nConnection: close`, { first: '' });
    expect(r.status).toBe('200');
  });

  it('behind a proxy that rewrites Host: the public origin, or the host in the header the app names, is its own; nothing else is', async () => {
    const { tracker, url } = await setUp({ publicOrigin: 'https://worklist.example.nhs.uk' });
    const id = await raise(env, tracker, 'reject');
    const action = `${url}/messages/${id}/assign`;
    expect((await pagePost(action, 'alice', {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await pagePost(action, 'alice', {}, { Origin: 'http://worklist.example.nhs.uk' })).status).toBe(403); // another scheme is another origin
    expect((await pagePost(action, 'alice', {}, { Origin: 'https://worklist.example.nhs.uk' })).status).toBe(200);
    expect((await tracker.get(id))?.assignee).toBe('alice');

    const proxied = await setUp({ trustForwardedHost: 'X-Forwarded-Host' });
    const other = await raise(env, proxied.tracker, 'reject');
    const assign = `${proxied.url}/messages/${other}/assign`;
    const from = { Origin: 'https://worklist.example.nhs.uk' };
    expect((await pagePost(assign, 'alice', {}, from)).status).toBe(403);
    expect((await pagePost(assign, 'alice', {}, { ...from, 'X-Forwarded-Host': 'worklist.example.nhs.uk' })).status).toBe(200);
    const unset = await setUp();
    const third = await raise(env, unset.tracker, 'reject');
    expect((await pagePost(`${unset.url}/messages/${third}/assign`, 'alice', {}, { ...from, 'X-Forwarded-Host': 'worklist.example.nhs.uk' })).status).toBe(403);
    expect(() => createWorklist({ tracker: proxied.tracker, authorize: headerAuthorize, publicOrigin: 'https://worklist.example.nhs.uk/path' })).toThrow(/publicOrigin/);
  });

  it("refuses a base path with a '.' or '..' segment", () => {
    const tracker = { list() {}, get() {}, acknowledge() {}, assign() {}, audit() {} } as never;
    for (const basePath of ['/worklist/..', '/../admin', '/a/./b', '/.']) {
      expect(() => createWorklist({ tracker, authorize: headerAuthorize, basePath }), basePath).toThrow(ConfigurationError);
    }
    expect(() => createWorklist({ tracker, authorize: headerAuthorize, basePath: '/ward.7/work-list' })).not.toThrow();
  });

  it('reads a form only after authorize accepts the person, and refuses one that arrives too slowly within the bound', async () => {
    const { tracker, port } = await setUp({ formTimeoutMs: 300 });
    const id = await raise(env, tracker, 'reject');
    const head = (user: string) =>
      `POST /worklist/messages/${id}/acknowledge HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nHX-Request: true\r\n${user}` +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100';
    // Nobody signed in: refused at once, without waiting for a body that is never finished.
    const anonymous = await rawRequest(port, head(''), { first: 'note=' });
    expect(anonymous.status).toBe('401');
    expect(anonymous.ms).toBeLessThan(250);
    // Signed in, the rest of the form 3 s late: refused once the bound is reached, well before the rest.
    const slow = await rawRequest(port, head(`${TEST_USER_HEADER}: alice\r\n`), { first: 'note=slow', rest: 'x'.repeat(91), afterMs: 3_000 });
    expect(slow.status).toBe('408');
    expect(slow.ms).toBeLessThan(3_000);
    expect((await tracker.get(id))?.attention?.reason).toBe('rejected');
    expect((await tracker.audit()).items).toEqual([]);
  });

  it('every action leaves exactly one entry: a refused "Send again" as refused, a poll the service answered 500 or 503 as failed', async () => {
    let canResend = true;
    const { tracker, url } = await setUp({ resend: () => (canResend ? standardMessage({ expiryDateTime: later() }) : null) });
    const entries = async (messageId: string) => (await tracker.audit({ messageId })).items.map((e) => `${e.by}:${e.action}:${e.outcome}`);

    const first = await raise(env, tracker, 'expire');
    expect((await pagePost(`${url}/messages/${first}/resend`, 'alice', {})).status).toBe(200);
    const twice = await pagePost(`${url}/messages/${first}/resend`, 'bob', {});
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('Not sent again: it was already sent again');
    expect(await entries(first)).toEqual(['alice:resend:done', 'bob:resend:refused']);

    canResend = false;
    const second = await raise(env, tracker, 'expire');
    const cannot = await pagePost(`${url}/messages/${second}/resend`, 'alice', {});
    expect(cannot.status).toBe(409);
    expect(await cannot.text()).toContain('the sending system no longer holds the document');
    expect(await entries(second)).toEqual(['alice:resend:refused']);
    expect((await tracker.audit({ messageId: second })).items[0]?.detail).toContain('no longer holds the document');

    for (const status of [500, 503] as const) {
      const { messageId } = await tracker.send('standard', standardMessage());
      env.sandbox.failNext({ operation: 'messages.status', status, count: 5, retryAfterSeconds: 0 });
      const polled = await pagePost(`${url}/messages/${messageId}/poll`, 'alice', {});
      expect(polled.status, String(status)).toBe(502);
      expect(await polled.text()).toContain('the service did not answer');
      const audit = (await tracker.audit({ messageId })).items;
      expect(audit.map((e) => `${e.by}:${e.action}:${e.outcome}`)).toEqual(['alice:poll-now:failed']);
      expect(audit[0]?.detail).toMatch(/\S/);
    }
    const page = await (await pageGet(`${url}/audit?action=poll-now`)).text();
    expect(page).toContain('Failed');
  });
});
