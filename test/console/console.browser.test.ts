// The sandbox console in a real headless Chromium: live inbox, previews,
// acting as the practice, access codes, widget launches, hostile input,
// a cross-site attack, accessibility, and the screenshots of docs/images.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, type StandardMessageParams } from '../../src/index.js';
import { DEFAULT_TOPICS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { readLaunchTokens } from '../../src/widget/index.js';
import { makePdf, JPEG_BASE64, JPEG_SIZE } from '../helpers/documents.js';
import { gpMessage, standardMessage } from '../helpers/fixtures.js';
import { HOSTILE_CODED_TEXT, HOSTILE_FILE_NAME, HOSTILE_HTML_BODY, HOSTILE_REFERENCE, HOSTILE_TOPIC } from '../helpers/hostile.js';
import { axe, browserAvailable, screenshot, settled, useBrowser, type AxeViolation } from './browser.js';

const PDF = makePdf(['Discharge summary', 'Patient seen in the out-of-hours service.', 'Advice: rest, fluids, review in 48 hours.']);
const TEXT = 'Blood pressure 120/80 at 02:10.\nPulse 72, regular.\n';
const NOTES = 'Presenting complaint: cough for three days.\nExamination: chest clear.\nPlan: fluids, paracetamol; return if worse.';
const SECRET = 'console-widget-secret-32-chars!!';

let sandbox: Sandbox;
let cdms: CdmsClient;
const browser = browserAvailable() ? useBrowser() : undefined;
const axeResults: Record<string, AxeViolation[]> = {};
/** Polls for up to 10 s: the machine may be shared and slow; a wrong value still fails. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, topics: [...DEFAULT_TOPICS, HOSTILE_TOPIC] });
  cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
});
afterAll(async () => {
  const summary = Object.entries(axeResults).map(([name, v]) => `${name}: ${v.length} (${v.map((x) => `${x.id}/${x.impact}`).join(', ') || 'none'})`);
  console.log(`axe violations by page: ${summary.join('; ')}`);
  await sandbox?.close();
});

function documents(overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return standardMessage({
    messageId: crypto.randomUUID(),
    body: { mimeType: 'text/plain', content: 'Seen overnight; summary and photo attached.' },
    attachments: [
      { mimeType: 'application/pdf', fileName: 'discharge-summary.pdf', content: PDF.toString('base64') },
      { mimeType: 'image/jpeg', fileName: 'photo.jpg', content: JPEG_BASE64 },
      { mimeType: 'text/plain', fileName: 'observations.txt', content: Buffer.from(TEXT).toString('base64') },
      { mimeType: 'text/vnd.vendor.service.consultation', fileName: 'consultation.txt', content: Buffer.from(NOTES).toString('base64') },
    ],
    ...overrides,
  });
}

async function open(path: string): Promise<Page> {
  const page = await browser!.context.newPage();
  await page.goto(`${sandbox.url}/_sandbox/console${path}`);
  await page.locator('html[data-live="connected"]').waitFor({ state: 'attached' });
  return page;
}

/** Axe on the page, then its picture. */
async function checkAndPicture(page: Page, name: string, picture: string): Promise<void> {
  await accessible(page, name);
  await screenshot(page, picture);
}

/** Runs axe on the page and keeps the result for the summary; fails on serious or critical violations. */
async function accessible(page: Page, name: string): Promise<void> {
  const violations = await axe(page);
  axeResults[name] = violations;
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

describe.skipIf(!browser)('sandbox console in Chromium', () => {
  it('a send through the SDK appears in the open inbox without a reload', async () => {
    const page = await open('');
    let navigations = 0;
    page.on('framenavigated', (frame) => (navigations += frame === page.mainFrame() ? 1 : 0));
    const { messageId } = await cdms.messages.send(documents());
    await page.locator(`tr[data-message-id="${messageId}"]`).waitFor({ timeout: 10_000 });
    await expect(page.locator(`tr[data-message-id="${messageId}"]`).textContent()).resolves.toContain('943 476 5919');
    expect(navigations).toBe(0);
    await cdms.gpconnect.send(gpMessage({ messageId: crypto.randomUUID() }));
    await page.locator('tr[data-message-id]').nth(1).waitFor();
    await checkAndPicture(page, 'inbox', 'console-inbox');
    await page.close();
  });

  it('previews the PDF, JPEG, text and consultation notes from their decoded bytes', async () => {
    const { messageId } = await cdms.messages.send(documents());
    const page = await open(`/messages/${messageId}`);
    const bytes = async (selector: string) => {
      const src = (await page.locator(selector).getAttribute('src'))!;
      return Buffer.from(await (await page.request.get(`${sandbox.url}${src}`)).body());
    };
    expect((await bytes('iframe.pdf')).equals(PDF)).toBe(true);
    expect(page.frames().some((f) => /\/attachments\/0$/.test(f.url()))).toBe(true);
    expect((await bytes('img.preview')).equals(Buffer.from(JPEG_BASE64, 'base64'))).toBe(true);
    const image = await page.evaluate("(() => { const img = document.querySelector('img.preview'); return [img.complete, img.naturalWidth, img.naturalHeight]; })()");
    expect(image).toEqual([true, JPEG_SIZE.width, JPEG_SIZE.height]);
    expect(await page.locator('pre[data-preview="text"]').textContent()).toBe(TEXT);
    expect(await page.locator('[data-preview="consultation"] pre').textContent()).toBe(NOTES);
    expect(await page.locator('#coded-heading + table').textContent()).toContain('271649006');
    const download = await page.request.get(`${sandbox.url}${(await page.locator('a[download]').first().getAttribute('href'))!}`);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="discharge-summary.pdf"/);
    // The PDF is open in the browser's own viewer (an extension frame inside ours).
    await eventually(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
    await checkAndPicture(page, 'message', 'console-message');
    await page.close();
  });

  it('import from the console makes cdms.messages.status() answer COMPLETED', async () => {
    const { messageId } = await cdms.messages.send(documents());
    const page = await open(`/messages/${messageId}`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await eventually(() => page.locator('#console-status').textContent()).toBe('Done: the message is now COMPLETED.');
    expect((await cdms.messages.status(messageId)).status).toBe('COMPLETED');
    await page.getByRole('cell', { name: 'toolbar: import' }).waitFor();
    await page.close();
  });

  it.each([
    ['received', ['Received by the practice (20013)'], 'PENDING', '20013 - Success'],
    ['imported', ['Received by the practice (20013)', 'Imported by the practice'], 'COMPLETED', '30001-Patient known here'],
    ['rejected by the practice', ['Rejected by the practice'], 'REJECTED', '30002-Patient not known here'],
    ['rejected by MESH', ['Rejected by the message exchange (MESH)'], 'REJECTED', 'EPL-153-ERROR_NHSNUMBER_NOT_FOUND'],
    ['expired', ['Expired (not routed in time)'], 'EXPIRED', null],
  ])('a GP-route message advanced from the console: %s', async (name, clicks, status, subStatus) => {
    const { messageId } = await cdms.gpconnect.send(gpMessage({ messageId: crypto.randomUUID() }));
    const page = await open(`/messages/${messageId}`);
    // Each step's own answer before the next click: on a busy machine a second click sent while the first
    // is still on its way reached the sandbox before it, and was refused as out of order. A click can also
    // land on the step's buttons just as the live view swaps them for the same buttons anew, and be lost
    // with the old ones (no request, no answer): the sandbox's own record says whether the step was
    // taken, and only a step it has not taken is clicked again, so none is taken twice.
    for (const label of clicks) {
      const before = await page.locator('#console-status').textContent();
      const statusBefore = await cdms.gpconnect.status(messageId);
      for (let attempt = 1; ; attempt++) {
        await page.getByRole('button', { name: label, exact: true }).click();
        const answered = await page
          .waitForFunction(`document.getElementById('console-status')?.textContent !== ${JSON.stringify(before)}`, undefined, { timeout: 10_000 })
          .then(() => true, () => false);
        if (answered) break;
        const taken = JSON.stringify(await cdms.gpconnect.status(messageId)) !== JSON.stringify(statusBefore);
        if (taken || attempt === 3) {
          await eventually(() => page.locator('#console-status').textContent()).not.toBe(before);
          break;
        }
      }
    }
    await eventually(() => page.locator('#console-status').textContent()).toContain(`now ${status}`);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status, subStatus });
    if (name === 'received') await accessible(page, 'GP-route message');
    await page.close();
  });

  it('an access code issued in the console is exchanged by the SDK; its token shows up live and is revoked there', async () => {
    await browser!.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
    const page = await open('/toolbar');
    await page.locator('form[hx-post="/_sandbox/access-codes"] input[name="user"]').fill('dr.browser');
    await page.getByRole('button', { name: 'Issue an access code' }).click();
    const code = (await page.locator('output#access-code').textContent())!;
    await page.getByRole('button', { name: 'Copy the access code' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(code);
    const token = await cdms.tokens.exchange(code);
    const row = page.locator(`tr[data-token="${token}"]`);
    await row.waitFor();
    await page.locator('form[hx-post="/_sandbox/toolbar/run"] input[name="user"]').fill('dr.browser');
    await page.getByRole('button', { name: 'Run the toolbar' }).click();
    await page.getByRole('button', { name: "Stop dr.browser's toolbar" }).waitFor();
    await checkAndPicture(page, 'toolbar', 'console-toolbar');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await eventually(() => row.textContent()).toContain('revoked');
    expect(await cdms.tokens.verify(token)).toBe(false);
    await page.close();
  });

  it('a widget launched from the console opens a page whose tokens verify', async () => {
    await cdms.widgets.register({ name: 'Care Plan', icon: 'clipboard', launchUrl: 'https://widget.test/launch', encryptionSecret: SECRET, requiresUserData: true, requiresPatientData: true });
    await browser!.context.route('https://widget.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Widget</title><p>Widget page</p>' }));
    const page = await open('/widgets');
    await checkAndPicture(page, 'widgets', 'console-widgets');
    const opened = browser!.context.waitForEvent('page');
    await page.getByRole('button', { name: 'Launch Care Plan' }).click();
    const widgetPage = await opened;
    await widgetPage.waitForURL(/^https:\/\/widget\.test\/launch\?/);
    const verify = createRemoteJWKSet(new URL(`${sandbox.url}/_sandbox/jwks`));
    const tokens = await readLaunchTokens(widgetPage.url(), { encryptionSecret: SECRET, verify, requiresPatientData: true });
    expect(tokens.user).toMatchObject({ verified: true, claims: { sub: 'dr.patel', name: 'Dr Asha Patel', ods_code: 'A81001' } });
    expect(tokens.patient).toMatchObject({ verified: true, claims: { nhs_number: '9434765919', family_name: 'Lovelace' } });
    await widgetPage.close();
    await page.close();
  });

  it('hostile file names, topics, coded text and HTML bodies stay inert', async () => {
    const hostile = documents({
      topic: HOSTILE_TOPIC,
      body: { mimeType: 'text/html', content: HOSTILE_HTML_BODY },
      attachments: [{ mimeType: 'text/plain', fileName: HOSTILE_FILE_NAME, content: Buffer.from(HOSTILE_CODED_TEXT).toString('base64') }],
      codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: HOSTILE_CODED_TEXT }],
    });
    const { messageId } = await cdms.messages.send(hostile);
    const gp = gpMessage({ messageId: crypto.randomUUID() });
    await cdms.gpconnect.send({ ...gp, gpConnectAdditionalInformation: { ...gp.gpConnectAdditionalInformation, senderReference: HOSTILE_REFERENCE } });
    const before = sandbox.requests().length;
    for (const path of ['', `/messages/${messageId}`, `/messages/${gp.messageId}`]) {
      const page = await open(path);
      await page.mouse.move(5, 5);
      for (const heading of await page.locator('h3').all()) await heading.hover();
      await settled(page);
      expect(await page.evaluate('window.__pwned')).toBeUndefined();
      if (path === `/messages/${messageId}`) {
        await expect(page.getByText(HOSTILE_FILE_NAME).first().isVisible()).resolves.toBe(true);
        const body = page.frames().find((f) => f.url().endsWith('/body'))!;
        expect(await body.locator('#inert-body').textContent()).toBe('Body text');
      }
      await page.close();
    }
    // The body's image pointed at the API: it never loaded (the frame's CSP allows no network).
    expect(sandbox.requests().slice(before).filter((r) => r.operation === 'test')).toEqual([]);
  });

  describe('a page on another site', () => {
    let evil: Server;
    let evilUrl = '';
    beforeAll(async () => {
      evil = createServer((_req, res) => res.end(ATTACK_PAGE(sandbox.url, attackedId)));
      await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
      evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
    });
    afterAll(() => {
      evil.closeAllConnections();
      return new Promise<void>((resolve) => evil.close(() => resolve()));
    });
    let attackedId = '';

    it('cannot import or expire a message: its form post and its fetches are refused', async () => {
      attackedId = (await cdms.messages.send(documents())).messageId;
      const page = await browser!.context.newPage();
      // Each of the three attempts is over once the browser has its answer (or gave up on it): only then is "nothing changed" news.
      const over = (path: string) => new Promise<void>((resolve) => {
        const done = (r: { url(): string }) => r.url() === `${sandbox.url}${path}` && resolve();
        page.on('requestfinished', done);
        page.on('requestfailed', done);
      });
      const attempts = Promise.all(['/_sandbox/expire', '/_sandbox/toolbar/reject', '/_sandbox/toolbar/import'].map(over));
      const refused = page.waitForResponse((r) => r.url() === `${sandbox.url}/_sandbox/toolbar/import`);
      await page.goto(evilUrl);
      expect((await refused).status()).toBe(403);
      await attempts;
      expect(sandbox.getMessage(attackedId)?.status).toBe('PENDING');
      await page.close();
    });
  });

  it('the request log and the faults pages are accessible', async () => {
    await cdms.messages.send(documents({ recipient: { id: { type: 'OcsClientIdentifier', value: 'Z99999' } } })).catch(() => undefined);
    const requests = await open('/requests');
    await requests.getByRole('cell', { name: /Request Validation Error/ }).first().waitFor();
    await checkAndPicture(requests, 'requests', 'console-requests');
    await requests.close();
    sandbox.setFaults({ gpconnect503Rate: 0.3, retryAfterSeconds: 1, operations: ['gpconnect.send'] });
    const faults = await open('/faults');
    await checkAndPicture(faults, 'faults', 'console-faults');
    await faults.locator('input[name="latencyMs"]').fill('25');
    await faults.getByRole('button', { name: 'Replace the faults' }).click();
    await eventually(() => sandbox.getFaults()).toEqual({ gpconnect503Rate: 0.3, retryAfterSeconds: 1, latencyMs: 25, operations: ['gpconnect.send'] });
    await faults.close();
  });
});

/** A page on another origin that tries the three ways a page can post without the console: a form, and two fetches. */
function ATTACK_PAGE(sandboxUrl: string, messageId: string): string {
  const body = JSON.stringify({ messageId });
  return `<!doctype html><title>Totally unrelated site</title>
<form id="f" method="POST" action="${sandboxUrl}/_sandbox/toolbar/import" enctype="text/plain"><input name='{"messageId":"${messageId}","x":"' value='"}'></form>
<script>
fetch(${JSON.stringify(`${sandboxUrl}/_sandbox/expire`)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(body)} });
fetch(${JSON.stringify(`${sandboxUrl}/_sandbox/toolbar/reject`)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(body)} }).catch(() => {});
setTimeout(() => document.getElementById('f').submit(), 200);
</script>`;
}
