// A one-page PDF that says it is a sample, for trying sends against the
// sandbox without a document at hand (and without patient data).
import { onePagePdf } from '../internal/one-page-pdf.js';

/** The sample's text: nothing clinical, nothing about a person. */
const TEXT = 'Sample document for the CDMS sandbox. It holds no patient data.';

/** The bytes of the sample PDF. */
export function samplePdf(): Buffer {
  return onePagePdf(TEXT);
}
