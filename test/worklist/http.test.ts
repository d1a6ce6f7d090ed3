// The worklist over real HTTP (node:http and the Fetch API): nothing before
// authorize answers, the pages, the actions with the authorised person, the
// cross-site refusals, the audit and its CSV, live updates, and no patient
// data in any URL or log line.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPICS } from '../../src/sandbox/index.js';
import { createWorklist } from '../../src/worklist/index.js';
import { ConfigurationError } from '../../src/index.js';
import { gpMessage, standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { HOSTILE_TOPIC } from '../helpers/hostile.js';
import { useSandbox } from '../sandbox/support.js';
import { useTrackers } from '../tracker/support.js';
import { TEST_USER_HEADER, headerAuthorize, pageGet, pagePost, raise, useWorklists } from './support.js';

const env = useSandbox({ topics: [...DEFAULT_TOPICS, HOSTILE_TOPIC] });
const openTracker = useTrackers();
const openWorklist = useWorklists();
const later = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

async function setUp(options: Parameters<typeof openWorklist>[1] = {}) {
  const tracker = await openTracker('SQLite', env.client());
  await tracker.start();
  const served = await openWorklist(tracker, options);
  return { tracker, ...served };
}

describe('worklist over HTTP', () => {
  it('without a person, every page is a 401 with nothing from the ledger; assets are still served', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    for (const path of ['/', `/messages/${id}`, '/audit', '/audit.csv', '/events', `/?find=${id.slice(0, 8)}`]) {
      const response = await fetch(`${url}${path}`, { redirect: 'manual' });
      const text = await response.text();
      expect(response.status, path).toBe(401);
      expect(text).not.toContain(id);
      expect(text).not.toContain('943 476 5919');
      expect(text).toContain('Sign in to see the worklist');
    }
    const posted = await fetch(`${url}/messages/${id}/acknowledge`, { method: 'POST', headers: { 'HX-Request': 'true' }, body: 'note=x' });
    expect(posted.status).toBe(401);
    expect((await tracker.get(id))?.attention?.reason).toBe('rejected');
    expect((await fetch(`${url}/assets/worklist.css`)).status).toBe(200);
    expect((await fetch(`${url}/assets/htmx.min.js`)).headers.get('content-type')).toContain('javascript');
  });

  it('the queue: grouped by reason, oldest first, with the patient 3-3-4 and every security header', async () => {
    const { tracker, url } = await setUp();
    const rejected = await raise(env, tracker, 'reject');
    const expired = await raise(env, tracker, 'expire');
    const rejectedLater = await raise(env, tracker, 'reject');
    const response = await pageGet(`${url}/`);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(page).toContain('Rejected by the practice <span class="count">(2)</span>');
    expect(page).toContain('Expired before the practice took it <span class="count">(1)</span>');
    expect(page.indexOf(rejected)).toBeLessThan(page.indexOf(rejectedLater));
    expect(page.indexOf(rejectedLater)).toBeLessThan(page.indexOf(expired));
    expect(page).toContain('943 476 5919');
    expect(page).toContain('Signed in as <strong>Alice</strong>');
    const filtered = await (await pageGet(`${url}/?reason=expired`)).text();
    expect(filtered).toContain(expired);
    expect(filtered).not.toContain(rejected);
    const found = await pageGet(`${url}/?find=${rejected}`);
    expect(found.status).toBe(303);
    expect(found.headers.get('location')).toBe(`/worklist/messages/${rejected}`);
  });

  it('an empty queue says what nothing to do means', async () => {
    const { url } = await setUp();
    expect(await (await pageGet(`${url}/`)).text()).toContain('Nothing needs a person now.');
  });

  it('a message page says what happened, what the reason means and what to do, with the actions that fit', async () => {
    const { tracker, url } = await setUp({ resend: () => standardMessage({ expiryDateTime: later() }) });
    const rejected = await raise(env, tracker, 'reject');
    const page = await (await pageGet(`${url}/messages/${rejected}`)).text();
    expect(page).toContain('Needs a person: Rejected by the practice');
    expect(page).toContain('Phone the practice to find out why');
    expect(page).toContain('<label for="note">Note</label>');
    expect(page).toContain('>Acknowledge</button>');
    expect(page).toContain('>Assign to me</button>');
    expect(page).not.toContain('>Send again</button>'); // rejected: never resent blindly
    expect(page).toContain('Status <span class="status">REJECTED</span>');
    expect(page).toContain('refused by the practice');
    const expired = await raise(env, tracker, 'expire');
    expect(await (await pageGet(`${url}/messages/${expired}`)).text()).toContain('>Send again</button>');
    expect((await pageGet(`${url}/messages/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('acknowledge: the audit names the authorised person, never one the form names; the note is required', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    const noNote = await pagePost(`${url}/messages/${id}/acknowledge`, 'alice', { note: '  ', reason: 'rejected' });
    expect(noNote.status).toBe(400);
    expect(await noNote.text()).toContain('Nothing was done: Note must say what was done');
    const ok = await pagePost(`${url}/messages/${id}/acknowledge`, 'alice', { note: 'Phoned the practice.', reason: 'rejected', by: 'mallory' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Acknowledged: the message has left the list.');
    expect(ok.headers.get('hx-trigger-after-swap')).toContain(`cdms:message-${id}`);
    expect((await tracker.audit({ messageId: id })).items).toEqual([expect.objectContaining({ by: 'alice', action: 'acknowledge', note: 'Phoned the practice.' })]);
    const again = await pagePost(`${url}/messages/${id}/acknowledge`, 'bob', { note: 'Me too.', reason: 'rejected' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('alice acknowledged it');
    expect((await tracker.audit({ messageId: id })).items.map((e) => `${e.by}:${e.outcome}`)).toEqual(['alice:done', 'bob:conflict']);
  });

  it('refuses a cross-site POST: no htmx header, a foreign Origin, or a cross-site Sec-Fetch-Site; nothing changes', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    const path = `${url}/messages/${id}/acknowledge`;
    const attempts = [
      fetch(path, { method: 'POST', headers: { [TEST_USER_HEADER]: 'alice', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'note=x' }),
      pagePost(path, 'alice', { note: 'x' }, { Origin: 'https://evil.example' }),
      pagePost(path, 'alice', { note: 'x' }, { 'Sec-Fetch-Site': 'cross-site' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Request refused');
    }
    expect((await tracker.get(id))?.attention?.reason).toBe('rejected');
    expect((await tracker.audit()).items).toEqual([]);
  });

  it('a form larger than the limit is refused with 413, and a body without a length is read no further than the limit (fetch and node:http)', async () => {
    const { tracker, worklist, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    const path = `${url}/messages/${id}/acknowledge`;
    const origin = new URL(url).origin;
    // A megabyte of note, streamed in 16 kB chunks with no Content-Length; the stream counts what was read of it.
    let pulled = 0;
    const chunk = new TextEncoder().encode(`note=${'x'.repeat(16_379)}`);
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 1_048_576) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const headers = { [TEST_USER_HEADER]: 'alice', 'HX-Request': 'true', Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' };
    const viaFetch = await worklist.fetch(new Request(path, { method: 'POST', headers, body: huge, duplex: 'half' }));
    expect(viaFetch.status).toBe(413);
    expect(pulled).toBeLessThan(65_536);
    const viaNode = await fetch(path, { method: 'POST', headers, body: `note=${'x'.repeat(20_000)}` });
    expect(viaNode.status).toBe(413);
    expect((await tracker.get(id))?.attention?.reason).toBe('rejected');
    expect((await tracker.audit()).items).toEqual([]);
  });

  it('assign to me and unassign; two people taking one item: the second is told', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    expect((await pagePost(`${url}/messages/${id}/assign`, 'alice', { ifAssignee: '' })).status).toBe(200);
    expect((await tracker.get(id))?.assignee).toBe('alice');
    const late = await pagePost(`${url}/messages/${id}/assign`, 'bob', { ifAssignee: '' });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('alice assigned it');
    expect(await (await pageGet(`${url}/?assignee=me`)).text()).toContain(id);
    expect(await (await pageGet(`${url}/?assignee=me`, 'bob')).text()).not.toContain(`href="/worklist/messages/${id}"`);
    expect((await pagePost(`${url}/messages/${id}/unassign`, 'alice', { ifAssignee: 'alice' })).status).toBe(200);
    expect((await tracker.get(id))?.assignee).toBeNull();
  });

  it('send again: the app gives the document, the new message replaces the old one, and it leaves the list', async () => {
    const asked: string[] = [];
    const { tracker, url } = await setUp({
      resend: (item, person) => {
        asked.push(`${item.messageId}:${person.id}`);
        return standardMessage({ expiryDateTime: later() });
      },
    });
    const id = await raise(env, tracker, 'expire');
    const response = await pagePost(`${url}/messages/${id}/resend`, 'alice', { note: 'Expired unread.' });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(asked).toEqual([`${id}:alice`]);
    const replacement = (await tracker.get(id))?.replacedBy;
    expect(replacement).toMatch(/^[0-9a-f-]{36}$/);
    expect(text).toContain(`Sent again as <a class="id" href="/worklist/messages/${replacement}">`);
    expect((await tracker.get(replacement!))?.replaces).toBe(id);
    expect((await tracker.list({ attention: true })).items).toEqual([]);
    const page = await (await pageGet(`${url}/messages/${id}`)).text();
    expect(page).toContain(`It was sent again as <a class="id" href="/worklist/messages/${replacement}">`);
    const twice = await pagePost(`${url}/messages/${id}/resend`, 'bob', {});
    expect(twice.status).toBe(409);
  });

  it('a new version of a GP-route document: both pages show the version and link each other, the audit names it', async () => {
    const { tracker, url } = await setUp();
    const first = await tracker.send('gpconnect', gpMessage());
    const { versionNumber: _v, relatesTo: _r, ...info } = gpMessage().gpConnectAdditionalInformation;
    const second = await tracker.replace(first.messageId, { ...gpMessage(), gpConnectAdditionalInformation: info }, { by: 'alice', note: 'Corrected.' });
    const earlier = await (await pageGet(`${url}/messages/${first.messageId}`)).text();
    expect(earlier).toContain('<dt>Document version</dt><dd>1</dd>');
    expect(earlier).toContain(`A new version of it was sent as <a class="id" href="/worklist/messages/${second.messageId}">`);
    expect(earlier).toContain(`<strong>alice</strong> sent a new version of it as <a class="id" href="/worklist/messages/${second.messageId}">`);
    const later = await (await pageGet(`${url}/messages/${second.messageId}`)).text();
    expect(later).toContain('<dt>Document version</dt><dd>2</dd>');
    expect(later).toContain(`Version 2, sent to replace <a class="id" href="/worklist/messages/${first.messageId}">`);
    const audit = await (await pageGet(`${url}/audit?action=replace`)).text();
    expect(audit).toContain(`<td data-label="Action">Sent a new version as <a class="id" href="/worklist/messages/${second.messageId}">`);
    expect(audit).toContain(`<a href="/worklist/messages/${first.messageId}">${first.messageId}</a>`);
  });

  it('poll now within the rules; the refusal says when the next poll is allowed', async () => {
    const { tracker, url } = await setUp();
    const { messageId } = await tracker.send('standard', standardMessage());
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await pagePost(`${url}/messages/${messageId}/poll`, 'alice', {});
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    const text = await last!.text();
    expect(text).toMatch(/The next poll is allowed at <time datetime="[^"]+">/);
    expect((await tracker.audit({ messageId })).items.some((e) => e.action === 'poll-now' && e.outcome === 'refused' && e.by === 'alice')).toBe(true);
  });

  it('the audit page filters by person and action, and its CSV holds every entry with formulas made inert', async () => {
    const { tracker, url } = await setUp();
    const one = await raise(env, tracker, 'reject');
    const two = await raise(env, tracker, 'reject');
    await pagePost(`${url}/messages/${one}/acknowledge`, 'alice', { note: '=HYPERLINK("http://evil.example","click")' });
    await pagePost(`${url}/messages/${two}/assign`, 'bob', { ifAssignee: '' });
    const page = await (await pageGet(`${url}/audit?by=bob`)).text();
    expect(page).toContain(two);
    expect(page).not.toContain(`/worklist/messages/${one}"`);
    const csv = await (await pageGet(`${url}/audit.csv`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('at,messageId,by,action,outcome,reason,assignee,replacement,note,detail');
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toMatch(new RegExp(`${two},bob,assign,done,rejected,bob`));
  });

  it('live: the event stream names a message once its item changes', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject');
    const stream = await fetch(`${url}/events`, { headers: { [TEST_USER_HEADER]: 'alice' } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    await new Promise((r) => setTimeout(r, 300)); // the first look at the ledger is the baseline
    await tracker.acknowledge(id, { by: 'carol', note: 'Done elsewhere.' });
    const deadline = Date.now() + 10_000;
    while (!seen.includes(id) && Date.now() < deadline) seen += decoder.decode(((await reader.read()) as { value?: Uint8Array }).value);
    await reader.cancel();
    expect(seen).toContain('event: messages');
    expect(seen).toContain(id);
  });

  it('hostile text (a topic, a note) is shown as text, never markup', async () => {
    const { tracker, url } = await setUp();
    const id = await raise(env, tracker, 'reject', { topic: HOSTILE_TOPIC });
    await pagePost(`${url}/messages/${id}/acknowledge`, 'alice', { note: '<script>window.__pwned="note"</script>' });
    const pages = [await (await pageGet(`${url}/messages/${id}`)).text(), await (await pageGet(`${url}/audit`)).text()];
    for (const page of pages) {
      expect(page).not.toContain('<script>window.__pwned');
      expect(page).not.toContain('<img src=x');
    }
    expect(pages[0]).toContain('&lt;img src=x onerror=&quot;');
    expect(pages[1]).toContain('&lt;script&gt;window.__pwned=&quot;note&quot;&lt;/script&gt;');
  });

  it('the Fetch API handler answers as node:http does; no URL or log line holds patient data', async () => {
    const { tracker, url, logs } = await setUp({ patient: () => { throw new Error(`lookup of ${PATIENT.nhsNumber} failed`); } });
    const id = await raise(env, tracker, 'reject');
    const worklist = createWorklist({ tracker, authorize: headerAuthorize, basePath: '/worklist' });
    const response = await worklist.fetch(new Request(`http://ooh.example/worklist/messages/${id}`, { headers: { [TEST_USER_HEADER]: 'alice' } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Needs a person: Rejected by the practice');
    const refused = await worklist.fetch(new Request(`http://ooh.example/worklist/messages/${id}/acknowledge`, { method: 'POST', headers: { [TEST_USER_HEADER]: 'alice', Origin: 'https://evil.example', 'HX-Request': 'true' }, body: 'note=x' }));
    expect(refused.status).toBe(403);
    await worklist.close();
    expect((await worklist.fetch(new Request('http://ooh.example/worklist/'))).status).toBe(503);
    const page = await (await pageGet(`${url}/`)).text();
    const hrefs = [...page.matchAll(/(?:href|hx-get|hx-post|action)="([^"]*)"/g)].map((m) => m[1]).join('\n');
    // An NHS number standing on its own: ten digits inside a messageId's hex (a UUID) are not one.
    const nhsNumber = /(?<![\da-f-])\d{3} ?\d{3} ?\d{4}(?![\da-f-])/i;
    expect(hrefs).not.toMatch(nhsNumber);
    expect(hrefs).not.toMatch(/Featherstonehaugh|Perpetua/);
    expect('/worklist/messages/4873ded5-6138-4f9c-b31a-543521552897').not.toMatch(nhsNumber);
    expect(`/worklist/?q=${PATIENT.nhsNumber}`).toMatch(nhsNumber);
    expect(logs.length).toBeGreaterThan(0); // the failed lookup was logged...
    expect(JSON.stringify(logs)).not.toContain(PATIENT.nhsNumber); // ...without what it held
  });

  it('refuses options that cannot work, saying what to give', () => {
    expect(() => createWorklist({ tracker: undefined as never, authorize: headerAuthorize })).toThrow(ConfigurationError);
    expect(() => createWorklist({ tracker: {} as never, authorize: headerAuthorize })).toThrow(/needs `tracker`/);
    expect(() => createWorklist({ tracker: { list() {}, get() {}, acknowledge() {}, assign() {}, audit() {} } as never, authorize: undefined as never })).toThrow(/no anonymous mode/);
    expect(() => createWorklist({ tracker: { list() {}, get() {}, acknowledge() {}, assign() {}, audit() {} } as never, authorize: headerAuthorize, basePath: 'worklist?x' })).toThrow(/basePath/);
  });
});
