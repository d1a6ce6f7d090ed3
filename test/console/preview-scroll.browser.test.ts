// The message page stays where it opened whatever a preview does: Chromium's
// PDF viewer takes the focus when it loads a PDF (one it cannot render too),
// and the browser scrolled the page to it, so a click aimed at Import above
// landed elsewhere.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { makePdf } from '../helpers/documents.js';
import { standardMessage } from '../helpers/fixtures.js';
import { browserAvailable, useBrowser } from './browser.js';

let sandbox: Sandbox;
let cdms: CdmsClient;
const browser = browserAvailable() ? useBrowser() : undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
});
afterAll(() => sandbox?.close());

const GOOD = makePdf(['Discharge summary', 'Seen overnight.']);
// A PDF header and nothing a viewer can render.
const BROKEN = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_000, 0x41), Buffer.from('\n%%EOF\n')]);

async function openMessage(pdf: Buffer): Promise<Page> {
  const text = Buffer.from('Line of the observations.\n'.repeat(80)).toString('base64');
  const { messageId } = await cdms.messages.send(
    standardMessage({
      messageId: crypto.randomUUID(),
      attachments: [
        // A long text preview first, so the PDF's preview is well below the fold.
        { mimeType: 'text/plain', fileName: 'observations.txt', content: text },
        { mimeType: 'application/pdf', fileName: 'summary.pdf', content: pdf.toString('base64') },
      ],
    }),
  );
  const page = await browser!.context.newPage();
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto(`${sandbox.url}/_sandbox/console/messages/${messageId}`);
  await page.locator('html[data-live="connected"]').waitFor({ state: 'attached' });
  return page;
}

/** Resolves once a preview holds the page's focus (the viewer takes it when it has loaded a PDF it cannot render). */
async function previewTookFocus(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate('document.activeElement.tagName'), { timeout: 15_000 }).toBe('IFRAME');
}

/** Chromium's PDF viewer inside the preview: the frame whose own script takes the focus. */
async function viewerOf(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 15_000 }).toBe(true);
  return page.frames().find((f) => f.url().startsWith('chrome-extension://'))!;
}

/** A message page whose PDF preview (one the viewer cannot render) has taken the focus, and the viewer inside it. */
async function openWithViewerFocused(): Promise<{ page: Page; viewer: Frame }> {
  const page = await openMessage(BROKEN);
  await previewTookFocus(page);
  return { page, viewer: await viewerOf(page) };
}

/** The element the viewer focused (its error dialog's title), reached through the viewer's shadow roots. */
const VIEWER_FOCUS = `let el = document.activeElement;
while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;`;

/** Notes from now on how far down the page is scrolled at each scroll event, before the page can undo it. */
async function recordScrolls(page: Page): Promise<() => Promise<number>> {
  const record = 'window.cdmsFurthest = Math.max(window.cdmsFurthest, window.scrollY)';
  await page.evaluate(`window.cdmsFurthest = 0; addEventListener('scroll', () => { ${record}; }, { capture: true })`);
  return () => page.evaluate<number>('window.cdmsFurthest');
}

/** Counts from now on the wheel, key, pointer and touch events the page itself receives. */
async function countHands(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(`if (window.cdmsHands === undefined) {
    ['wheel', 'keydown', 'pointerdown', 'touchstart'].forEach((n) => addEventListener(n, () => { window.cdmsHands++; }, { capture: true }));
  }
  window.cdmsHands = 0;`);
  return () => page.evaluate<number>('window.cdmsHands');
}

/** Two seconds at the least for a scroll that is undone late, or not at all, to show. */
async function staysAt(page: Page, y: number, message: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(250);
    expect(await page.evaluate('window.scrollY'), message).toBe(y);
  }
}

