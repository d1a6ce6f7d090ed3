// One headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; never a downloaded browser) for a test file, axe-core
// injected into pages, and the console's screenshots.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser tests can run here. In CI they must: a missing browser fails there. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing in CI: .ci/run installs Debian's chromium before the tests.`);
  console.warn(`\n*** SKIPPING the console's browser tests: ${CHROMIUM} is missing (apt-get install -y chromium). CI runs them. ***\n`);
  return false;
}

/** Without these, Chromium floods the closed network with refused connections (reference/toolchain.md). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Launches one browser, with a fresh profile, for the calling test file.
 * playwright turns Chromium's back/forward cache off by default; users have
 * it on, and pages kept in it keep their connections: `backForwardCache`
 * gives the browser users have.
 */
export function useBrowser(options: { backForwardCache?: boolean } = {}): { readonly context: BrowserContext } {
  let context: BrowserContext | undefined;
  let profile = '';
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'cdms-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
      viewport: { width: 1280, height: 900 },
      ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });
  return {
    get context(): BrowserContext {
      if (!context) throw new Error('The browser is not started yet.');
      return context;
    },
  };
}

/**
 * Resolves once the page has done all it was going to do by itself: loaded
 * with its frames, every image loaded or failed (so an `onerror` had its
 * turn), no htmx request, swap or settle under way, then a frame drawn and
 * the task queue run. A check that something did NOT happen
 * (a hostile script ran, a forged post landed) waits for this, the page's
 * own signal, rather than for a time that a busy machine may not honour.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(SETTLED, undefined, { polling: 'raf', timeout: 10_000 });
  // Frames (a PDF, an inert body that may run no script) report their own load.
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await frame.waitForLoadState('load', { timeout: 10_000 });
  // A handler queued by the last event (a hover, an error) runs before this answers.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
}

const SETTLED = `document.readyState === 'complete'
  && [...document.images].every((img) => img.complete)
  && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')`;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One accessibility violation, as axe reports it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (WCAG 2.1 A and AA, and best practices). It is
 * evaluated through the DevTools protocol, which the page's CSP does not
 * govern, so the CSP under test stays as served.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // Page-side code as text: the project compiles without the DOM's types.
  return page.evaluate<AxeViolation[]>(AXE_RUN);
}

const AXE_RUN = `axe.run(document, {
  iframes: false,
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
}).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`;

/**
 * A full-page screenshot. With CDMS_SCREENSHOTS set to a folder
 * (`CDMS_SCREENSHOTS=docs/images`), it is written there as `<name>.png`;
 * otherwise it is only checked, so test runs leave the docs untouched.
 */
export async function screenshot(page: Page, name: string): Promise<Buffer> {
  const dir = process.env.CDMS_SCREENSHOTS;
  // A full-page capture resizes the page, and the PDF viewer redraws blank: grow the window instead.
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  if (dir) await page.waitForTimeout(2_500); // frames (the PDF viewer) redraw at the new size
  const image = await page.screenshot();
  await page.setViewportSize(viewport);
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), image);
  }
  return image;
}
