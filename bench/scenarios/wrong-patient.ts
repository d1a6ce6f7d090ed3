// wrong-patient: the cross-check a send runs (checkWrongPatient) on a 5 MB
// clinical letter and on ten of them, against PDF text extraction alone
// (unpdf's extractText of the same PDFs from their bytes, which opens,
// reads every page and frees each document):
// the check's own cost beyond the reading it cannot avoid.
import { extractText } from 'unpdf';
import { PATIENT_NHS_NUMBER, clinicalLetter, LETTER_PAGES } from '../lib/clinical-pdf.js';
import { alternate, timeMs } from '../lib/measure.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

export async function wrongPatientScenario({ sdk, log }: BenchContext): Promise<Row[]> {
  const letter = await clinicalLetter();
  const content = Buffer.from(letter).toString('base64');
  const message = (count: number) => ({
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT_NHS_NUMBER } },
    attachments: Array.from({ length: count }, (_, i) => ({ mimeType: 'application/pdf', fileName: `letter-${i}.pdf`, content })),
  });
  const rows: Row[] = [];
  for (const count of [1, 10]) {
    const m = message(count);
    const check = async (): Promise<void> => {
      const result = await sdk.checkWrongPatient(m);
      if (!result.ok) throw new Error('the bench letter names its own patient: the check must pass it');
    };
    const extract = async (): Promise<void> => {
      for (let i = 0; i < count; i++) {
        // unpdf's one call from bytes: opens the document, reads every page, frees it (as any program must).
        const { text } = await extractText(letter.slice(), { mergePages: true });
        if (!text.includes('943 476 5919')) throw new Error('extraction lost the last page');
      }
    };
    const scenario = count === 1 ? 'wrong-patient-5MB' : 'wrong-patient-10x5MB';
    log(`${scenario}: ${count} PDF of 5,000,000 bytes, ${LETTER_PAGES} pages of text each`);
    const samples = await alternate({ warmup: 1, reps: count === 1 ? 9 : 7, probes: { sdk: () => timeMs(check), baseline: () => timeMs(extract) } });
    rows.push(
      toRow({
        scenario,
        metric: 'check vs text extraction alone',
        unit: 'ms',
        target: { kind: 'max-ratio', limit: 1.15 },
        sdkSamples: samples.sdk,
        baselineSamples: samples.baseline,
        baselineName: 'unpdf extractText of the same PDFs (from bytes: open, read every page, free)',
        note: `the patient's number is on the last of ${LETTER_PAGES} pages, so every page is read (a letter naming the patient on page 1 stops there)`,
      }),
    );
  }
  return rows;
}
