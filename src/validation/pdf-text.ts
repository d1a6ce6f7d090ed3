// The text layer of a PDF, page by page, for the wrong-patient cross-check.
// The PDF library (unpdf, PDF.js for every runtime) is an optional peer
// loaded the first time a PDF is checked (decision D-VALID-25): senders who
// never send a PDF never load it.
import { loadOptionalModule } from '../internal/optional-module.js';

type Unpdf = typeof import('unpdf');

let loading: Promise<Unpdf> | undefined;

/** unpdf, loaded once; a ConfigurationError with the install command when it is missing. */
function loadUnpdf(): Promise<Unpdf> {
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
 * @param bytes - The PDF; a copy is handed to PDF.js, which may take over its buffer.
 */
export async function* pdfPageTexts(bytes: Uint8Array, signal?: AbortSignal): AsyncGenerator<string> {
  const { getDocumentProxy } = await loadUnpdf();
  signal?.throwIfAborted();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // No eval (fonts), no system fonts, errors only: the document is untrusted and nothing of it may reach a log.
    pdf = await getDocumentProxy(bytes.slice(), { isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  } catch {
    return;
  }
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      signal?.throwIfAborted();
      let text: string;
      try {
        const content = await (await pdf.getPage(n)).getTextContent();
        text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      } catch {
        continue; // one unreadable page: read the others
      }
      yield text;
    }
  } finally {
    await pdf.destroy();
  }
}