describe.skipIf(!browser)('the console message page and its previews', () => {
  it.each([
    ['a PDF the viewer renders', GOOD],
    ['a PDF it cannot render', BROKEN],
  ])('stays where it opened with %s, and Import above takes the click', async (_, pdf) => {
    const page = await openMessage(pdf);
    const below = await page.evaluate("document.querySelector('iframe.pdf').getBoundingClientRect().top > window.innerHeight");
    expect(below, 'the PDF preview starts below the fold').toBe(true);
    // The viewer has loaded inside the preview (the frame the plugin takes the focus from).
    await expect.poll(() => page.frames().length, { timeout: 15_000 }).toBeGreaterThan(1);
    // Time for a viewer's late focus to have moved the page.
    await staysAt(page, 0, 'the page scrolled by itself');
    await page.getByRole('button', { name: 'Import', exact: true }).click({ trial: false });
    await expect.poll(() => page.locator('#console-status').textContent(), { timeout: 10_000 }).toBe('Done: the message is now COMPLETED.');
    await page.close();
  });

  // The viewer's focus and the scroll it causes reach the page separately: a second scroll while the
  // preview keeps the focus (no change of focus with it), or the scroll arriving before the focus, was
  // taken for the page's own and kept. The viewer's own element is focused again, or scrolled to, from
  // its frame, as the viewer does, so the browser's scrolling across the frames is the real one.
  it('stays where it opened when the viewer scrolls the page again while it keeps the focus', async () => {
    const { page, viewer } = await openWithViewerFocused();
    await staysAt(page, 0, 'the page scrolled by itself');
    const furthest = await recordScrolls(page);
    await viewer.evaluate(`(() => { ${VIEWER_FOCUS} el.blur(); el.focus(); })()`);
    expect(await page.evaluate('document.activeElement.tagName'), 'the preview kept the focus').toBe('IFRAME');
    await staysAt(page, 0, 'the second scroll was undone');
    expect(await furthest(), 'the viewer scrolled the page again').toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it("stays where it opened when the viewer's scroll reaches the page before its focus", async () => {
    const { page, viewer } = await openWithViewerFocused();
    await page.evaluate('document.activeElement.blur()');
    expect(await page.evaluate('document.activeElement.tagName'), 'the page has the focus back').toBe('BODY');
    // The viewer's scroll to its element first; the preview's focus 100 ms after it, without a scroll of its
    // own (a frame cannot take the focus back from the page by script, so the page gives it).
    const furthest = await recordScrolls(page);
    await page.evaluate(`addEventListener('scroll', () => setTimeout(() => document.querySelector('iframe.pdf').focus({ preventScroll: true }), 100), { once: true })`);
    await viewer.evaluate(`(() => { ${VIEWER_FOCUS} el.scrollIntoView(); })()`);
    await previewTookFocus(page);
    await staysAt(page, 0, 'the scroll that came before the focus was undone');
    expect(await furthest(), "the viewer's scroll reached the page").toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it("keeps the user's own scrolling after the viewer took the focus: the wheel, and the keys on the page", async () => {
    const page = await openMessage(BROKEN);
    await previewTookFocus(page);
    await staysAt(page, 0, 'the page scrolled by itself');
    await page.mouse.move(500, 100);
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate('window.scrollY'), { timeout: 5_000 }).toBe(500);
    await staysAt(page, 500, "the wheel's scroll was kept");
    // A click on the page's text gives it the focus back; End then scrolls to the foot of the page.
    await page.locator('h1').click();
    await page.keyboard.press('End');
    const bottom = await page.evaluate<number>('document.documentElement.scrollHeight - window.innerHeight');
    expect(bottom, 'the page is longer than its window').toBeGreaterThan(500);
    await expect.poll(() => page.evaluate('window.scrollY'), { timeout: 5_000 }).toBe(bottom);
    await staysAt(page, bottom, "the keys' scroll was kept");
    await page.close();
  }, 60_000);

  // The page hears nothing of a hand inside a preview: the wheel and the keys used in a viewer the user
  // clicked into reach the page only as scrolls, once the viewer has no more to scroll. They are kept.
  it('passes the wheel and the keys used in a preview the user clicked into on to the page', async () => {
    const page = await openMessage(GOOD);
    await expect.poll(() => page.frames().length, { timeout: 15_000 }).toBeGreaterThan(1);
    await page.mouse.move(500, 100);
    await page.mouse.wheel(0, 1_400);
    await expect.poll(() => page.evaluate('window.scrollY'), { timeout: 5_000 }).toBe(1_400);
    const box = (await page.locator('iframe.pdf').boundingBox())!;
    expect(box.y, 'the top of the preview is in view').toBeGreaterThanOrEqual(0);
    expect(box.y + 100, 'the top of the preview is in view').toBeLessThan(600);
    await page.waitForTimeout(1_500); // the wheel's second is over: nothing on the page explains the click
    await page.mouse.click(box.x + box.width / 2, box.y + 100);
    await previewTookFocus(page);
    await page.waitForTimeout(1_500); // and the second after the preview took the focus
    const handsOnPage = await countHands(page);
    // Flicks apart: the browser keeps the wheel events of one quick run on the scroller they began in.
    await expect
      .poll(async () => (await page.mouse.wheel(0, 300), page.evaluate('window.scrollY')), { timeout: 10_000, interval: 500 })
      .toBeGreaterThan(1_400);
    expect(await handsOnPage(), 'the wheel went to the preview, never to the page').toBe(0);
    await page.waitForTimeout(500);
    const moved = await page.evaluate<number>('window.scrollY');
    await staysAt(page, moved, 'the wheel in the preview scrolled the page');
    await page.evaluate('window.scrollTo(0, 1400)');
    await staysAt(page, 1_400, "the page's own scroll was kept");
    const keysOnPage = await countHands(page);
    await expect
      .poll(async () => (await page.keyboard.press('End'), page.evaluate('window.scrollY')), { timeout: 10_000, interval: 500 })
      .toBeGreaterThan(1_400);
    expect(await keysOnPage(), 'the keys went to the preview, never to the page').toBe(0);
    await page.waitForTimeout(500);
    const bottom = await page.evaluate<number>('document.documentElement.scrollHeight - window.innerHeight');
    await staysAt(page, bottom, 'the keys in the preview scrolled the page to its foot');
    await page.close();
  }, 60_000);
});
