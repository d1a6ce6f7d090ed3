// Acting on a message reached by clicking through the live console: the
// Import button must send its request whatever pages were visited before
// (a user reported nothing happening until a reload).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { makePdf } from '../helpers/documents.js';
import { standardMessage } from '../helpers/fixtures.js';
import { browserAvailable, useBrowser } from './browser.js';

let sandbox: Sandbox;
let cdms: CdmsClient;
const browser = browserAvailable() ? useBrowser({ backForwardCache: true }) : undefined;
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const PDF = makePdf(['Discharge summary']);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
});
afterAll(() => sandbox?.close());

const send = async (): Promise<string> =>
  (
    await cdms.messages.send(
      standardMessage({ messageId: crypto.randomUUID(), attachments: [{ mimeType: 'application/pdf', fileName: 'summary.pdf', content: PDF.toString('base64') }] }),
    )
  ).messageId;

async function live(page: Page): Promise<void> {
  await page.locator('html[data-live="connected"]').waitFor({ state: 'attached' });
}

describe.skipIf(!browser)('console: acting after clicking through the live console', () => {
  it('Import works on a message opened from the live inbox, after several pages visited', { timeout: 60_000 }, async () => {
    const page = await browser!.context.newPage();
    await page.goto(`${sandbox.url}/_sandbox/console`);
    await live(page);
    // Visit pages the way a user does (links, back), each with its own live connection while open.
    for (const name of ['Request log', 'Faults', 'Toolbar users and tokens', 'Widgets', 'Inbox', 'Request log', 'Inbox']) {
      await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
      await live(page);
    }
    for (let i = 0; i < 3; i++) {
      const earlier = await send();
      await page.locator(`tr[data-message-id="${earlier}"] a`).click();
      await live(page);
      await page.goBack();
      await live(page);
    }
    const messageId = await send();
    await page.locator(`tr[data-message-id="${messageId}"] a`).click();
    await live(page);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/_sandbox/toolbar/import'), { timeout: 10_000 });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await posted;
    await eventually(() => page.locator('#console-status').textContent()).toBe('Done: the message is now COMPLETED.');
    expect((await cdms.messages.status(messageId)).status).toBe('COMPLETED');
    await page.close();
  });

  // A browser opens at most six connections to one host: with an event stream per tab, six open
  // console tabs left none, and a seventh page (or an action in any of them) waited for ever.
  it('seven console tabs at once: the last one loads, and Import works in it', { timeout: 60_000 }, async () => {
    const tabs: Page[] = [];
    for (let i = 0; i < 6; i++) {
      const tab = await browser!.context.newPage();
      await tab.goto(`${sandbox.url}/_sandbox/console`);
      await live(tab);
      tabs.push(tab);
    }
    const messageId = await send();
    const page = await browser!.context.newPage();
    await page.goto(`${sandbox.url}/_sandbox/console/messages/${messageId}`, { timeout: 10_000 });
    await live(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await eventually(() => page.locator('#console-status').textContent()).toBe('Done: the message is now COMPLETED.');
    // Every tab still follows the sandbox live: the first one shows the import without a reload.
    await eventually(() => tabs[0]!.locator(`tr[data-message-id="${messageId}"]`).textContent()).toContain('COMPLETED');
    // Closing the tab that holds the stream hands it to another.
    await tabs[0]!.close();
    const next = await send();
    await tabs[1]!.locator(`tr[data-message-id="${next}"]`).waitFor({ timeout: 10_000 });
    for (const tab of [...tabs.slice(1), page]) await tab.close();
  });
});
