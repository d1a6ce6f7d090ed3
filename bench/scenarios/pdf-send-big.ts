// pdf-send-10x5MB: one send of a message with ten 5 MB real clinical letters
// (lib/clinical-pdf.ts, each made distinct by a comment after its end), the
// wrong-patient check on, in a fresh process, against the check's own time
// on the same pool (checkWrongPatient of ten other distinct copies, timed
// just before); then the same message sent again, whose PDFs must not be
// read again: the PDFs handed to the pool's workers are counted
// (children/send-big-pdf.ts). BENCH_PDF_BIG_ROUNDS fresh processes (3).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runChild } from '../lib/children.js';
import { clinicalLetter } from '../lib/clinical-pdf.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const ROUNDS = Number(process.env['BENCH_PDF_BIG_ROUNDS'] ?? 3);
const FIXTURES = fileURLToPath(new URL('../.tmp/fixtures/', import.meta.url));

interface BigSend {
  checkMs: number;
  sendMs: number;
  resendMs: number;
  parsed: { check: number; send: number; resend: number };
  loopMaxMs: number;
}

export async function pdfSendBigScenario({ serverUrl, log }: BenchContext): Promise<Row[]> {
  mkdirSync(FIXTURES, { recursive: true });
  // Under the 5,000,000 bytes an attachment may have, leaving room for the comments that make each copy distinct.
  const file = `${FIXTURES}letter-5MB.pdf`;
  writeFileSync(file, await clinicalLetter(4_999_970));
  const runs: BigSend[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await runChild<BigSend>('send-big-pdf', { args: [serverUrl, file] });
    log(`pdf-send-10x5MB round ${i + 1}: check ${run.checkMs.toFixed(0)} ms, send ${run.sendMs.toFixed(0)} ms, resend ${run.resendMs.toFixed(0)} ms, PDFs read ${JSON.stringify(run.parsed)}`);
    runs.push(run);
  }
  const scenario = 'pdf-send-10x5MB';
  return [
    toRow({
      scenario,
      metric: 'one send, check on, vs the check alone on the pool',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.2 },
      sdkSamples: runs.map((r) => r.sendMs),
      baselineSamples: runs.map((r) => r.checkMs),
      baselineName: 'checkWrongPatient of ten other distinct copies, same process and pool, just before',
      note: `PDFs read: check ${runs.map((r) => r.parsed.check).join('/')}, send ${runs.map((r) => r.parsed.send).join('/')}; event loop max during the send ${runs.map((r) => r.loopMaxMs.toFixed(1)).join(' / ')} ms`,
    }),
    toRow({
      scenario,
      metric: 'PDFs read again by a resend of the same message',
      unit: 'PDFs',
      // A count that must be 0 has no relative margin: the row fails outright when any resend read a PDF.
      target: { kind: 'report' },
      sdkSamples: runs.map((r) => r.parsed.resend),
      failure: runs.some((r) => r.parsed.resend > 0) ? 'a resend read its PDFs again' : undefined,
      note: `target 0 (checked in every round); resend ${runs.map((r) => r.resendMs.toFixed(0)).join(' / ')} ms`,
    }),
  ];
}
