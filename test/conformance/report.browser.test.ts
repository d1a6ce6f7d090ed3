// The evidence page opened in Chromium as an assessor opens it, from the
// file: no request leaves the page, no script runs or fails, axe-core finds
// nothing, and it prints (to PDF) without error.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { runConformance } from 'cdms-sdk/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, browserAvailable, useBrowser } from '../console/browser.js';
import { evidenceDir } from './support.js';

const out = evidenceDir();

describe.runIf(browserAvailable())('the evidence page in Chromium', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await runConformance({ out: out.dir, scenarioStepMs: 40, only: ['OPS-01', 'STD-01', 'STD-05', 'STD-07', 'TOK-01', 'GP-ITK-30002'] });
  }, 60_000);

  afterAll(() => out.cleanup());

  it('loads with no external request and no script error, is axe-clean, and prints', async () => {
    const page = await browser.context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const url = pathToFileURL(join(out.dir, 'index.html')).href;
    await page.goto(url);
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    expect(await page.locator('table').first().locator('tbody tr').count()).toBe(6);
    expect(await page.locator('textarea').count()).toBe(6);
    expect(await page.locator('h1').textContent()).toMatch(/every scenario passed/);
    const violations = await axe(page);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.close();
  }, 60_000);
});
