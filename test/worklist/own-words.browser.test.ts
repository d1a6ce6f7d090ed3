// The worklist in the words of the people who use it, read in a real
// headless Chromium (Debian's, through playwright-core) on the embedded
// ledger: the app's own reference as the link text and the practice's name
// and telephone number where staff are told to phone it (and, without the
// app's hooks, the ledger's own words); the audit at 1280 px with headers,
// times and ids on one line and people by name; the cross-site refusal in
// one plain sentence.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTracker, type Tracker } from '../../src/tracker/index.js';
import { createWorklist, type Worklist, type WorklistOptions } from '../../src/worklist/index.js';
import { browserAvailable, settled, useBrowser } from '../console/browser.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, attentionOf } from '../tracker/support.js';
import { TEST_USER_COOKIE, fileDatabase, headerAuthorize } from './support.js';

const env = useSandbox();
const browser = browserAvailable() ? useBrowser() : undefined;
const sqlite = ENGINES.find((e) => e.engine === 'SQLite')!;

/** An error's class, an HTTP method, a JSON path: what staff must not read outside the folded detail. */
const TECHNICAL = /\b[A-Z][A-Za-z]*Error\b|\b(?:GET|POST|PUT|PATCH|DELETE)\b|\b[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*){2,}\b/;

/** The page's text as a person reads it, without what is folded away for support. */
const readable = (page: Page) =>
  page.evaluate<string>(`(() => { const main = document.querySelector('main').cloneNode(true); main.querySelectorAll('details').forEach((d) => d.remove()); return main.innerText; })()`);

