// What a person sees, for the evidence: the worklist's page of each message
// that the tracker put before a person (the worklist mounted in this process
// on a loopback port, over the run's own tracker), and the first page of the
// first PDF each scenario sent. Pictures with the machine's Chromium;
// without it, the page's HTML and the PDF's text, and the report says why.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Tracker } from '../../tracker/index.js';
import { createWorklist, type Worklist } from '../../worklist/index.js';
import type { EvidenceCapture, RecordedExchange, TrackerView } from '../types.js';
import { EvidenceBrowser, whyNot } from './chromium.js';

/** The header the run signs in to its own worklist with: its value is random per run, so nobody else on the machine is let in. */
const RUN_HEADER = 'x-cdms-conformance-run';

/** The folder of the captures, inside the evidence folder. */
export const CAPTURES_DIR = 'captures';

/** A capture's bytes, kept until the evidence is written. */
export type CaptureFiles = Map<string, Buffer>;

/** The first PDF among the attachments a scenario sent, as its evidence shows it. */
function firstPdf(exchanges: readonly RecordedExchange[]): { fileName: string; sha256: string } | undefined {
  for (const e of exchanges) {
    const attachments = (e.requestBody as { attachments?: unknown } | null)?.attachments;
    if (!Array.isArray(attachments)) continue;
    const pdf = (attachments as { mimeType?: unknown; fileName?: unknown; sha256?: unknown }[]).find((a) => a.mimeType === 'application/pdf' && typeof a.sha256 === 'string');
    if (pdf) return { fileName: String(pdf.fileName), sha256: String(pdf.sha256) };
  }
  return undefined;
}

/** The PDF's text, through unpdf when it is installed; why not, otherwise. */
async function pdfText(bytes: Buffer): Promise<string> {
  try {
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
    return `The first page's text (no picture: see the note):\n\n${text[0] ?? ''}`;
  } catch (error) {
    return `No rendering and no text: the PDF could not be read here (${whyNot(error)}). Install playwright-core and Chromium, or unpdf, for one.`;
  }
}

/** Takes the captures of a run, scenario by scenario; {@link close} when done. */
export class Captures {
  /** The files taken, by their path in the evidence folder. */
  readonly files: CaptureFiles = new Map();
  readonly #secret = randomUUID();
  #worklist: Promise<{ worklist: Worklist; server: Server; url: string }> | undefined;
  #browser: Promise<EvidenceBrowser | string> | undefined;
  #why: string | null = null;

  /**
   * @param chromiumPath - The Chromium to take pictures with, or false for none (the captures are then HTML and text).
   * @param tracker - The run's tracker; without one there is no worklist page to show.
   * @param mask - Masks every known secret in a text.
   */
  constructor(
    private readonly chromiumPath: string | false,
    private readonly tracker: Tracker | undefined,
    private readonly mask: (text: string) => string,
  ) {}

  /** Why the captures are not pictures, or null when they are (or none was taken). */
  get note(): string | null {
    return this.#why === null ? null : `${this.#why}: the worklist's pages are kept as their HTML and the PDFs as their text`;
  }

