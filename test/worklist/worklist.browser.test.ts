// The worklist in a real headless Chromium (Debian's, through playwright-core),
// on both engines, with one browser for the file: an item appears live;
// acknowledge with a note by keyboard; assign; send again links the lineage;
// a signed-out browser sees nothing; a cross-site form post is refused;
// hostile text stays inert; axe on every page and 320 px wide; and the
// screenshots of docs/images.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOPICS } from '../../src/sandbox/index.js';
import { createTracker, type Tracker } from '../../src/tracker/index.js';
import { createWorklist, type Worklist } from '../../src/worklist/index.js';
import { axe, browserAvailable, screenshot, settled, useBrowser, type AxeViolation } from '../console/browser.js';
import { standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { HOSTILE_TOPIC } from '../helpers/hostile.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, attentionOf } from '../tracker/support.js';
import { TEST_USER_COOKIE, fileDatabase, headerAuthorize } from './support.js';

const env = useSandbox({ topics: [...DEFAULT_TOPICS, HOSTILE_TOPIC] });
const browser = browserAvailable() ? useBrowser() : undefined;
const axeResults: Record<string, AxeViolation[]> = {};
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const later = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

afterAll(() => {
  const summary = Object.entries(axeResults).map(([name, v]) => `${name}: ${v.length} (${v.map((x) => `${x.id}/${x.impact}`).join(', ') || 'none'})`);
  console.log(`axe violations by page: ${summary.join('; ')}`);
});

/** Runs axe on the page and keeps the result for the summary; fails on serious or critical violations. */
async function accessible(page: Page, name: string): Promise<void> {
  const violations = await axe(page);
  axeResults[name] = violations;
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** At 320 px wide nothing needs scrolling sideways, and the page is still accessible. */
async function narrow(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 800 });
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 321).map((e) => e.tagName + '.' + e.className).slice(0, 5)`,
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
  await accessible(page, `${name} at 320 px`);
  await page.setViewportSize(viewport);
}

describe.skipIf(!browser).each(ENGINES)('worklist in Chromium ($engine)', ({ engine, skip }) => {
  let tracker: Tracker;
  let worklist: Worklist;
  let server: Server;
  let base = '';
  let page: Page;
  let ledger: ReturnType<typeof fileDatabase> | undefined;
  const pictures = engine === 'SQLite';

  async function raise(how: 'reject' | 'expire', topic?: string): Promise<string> {
    const { messageId } = await tracker.send('standard', standardMessage(topic ? { topic } : {}));
    if (how === 'reject') env.sandbox.toolbar.reject(messageId);
    else env.sandbox.expire(messageId);
    await attentionOf(tracker, messageId, how === 'reject' ? 'rejected' : 'expired');
    return messageId;
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${base}${path}`);
    await page.locator('html[data-live="connected"]').waitFor({ state: 'attached' });
  }

  beforeAll(async () => {
    if (skip || !browser) return;
    ledger = fileDatabase(engine);
    tracker = await createTracker({ client: env.client(), database: ledger.database, schema: ledger.schema, ...FAST });
    await tracker.start();
    worklist = createWorklist({
      tracker,
      authorize: headerAuthorize,
      basePath: '/worklist',
      liveCheckMs: 200,
      title: 'Out-of-hours worklist',
      patient: () => ({ nhsNumber: PATIENT.nhsNumber, name: `${PATIENT.family.toUpperCase()}, ${PATIENT.given}` }),
      resend: () => standardMessage({ expiryDateTime: later() }),
    });
    server = createServer(worklist.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/worklist`;
    await browser.context.addCookies([{ name: TEST_USER_COOKIE, value: 'alice', url: base }]);
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    if (skip || !browser) return;
    await page?.close();
    await worklist?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await tracker?.close();
    ledger?.remove();
    await browser.context.clearCookies();
  });

  it.skipIf(skip)('an empty list says so; an item appears live, without a reload', async () => {
    await open('/');
    await expect(page.getByText('Nothing needs a person now.').isVisible()).resolves.toBe(true);
    await accessible(page, `empty queue (${engine})`);
    let navigations = 0;
    page.on('framenavigated', (frame) => (navigations += frame === page.mainFrame() ? 1 : 0));
    const id = await raise('reject');
    await page.locator(`tr[data-message-id="${id}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator(`tr[data-message-id="${id}"]`).textContent()).toContain('943 476 5919');
    expect(navigations).toBe(0);
    await raise('expire');
    await page.getByRole('heading', { name: /Expired before the practice took it/ }).waitFor();
    await accessible(page, `queue (${engine})`);
    await narrow(page, `queue (${engine})`);
    if (pictures) await screenshot(page, 'worklist-queue');
  });

  it.skipIf(skip)('acknowledge with a note, by keyboard: it leaves the list and the audit names the signed-in person', async () => {
    const id = await raise('reject');
    await open(`/messages/${id}`);
    await accessible(page, `message (${engine})`);
    await narrow(page, `message (${engine})`);
    if (pictures) await screenshot(page, 'worklist-message');
    await page.getByLabel('Note', { exact: true }).focus();
    await page.keyboard.type('Phoned the practice: registered elsewhere; sent to the right practice by hand.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Acknowledge');
    await page.keyboard.press('Enter');
    await page.locator('#action-result').getByText('Acknowledged: the message has left the list.').waitFor();
    await page.getByRole('heading', { name: 'Nothing to do' }).waitFor();
    expect((await tracker.audit({ messageId: id })).items).toEqual([
      expect.objectContaining({ by: 'alice', action: 'acknowledge', outcome: 'done', note: 'Phoned the practice: registered elsewhere; sent to the right practice by hand.' }),
    ]);
    await open('/');
    expect(await page.locator(`tr[data-message-id="${id}"]`).count()).toBe(0);
  });

  it.skipIf(skip)('assign to me, and the list shows it as mine', async () => {
    const id = await raise('reject');
    await open(`/messages/${id}`);
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.locator('#action-result').getByText('Assigned to you.').waitFor();
    await page.getByRole('button', { name: 'Unassign' }).waitFor();
    expect((await tracker.get(id))?.assignee).toBe('alice');
    await open('/?assignee=me');
    expect(await page.locator(`tr[data-message-id="${id}"]`).textContent()).toContain('me');
  });

  it.skipIf(skip)('send again: the new message replaces the old, both pages link each other', async () => {
    const id = await raise('expire');
    await open(`/messages/${id}`);
    await page.getByLabel('Why it is sent again (optional)').fill('Expired unread over the weekend.');
    await page.getByRole('button', { name: 'Send again' }).click();
    const link = page.locator('#action-result a.id');
    await link.waitFor();
    const replacement = (await link.textContent())!;
    expect((await tracker.get(id))?.replacedBy).toBe(replacement);
    await page.getByText(`It was sent again as ${replacement}`).waitFor();
    await link.click();
    await page.getByRole('heading', { name: `Message ${replacement}` }).waitFor();
    expect(await page.locator('dl.facts').textContent()).toContain(`Replaces${id}`);
  });

  it.skipIf(skip)('the audit page and its CSV export', async () => {
    await open('/audit');
    await page.getByRole('cell', { name: 'alice' }).first().waitFor();
    await accessible(page, `audit (${engine})`);
    await narrow(page, `audit (${engine})`);
    if (pictures) await screenshot(page, 'worklist-audit');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download these actions as a CSV file' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^worklist-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it.skipIf(skip)('hostile text stays inert', async () => {
    const id = await raise('reject', HOSTILE_TOPIC);
    await tracker.assign(id, '<img src=x onerror="window.__pwned=\'assignee\'">');
    await tracker.acknowledge(id, { by: 'alice', note: `<script>window.__pwned='note'</script><img src=x onerror="window.__pwned='note-img'">` });
    for (const path of [`/messages/${id}`, '/audit']) {
      await open(path);
      await page.mouse.move(5, 5);
      await settled(page);
      expect(await page.evaluate('window.__pwned')).toBeUndefined();
    }
    await open(`/messages/${id}`);
    await expect(page.getByText(HOSTILE_TOPIC).first().isVisible()).resolves.toBe(true);
  });

  it.skipIf(skip)('staff read no developer text: no error class, HTTP method or JSON path outside the folded technical detail', async () => {
    const id = await raise('reject');
    const { messageId: polled } = await tracker.send('standard', standardMessage());
    // The tracker's own polls of other messages take faults too: enough that the person's poll meets one.
    env.sandbox.failNext({ operation: 'messages.status', status: 500, count: 200 });
    await tracker.pollNow(polled, { by: 'alice' });
    expect((await tracker.audit({ messageId: polled })).items.map((e) => e.outcome)).toEqual(['failed']);
    const technical = /\b[A-Z][A-Za-z]*Error\b|\b(?:GET|POST|PUT|PATCH|DELETE)\b|\b[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*){2,}\b/;
    for (const path of ['/', `/messages/${id}`, `/messages/${polled}`, '/audit']) {
      await open(path);
      const visible = await page.evaluate<string>(
        `(() => { const body = document.body.cloneNode(true); body.querySelectorAll('details.technical').forEach((d) => d.remove()); return body.innerText; })()`,
      );
      expect(visible, path).not.toMatch(technical);
    }
    await open(`/messages/${polled}`);
    await expect(page.locator('details.technical').first().isVisible()).resolves.toBe(true);
    await open('/');
  });

  it.skipIf(skip)('signed out, every page shows nothing from the ledger', async () => {
    const id = (await tracker.list({ limit: 1 })).items[0]!.messageId;
    await browser!.context.clearCookies();
    try {
      for (const path of ['/', `/messages/${id}`, '/audit']) {
        const response = await page.goto(`${base}${path}`);
        expect(response?.status()).toBe(401);
        const text = (await page.textContent('body')) ?? '';
        expect(text).toContain('Sign in to see the worklist');
        expect(text).not.toContain(id);
        expect(text).not.toContain('943 476 5919');
      }
      await accessible(page, `signed out (${engine})`);
    } finally {
      await browser!.context.addCookies([{ name: TEST_USER_COOKIE, value: 'alice', url: base }]);
    }
  });

  describe('a page on another site', () => {
    let evil: Server;
    let evilUrl = '';
    let target = '';
    beforeAll(async () => {
      if (skip || !browser) return;
      evil = createServer((_req, res) => res.end(ATTACK_PAGE(`${base}/messages/${target}/acknowledge`)));
      await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
      evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
    });
    afterAll(() => {
      if (!evil) return;
      evil.closeAllConnections();
      return new Promise<void>((resolve) => evil.close(() => resolve()));
    });

    it.skipIf(skip)('cannot acknowledge: its form post (with the signed-in cookie) is refused and nothing changes', async () => {
      target = await raise('reject');
      const refused = page.waitForResponse((r) => r.url() === `${base}/messages/${target}/acknowledge`);
      await page.goto(evilUrl);
      expect((await refused).status()).toBe(403);
      await eventually(async () => (await tracker.get(target))?.attention?.reason).toBe('rejected');
      expect((await tracker.audit({ messageId: target })).items).toEqual([]);
    });
  });
});

/** A page that posts a form to the worklist as soon as it loads (the classic cross-site request forgery). */
function ATTACK_PAGE(action: string): string {
  return `<!doctype html><title>Totally unrelated site</title>
<form id="f" method="post" action="${action}"><input name="note" value="forged"><input name="reason" value="rejected"></form>
<script>document.getElementById('f').submit();</script>`;
}
