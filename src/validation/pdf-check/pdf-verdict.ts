// What one PDF's text layer says about the subject, read page by page. The
// same reading runs in a worker thread of the pool (pdf-worker.ts) and, where
// a runtime has no workers, on the calling thread (pdf-checker.ts).
import { findNhsNumbers } from '../nhs-numbers-in-text.js';
import { pdfPageTexts } from '../pdf-text.js';

/**
 * What a PDF's text names: the subject (whatever else it names), only other
 * NHS numbers, or none at all (also a PDF without a text layer, or one that
 * cannot be read).
 */
export type PdfVerdict = 'names-subject' | 'names-only-others' | 'names-nobody';

/**
 * Reads the PDF's pages until one names `subject`. `bytes` are given up
 * (PDF.js takes their buffer).
 */
export async function readPdfVerdict(bytes: Uint8Array, subject: string, signal?: AbortSignal): Promise<PdfVerdict> {
  let others = false;
  for await (const page of pdfPageTexts(bytes, signal)) {
    const found = findNhsNumbers(page);
    if (found.has(subject)) return 'names-subject'; // the rest of the document need not be read
    others ||= found.size > 0;
  }
  return others ? 'names-only-others' : 'names-nobody';
}
