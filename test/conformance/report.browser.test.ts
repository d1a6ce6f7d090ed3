// The evidence page opened in Chromium as an assessor opens it, from the
// file: no request leaves the page, no script runs or fails, axe-core finds
// nothing, and it prints (to PDF) without error. With Chromium on the
// machine, the run's pictures are in it: the worklist's page of each message
// that needs a person, and the first page of each PDF sent, each a real PNG
// with something drawn on it, listed in the manifest, with no credential.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { MANIFEST_FILE, runConformance, type ConformanceReport } from 'cdms-sdk/conformance';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, browserAvailable, CHROMIUM, useBrowser } from '../console/browser.js';
import { evidenceDir, filesUnder, issuedSecrets } from './support.js';

const out = evidenceDir();
// STD-02 and GP-ITK-30002 need a person (a worklist page each); every scenario here but OPS-01, STD-05 and TOK-01 sends a PDF.
const ONLY = ['OPS-01', 'STD-01', 'STD-02', 'STD-05', 'TOK-01', 'GP-ITK-30002'];
let sandbox: Sandbox;
let report: ConformanceReport;

/** Width, height and colour type of a PNG from its IHDR chunk; throws on anything that is not a PNG. */
function pngHeader(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The share of an image's pixels that are dark (text, borders, buttons): zero for a blank picture. Run in the page through the DevTools protocol. */
const DARK_SHARE = `(img) => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 384) dark++;
  return dark / (data.length / 4);
}`;

describe.runIf(browserAvailable())('the evidence page in Chromium', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioStepMs: 40, instantImportDelayMs: 10 });
    report = await runConformance({ baseUrl: sandbox.url, out: out.dir, scenarioStepMs: 40, chromiumPath: CHROMIUM, only: ONLY });
  }, 120_000);

  afterAll(async () => {
    await sandbox?.close();
    out.cleanup();
  });

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

  it("shows a picture of the worklist's page per message that needs a person, and of the first page of each PDF sent", async () => {
    expect(report.passed).toBe(true);
    expect(report.captureNote).toBeNull();
    const needing = report.scenarios.filter((s) => s.tracker.some((t) => t.attention !== null)).map((s) => s.id);
    expect(needing.sort()).toEqual(['GP-ITK-30002', 'STD-02']);
    const sentPdf = report.scenarios.filter((s) => s.exchanges.some((e) => JSON.stringify(e.requestBody ?? null).includes('"application/pdf"'))).map((s) => s.id);
    expect(sentPdf.sort()).toEqual(['GP-ITK-30002', 'STD-01', 'STD-02']);
    const expected = [...needing.map((id) => `captures/${id}-worklist.png`), ...sentPdf.map((id) => `captures/${id}-document.png`)].sort();
    const captures = report.scenarios.flatMap((s) => s.captures);
    expect(captures.map((c) => c.file).sort()).toEqual(expected);
    for (const c of captures) expect(c, c.file).toMatchObject({ mediaType: 'image/png', note: null });

    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(join(out.dir, 'index.html')).href);
    for (const s of report.scenarios) {
      const images = page.locator(`section#${s.id} figure img`);
      expect(await images.count(), s.id).toBe(s.captures.length);
      for (const [i, c] of s.captures.entries()) {
        const img = images.nth(i);
        expect(await img.getAttribute('alt'), c.file).toMatch(c.kind === 'worklist' ? /^The worklist's page for message / : /^The first page of .*\.pdf, as sent$/);
        // The page holds the same picture as the file (a data: URI), drawn with something on it.
        const src = (await img.getAttribute('src')) ?? '';
        expect(Buffer.from(src.replace('data:image/png;base64,', ''), 'base64').equals(readFileSync(join(out.dir, c.file))), c.file).toBe(true);
        const dark = await page.evaluate<number>(`(${DARK_SHARE})(document.querySelectorAll('section#${s.id} figure img')[${i}])`);
        expect(dark, c.file).toBeGreaterThan(0.001);
      }
    }
    await page.close();
  }, 60_000);

  it('keeps each picture as a real PNG of a readable size, listed in the manifest, which verifies', () => {
    const manifest = readFileSync(join(out.dir, MANIFEST_FILE), 'utf8');
    for (const c of report.scenarios.flatMap((s) => s.captures)) {
      const bytes = readFileSync(join(out.dir, c.file));
      const { width, height } = pngHeader(bytes);
      expect(width, c.file).toBeGreaterThanOrEqual(c.kind === 'worklist' ? 1000 : 700);
      expect(height, c.file).toBeGreaterThanOrEqual(c.kind === 'worklist' ? 600 : 900);
      expect(bytes.length, c.file).toBeGreaterThan(10_000);
      expect(bytes.length, c.file).toBe(c.size);
      expect(manifest).toContain(`${c.sha256}  ${c.file}\n`);
    }
    expect(execFileSync('sha256sum', ['-c', MANIFEST_FILE], { cwd: out.dir, encoding: 'utf8' })).toMatch(/captures\/STD-02-worklist\.png: OK/);
  });

  it('puts nothing of the API key or an access token in any file, pictures included', async () => {
    const secrets = await issuedSecrets(sandbox);
    expect(secrets.length).toBeGreaterThan(2); // the two keys and TOK-01's token
    const files = filesUnder(out.dir);
    expect(Object.keys(files).filter((f) => f.startsWith('captures/'))).toHaveLength(5);
    for (const [name, text] of Object.entries(files)) {
      const latin1 = readFileSync(join(out.dir, name)).toString('latin1');
      for (const secret of secrets) expect(text.includes(secret) || latin1.includes(secret), `${name} holds a secret`).toBe(false);
    }
  });
});