/** How many lines an element's text takes: the distinct tops of its text's boxes. */
const linesOf = (page: Page, selector: string) =>
  page.evaluate<{ text: string; lines: number }[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => {
    const range = document.createRange(); range.selectNodeContents(e);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return { text: e.textContent.trim(), lines: tops.size };
  })`);

describe.skipIf(!browser || sqlite.skip)('the worklist in its users\' words (Chromium, embedded ledger)', () => {
  let tracker: Tracker;
  let page: Page;
  let ledger: ReturnType<typeof fileDatabase>;
  const servers: { worklist: Worklist; server: Server }[] = [];
  let own = '';
  let plain = '';
  let rejected = '';

  async function serve(options: Partial<WorklistOptions>): Promise<string> {
    const worklist = createWorklist({ tracker, authorize: headerAuthorize, basePath: '/worklist', liveCheckMs: 200, ...options });
    const server = createServer(worklist.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push({ worklist, server });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/worklist`;
    await browser!.context.addCookies([{ name: TEST_USER_COOKIE, value: 'alice', url: base }]);
    return base;
  }

  beforeAll(async () => {
    ledger = fileDatabase('SQLite');
    tracker = await createTracker({ client: env.client(), database: ledger.database, ...FAST });
    await tracker.start();
    ({ messageId: rejected } = await tracker.send('standard', standardMessage(), { metadata: { letterRef: 'DS-2026-0042' } }));
    env.sandbox.toolbar.reject(rejected);
    await attentionOf(tracker, rejected, 'rejected');
    own = await serve({
      reference: (item) => (typeof item.metadata?.letterRef === 'string' ? `Discharge letter ${item.metadata.letterRef}` : null),
      practice: (item) => Promise.resolve(item.recipient ? { name: 'Riverside Surgery', phone: '01632 960 123' } : null), // as a directory lookup answers
      personName: (id) => (id === 'bob' ? 'Bob Okafor' : null),
    });
    plain = await serve({});
    page = await browser!.context.newPage();
  }, 60_000);

  afterAll(async () => {
    await page?.close();
    for (const { worklist, server } of servers) {
      await worklist.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    await tracker?.close();
    ledger?.remove();
  });

  it('shows the app\'s reference as the link text (the messageId on hover and among the facts), and the practice\'s name and number where staff are told to phone it', async () => {
    await page.goto(`${own}/`);
    const link = page.locator(`tr[data-message-id="${rejected}"] a`);
    expect(await link.textContent()).toBe('Discharge letter DS-2026-0042');
    expect(await link.getAttribute('title')).toBe(`messageId ${rejected}`);
    expect(await page.locator(`tr[data-message-id="${rejected}"] td[data-label="Recipient"]`).innerText()).toMatch(/^Riverside Surgery \([A-Z0-9]+\)$/);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Message Discharge letter DS-2026-0042' }).waitFor();
    const text = await readable(page);
    expect(text).toContain(rejected);
    expect(text).toContain('The practice: Riverside Surgery, telephone 01632 960 123.');
    expect(await page.locator('p.contact a').getAttribute('href')).toBe('tel:01632960123');
  });

  it('without the hooks, the messageId is the link text and the page says where to find the practice\'s number', async () => {
    await page.goto(`${plain}/`);
    const link = page.locator(`tr[data-message-id="${rejected}"] a`);
    expect(await link.textContent()).toBe(rejected);
    const recipient = (await page.locator(`tr[data-message-id="${rejected}"] td[data-label="Recipient"]`).innerText()).trim();
    await link.click();
    await page.getByRole('heading', { level: 1, name: `Message ${rejected}` }).waitFor();
    const text = await readable(page);
    expect(text).toContain(`The practice's telephone number is not known here: find practice ${recipient} in your directory.`);
    expect(text).not.toContain('Riverside Surgery');
  });

  it('the audit at 1280 px: headers, times, people and ids each on one line, the note taking the room left; a person by name with the id on hover', async () => {
    const id = (await tracker.send('standard', standardMessage())).messageId;
    env.sandbox.toolbar.reject(id);
    await attentionOf(tracker, id, 'rejected');
    await tracker.assign(id, 'bob', { by: 'bob' });
    await tracker.acknowledge(id, { by: 'bob', note: 'Phoned Riverside Surgery: they re-imported it by hand and the record now shows the letter.' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${own}/audit`);
    await settled(page);
    for (const selector of ['table.audit th', 'table.audit td.when', 'table.audit td.person', 'table.audit td.id']) {
      const cells = await linesOf(page, selector);
      expect(cells.length, selector).toBeGreaterThan(0);
      for (const cell of cells) expect(cell, selector).toMatchObject({ lines: 1 });
    }
    const widths = await page.evaluate<{ note: number; table: number; main: number }>(
      `({ note: document.querySelector('table.audit th:last-child').getBoundingClientRect().width, table: document.querySelector('table.audit').getBoundingClientRect().width, main: document.querySelector('main').clientWidth })`,
    );
    expect(widths.table).toBeLessThanOrEqual(widths.main);
    expect(widths.note).toBeGreaterThan(widths.table * 0.2);
    const bob = page.locator('table.audit td.person span[title="bob"]').first();
    expect(await bob.textContent()).toBe('Bob Okafor');
    await page.goto(`${plain}/audit`);
    expect((await page.locator('table.audit td.person').first().innerText()).trim()).toBe('bob');
  });

  it('a cross-site form post is refused in one plain sentence, the technical reason folded away', async () => {
    const evil = createServer((_req, res) =>
      res.end(`<!doctype html><html><body><form id="f" method="post" action="${own}/messages/${rejected}/acknowledge"><input name="note" value="forged"></form><script>document.getElementById('f').submit()</script></body></html>`),
    );
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      await page.getByRole('heading', { level: 1, name: 'Request refused' }).waitFor();
      const text = await readable(page);
      expect(text).toContain('Nothing was done: this action did not come from a page of the worklist.');
      expect(text).not.toMatch(TECHNICAL);
      expect(text).not.toMatch(/Sec-Fetch-Site|Origin|header/i);
      expect(await page.locator('main details.technical').textContent()).toContain("Refused as cross-site: Sec-Fetch-Site is 'same-site'.");
      expect((await tracker.get(rejected))?.attention?.reason).toBe('rejected');
    } finally {
      evil.closeAllConnections();
      await new Promise((r) => evil.close(r));
    }
  });
});
