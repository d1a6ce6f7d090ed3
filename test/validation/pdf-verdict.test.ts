// The page-by-page verdict of the wrong-patient check, read on this thread:
// the same function the pool's workers run, called directly so that a
// mutation of it (which a worker thread would not see) fails a test here.
import { describe, expect, it } from 'vitest';
import { readPdfVerdict } from '../../src/validation/pdf-check/pdf-verdict.js';
import { PATIENT } from '../helpers/fixtures.js';
import { pdfWithText, pdfWithoutText } from '../helpers/pdfs.js';

const SUBJECT = PATIENT.nhsNumber; // 943 476 5919
const OTHER = '9990000026';

describe('readPdfVerdict', () => {
  it.each([
    ['another patient on page 1, nobody on pages 2-3', 'names-only-others', [[`Re: ${OTHER}`], ['Seen in clinic.'], ['Review in two weeks.']]],
    ['nobody on pages 1-2, another patient on page 3', 'names-only-others', [['Summary'], ['Continued'], [`Re: ${OTHER}`]]],
    ['another patient on page 1, the subject on page 3', 'names-subject', [[`Mother: ${OTHER}`], ['Discharge summary'], [`Baby: ${SUBJECT}`]]],
    ['the subject on page 1, another patient on page 2', 'names-subject', [[`Baby: ${SUBJECT}`], [`Mother: ${OTHER}`]]],
    ['text on every page, no NHS number', 'names-nobody', [['Summary'], ['Seen in clinic.']]],
  ] as const)('%s: %s', async (_, verdict, pages) => {
    expect(await readPdfVerdict(await pdfWithText(pages), SUBJECT)).toBe(verdict);
  });

  it('a PDF without a text layer names nobody', async () => {
    expect(await readPdfVerdict(await pdfWithoutText(), SUBJECT)).toBe('names-nobody');
  });
});
