// The message page stays where it opened whatever a preview does: Chromium's
// PDF viewer takes the focus when it loads a PDF (one it cannot render too),
// and the browser scrolled the page to it, so a click aimed at Import above
// landed elsewhere.
import type { Page } from 'playwright-core';
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
    // Time for a viewer's late focus to have moved the page: two seconds at the least.
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(250);
      expect(await page.evaluate('window.scrollY'), 'the page scrolled by itself').toBe(0);
    }
    await page.getByRole('button', { name: 'Import', exact: true }).click({ trial: false });
    await expect.poll(() => page.locator('#console-status').textContent(), { timeout: 10_000 }).toBe('Done: the message is now COMPLETED.');
    await page.close();
  });
});
