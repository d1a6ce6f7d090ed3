// The machine's Chromium, driven by playwright-core (an optional peer, loaded
// only when a run writes evidence), for the two pictures of the evidence: a
// screenshot of a worklist page, and the first page of a PDF drawn by PDF.js
// (the copy unpdf bundles) on a canvas. Never a downloaded browser: without
// the executable, or without playwright-core, the run says so and keeps the
// pages' HTML and the PDFs' text instead.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, BrowserType, Page } from 'playwright-core';

/** Where Debian's (and most distributions') chromium package puts the browser. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Without the networking flags Chromium floods a closed network with refused connections. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The made-up origin the PDF page is served from, by request interception: nothing leaves the machine. */
const RENDER_ORIGIN = 'http://pdf-render.invalid';

/** A step longer than this is given up, so a wedged browser cannot hold the run. */
const STEP_MS = 30_000;

const RENDER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>render</title></head><body style="margin:0">
<script type="module">import * as pdfjs from './pdfjs.mjs'; window.pdfjs = pdfjs; document.body.dataset.ready = '1';</script></body></html>`;

// Page-side code as text: the project compiles without the DOM's types. No eval
// in PDF.js (isEvalSupported), scale 1.25 (a readable A4 page of about 750 px).
const RENDER_FIRST_PAGE = `async (base64) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await window.pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1.25 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, viewport, canvas }).promise;
    return canvas.toDataURL('image/png');
  } finally {
    await doc.destroy();
  }
}`;

async function bounded<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${STEP_MS / 1000} s`)), STEP_MS)));
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A short reason for a failure, for the evidence: the error's class and first line. */
export function whyNot(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.split('\n')[0] ?? ''}` : String(error);
}

/** PDF.js as unpdf ships it (one self-contained ES module), or undefined when unpdf is not installed. */
async function pdfjsSource(): Promise<Buffer | undefined> {
  try {
    // unpdf's `./pdfjs` export is import-only; its main entry resolves under `require` and sits beside it.
    return await readFile(join(dirname(createRequire(import.meta.url).resolve('unpdf')), 'pdfjs.mjs'));
  } catch {
    return undefined;
  }
}

/** A launched Chromium and what the evidence asks of it. */
export class EvidenceBrowser {
  #pdfPage: Promise<Page | undefined> | undefined;
  #worklistContext: Promise<BrowserContext> | undefined;
  #headers: Record<string, string> = {};

  private constructor(private readonly browser: Browser) {}

  /** Headers every page request sends from now on (the run's sign-in to its own worklist). */
  signIn(headers: Record<string, string>): void {
    this.#headers = headers;
  }

  /**
   * Launches the browser at `executablePath`. Resolves to the reason instead
   * when there is none there, playwright-core is not installed, or it does not start.
   */
  static async launch(executablePath: string): Promise<EvidenceBrowser | string> {
    if (!existsSync(executablePath)) return `Chromium is not on this machine (${executablePath})`;
    let chromium: BrowserType;
    try {
      ({ chromium } = await import('playwright-core'));
    } catch {
      return "the optional package 'playwright-core' is not installed (npm install playwright-core)";
    }
    try {
      const browser = await bounded('starting Chromium', chromium.launch({ executablePath, args: ARGS, headless: true }));
      return new EvidenceBrowser(browser);
    } catch (error) {
      return `Chromium (${executablePath}) did not start: ${whyNot(error)}`;
    }
  }

  /** A full-page PNG of the page at `url`, as a person sees it once it has loaded. */
  async screenshot(url: string): Promise<Buffer> {
    this.#worklistContext ??= this.browser.newContext({ viewport: { width: 1100, height: 800 }, extraHTTPHeaders: this.#headers, reducedMotion: 'reduce' });
    const page = await (await this.#worklistContext).newPage();
    try {
      await bounded('loading the worklist page', page.goto(url, { waitUntil: 'load' }));
      return await bounded('the screenshot', page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }));
    } finally {
      await page.close();
    }
  }

  /** The first page of a PDF as a PNG; undefined when PDF.js is not available (unpdf is not installed). */
  async renderFirstPage(pdf: Uint8Array): Promise<Buffer | undefined> {
    this.#pdfPage ??= this.#openPdfPage();
    const page = await this.#pdfPage;
    if (!page) return undefined;
    const call = `(${RENDER_FIRST_PAGE})(${JSON.stringify(Buffer.from(pdf).toString('base64'))})`;
    const dataUrl = await bounded('drawing the PDF', page.evaluate<string>(call));
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  }

  async #openPdfPage(): Promise<Page | undefined> {
    const source = await pdfjsSource();
    if (!source) return undefined;
    const page = await (await this.browser.newContext()).newPage();
    // Served from memory to a made-up origin: a module script needs a URL, and no request may leave.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === `${RENDER_ORIGIN}/`) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: RENDER_PAGE });
      if (url === `${RENDER_ORIGIN}/pdfjs.mjs`) return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: source });
      return route.abort();
    });
    await bounded('loading PDF.js', page.goto(`${RENDER_ORIGIN}/`));
    await bounded('loading PDF.js', page.waitForFunction(`document.body.dataset.ready === '1'`, undefined, { timeout: STEP_MS }));
    return page;
  }

  /** Closes the browser. */
  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}
