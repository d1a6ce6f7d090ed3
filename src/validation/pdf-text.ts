// The text layer of a PDF, page by page, for the wrong-patient cross-check.
// Runs in the check's worker threads (pdf-check/pdf-pool.ts), or on the
// calling thread where a runtime has none.
// The PDF library (unpdf, PDF.js for every runtime) is an optional peer
// loaded the first time a PDF is checked (decision D-VALID-25): senders who
// never send a PDF never load it.
import type * as UnpdfModule from 'unpdf';
import { loadOptionalModule } from '../core/optional-module.js';

type Unpdf = typeof UnpdfModule;

let loading: Promise<Unpdf> | undefined;

/** Pages read together. */
const PAGES_AT_ONCE = 8;

type PdfDocument = Awaited<ReturnType<Unpdf['getDocumentProxy']>>;

/** One page's text, items joined as PDF.js gives them; undefined for a page that cannot be read (the others still are). */
async function pageText(pdf: PdfDocument, n: number): Promise<string | undefined> {
  try {
    const content = await (await pdf.getPage(n)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  } catch {
    return undefined;
  }
}

/** unpdf, loaded once; a ConfigurationError with the install command when it is missing. */
export function loadUnpdf(): Promise<Unpdf> {
  loading ??= loadOptionalModule('unpdf', "The wrong-patient check of a PDF's text", () => import('unpdf'), 'unpdf@~1.7.0').catch(
    (error: unknown) => {
      loading = undefined; // installed later, the next send finds it
      throw error;
    },
  );
  return loading;
}

/**
 * The text of each page of a PDF, in order, as PDF.js extracts it. Yields
 * nothing for a PDF it cannot open (damaged, or protected by a password): the
 * check cannot read it, and says nothing about it. Stops between pages when
 * `signal` aborts.
 *
 * @param bytes - The PDF. PDF.js may take over its buffer: one the bytes fill
 *   alone is handed over as it is (the caller gives up the bytes), a view into a
 *   shared one is copied first.
 */
export async function* pdfPageTexts(bytes: Uint8Array, signal?: AbortSignal): AsyncGenerator<string> {
  const { getDocumentProxy } = await loadUnpdf();
  signal?.throwIfAborted();
  let pdf: PdfDocument;
  try {
    // No eval (fonts), no system fonts, errors only: the document is untrusted and nothing of it may reach a log.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    pdf = await getDocumentProxy(own, { isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  } catch {
    return;
  }
  try {
    // A few pages at a time: PDF.js answers pages faster when asked for several at once, and a
    // document naming its patient early is not read to the end.
    for (let first = 1; first <= pdf.numPages; first += PAGES_AT_ONCE) {
      signal?.throwIfAborted();
      const numbers = Array.from({ length: Math.min(PAGES_AT_ONCE, pdf.numPages - first + 1) }, (_, i) => first + i);
      const texts = await Promise.all(numbers.map((n) => pageText(pdf, n)));
      for (const text of texts) if (text !== undefined) yield text;
    }
  } finally {
    await pdf.destroy();
  }
}