  /** The browser, launched on the first capture (a run that captures nothing starts none); why not, as text. */
  async #chromium(): Promise<EvidenceBrowser | string> {
    this.#browser ??= this.chromiumPath === false ? Promise.resolve('the run was asked to take no pictures (chromiumPath: false)') : EvidenceBrowser.launch(this.chromiumPath);
    const browser = await this.#browser;
    if (typeof browser === 'string') this.#why = browser;
    return browser;
  }

  /** The captures of one scenario: the worklist page of each of its messages that needs a person, then its first PDF. */
  async take(scenarioId: string, views: readonly TrackerView[], exchanges: readonly RecordedExchange[], pdfBytes: (sha256: string) => Buffer | undefined): Promise<EvidenceCapture[]> {
    const captures: EvidenceCapture[] = [];
    const needing = this.tracker ? views.filter((v) => v.attention !== null) : [];
    for (const [i, view] of needing.entries()) captures.push(await this.#worklistPage(`${scenarioId}-worklist${i === 0 ? '' : `-${i + 1}`}`, view.messageId));
    const pdf = firstPdf(exchanges);
    const bytes = pdf && pdfBytes(pdf.sha256);
    if (pdf && bytes) captures.push(await this.#document(`${scenarioId}-document`, pdf.fileName, bytes));
    return captures;
  }

  #keep(kind: EvidenceCapture['kind'], subject: string, name: string, mediaType: EvidenceCapture['mediaType'], bytes: Buffer, note: string | null): EvidenceCapture {
    const extension = mediaType === 'image/png' ? 'png' : mediaType === 'text/html' ? 'html' : 'txt';
    const file = `${CAPTURES_DIR}/${name}.${extension}`;
    this.files.set(file, bytes);
    return { kind, subject, file, mediaType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), note };
  }

  async #worklistPage(name: string, messageId: string): Promise<EvidenceCapture> {
    const browser = await this.#chromium();
    const { worklist, url } = await (this.#worklist ??= this.#mountWorklist(browser));
    const pageUrl = `${url}/messages/${encodeURIComponent(messageId)}`;
    let note = this.note;
    if (typeof browser !== 'string') {
      try {
        return this.#keep('worklist', messageId, name, 'image/png', await browser.screenshot(pageUrl), null);
      } catch (error) {
        note = `the screenshot failed (${whyNot(error)}): the page's HTML is kept instead`;
      }
    }
    const response = await worklist.fetch(new Request(pageUrl, { headers: { [RUN_HEADER]: this.#secret } }));
    return this.#keep('worklist', messageId, name, 'text/html', Buffer.from(this.mask(await response.text()), 'utf8'), note);
  }

  async #document(name: string, fileName: string, bytes: Buffer): Promise<EvidenceCapture> {
    const browser = await this.#chromium();
    let note = this.note;
    if (typeof browser !== 'string') {
      try {
        const png = await browser.renderFirstPage(bytes);
        if (png) return this.#keep('document', fileName, name, 'image/png', png, null);
        note = "PDF.js, which draws the page, comes with the optional package 'unpdf', which is not installed";
      } catch (error) {
        note = `drawing the PDF failed (${whyNot(error)})`;
      }
    }
    return this.#keep('document', fileName, name, 'text/plain', Buffer.from(this.mask(await pdfText(bytes)), 'utf8'), note);
  }

  async #mountWorklist(browser: EvidenceBrowser | string): Promise<{ worklist: Worklist; server: Server; url: string }> {
    if (!this.tracker) throw new Error('no tracker');
    const secret = this.#secret;
    const worklist = createWorklist({
      tracker: this.tracker,
      basePath: '/worklist',
      title: 'Clinical documents worklist (conformance run)',
      allowedHosts: ['127.0.0.1'],
      // The run's own sign-in: only requests carrying this run's random header see anything.
      authorize: (request) => {
        const value = request instanceof Request ? request.headers.get(RUN_HEADER) : request.headers[RUN_HEADER];
        return value === secret ? { id: 'conformance-run', name: 'Conformance run' } : null;
      },
    });
    const server = createServer(worklist.handle);
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    if (typeof browser !== 'string') browser.signIn({ [RUN_HEADER]: secret });
    return { worklist, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/worklist` };
  }

  /** Closes the worklist, its server and the browser. */
  async close(): Promise<void> {
    const mounted = await this.#worklist?.catch(() => undefined);
    if (mounted) {
      await mounted.worklist.close();
      mounted.server.closeAllConnections();
      await new Promise((resolve) => mounted.server.close(resolve));
    }
    const browser = await this.#browser;
    if (browser !== undefined && typeof browser !== 'string') await browser.close();
  }
}
