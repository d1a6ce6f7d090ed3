// pdf-send: 400 sends of a message with one 1 MB PDF, 32 in flight, in a
// fresh process per run: a real clinical letter made with pdf-lib (20 pages
// of text, an image making up the size, the patient's number on the last
// page so every page is read) and 1 MB that starts `%PDF-` but does not
// parse. Three packages in the same run: this build, the build of the commit
// before (BENCH_PDF_BASELINE, by default the last commit that read PDFs on
// the main thread, BEFORE_PDF_POOL; built once by
// lib/baseline-package.ts) and raw fetch; the SDKs with the wrong-patient
// check on and off. Reports messages per second and the longest event-loop
// delay on the sending thread (perf_hooks.monitorEventLoopDelay).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { baselinePackage } from '../lib/baseline-package.js';
import { runChild } from '../lib/children.js';
import { clinicalLetter } from '../lib/clinical-pdf.js';
import { pdfBytes } from '../lib/fixtures.js';
import { roundOrder } from '../lib/measure.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const SENDS = Number(process.env['BENCH_PDF_SENDS'] ?? 400);
const ROUNDS = Number(process.env['BENCH_PDF_ROUNDS'] ?? 2);
const CONCURRENCY = 32;
/**
 * A commit whose wrong-patient check read PDFs on the main thread. The first
 * parent of the merge that moved it to workers (f9cf27c) has type
 * declarations that do not build (an import written twice, mended by the
 * next merge), so the commit before it, whose send path differs only in
 * reading the topic list after the rest of validation.
 */
export const BEFORE_PDF_POOL = '5a89889';
const PDF_BYTES = 1_000_000;
const FIXTURES = fileURLToPath(new URL('../.tmp/fixtures/', import.meta.url));

interface Run {
  ms: number;
  cpuMs: number;
  loopMaxMs: number;
  /** The 99th percentile of the event-loop delay (absent from a child of an older bench). */
  loopP99Ms?: number;
}

// after-fresh: the check on without the verdict cache, so that every send reads the PDF (after-on reads it once).
type Side = 'after-on' | 'after-fresh' | 'after-off' | 'before-on' | 'before-off' | 'fetch';
const SIDES: readonly Side[] = ['after-on', 'after-fresh', 'after-off', 'before-on', 'before-off', 'fetch'];

export async function pdfSendScenario({ sdk, serverUrl, log }: BenchContext): Promise<Row[]> {
  const before = await baselinePackage(log, { BENCH_TRACKER_BASELINE: process.env['BENCH_PDF_BASELINE'] ?? BEFORE_PDF_POOL });
  if (!before) throw new Error('pdf-send needs a baseline package (BENCH_PDF_BASELINE)');
  mkdirSync(FIXTURES, { recursive: true });
  const files = { real: `${FIXTURES}letter-1MB.pdf`, unparseable: `${FIXTURES}unparseable-1MB.pdf` };
  writeFileSync(files.real, await clinicalLetter(PDF_BYTES));
  writeFileSync(files.unparseable, pdfBytes(PDF_BYTES, 0x5eed));
  const rows: Row[] = [];
  const only = process.env['BENCH_PDF_FIXTURES']?.split(',');
  for (const [fixture, file] of Object.entries(files)) {
    if (only && !only.includes(fixture)) continue;
    log(`pdf-send: ${SENDS} sends of a 1 MB ${fixture} PDF, ${CONCURRENCY} at a time; this build, ${before.name} and fetch, ${ROUNDS} rounds`);
    const runs = Object.fromEntries(SIDES.map((s) => [s, [] as Run[]])) as Record<Side, Run[]>;
    const run = async (side: Side): Promise<void> => {
      const [pkg, check] = side.split('-') as ['after' | 'before' | 'fetch', 'on' | 'fresh' | 'off' | undefined];
      const out = await runChild<Run>('send-pdf', {
        args: [pkg === 'fetch' ? 'baseline' : 'sdk', serverUrl, String(CONCURRENCY), String(SENDS), file, check ?? 'off', sdk.VERSION],
        nodeFlags: ['--expose-gc'],
        ...(pkg === 'before' ? { script: before.script('send-pdf') } : {}),
      });
      runs[side].push(out);
      log(`pdf-send ${fixture} ${side}: ${((SENDS / out.ms) * 1000).toFixed(1)} msg/s, event loop max ${out.loopMaxMs.toFixed(1)} ms`);
    };
    for (let i = 0; i < ROUNDS; i++) for (const side of roundOrder(SIDES, i)) await run(side);
    rows.push(...fixtureRows(fixture, runs, before.name));
  }
  return rows;
}

function fixtureRows(fixture: string, runs: Record<Side, Run[]>, beforeName: string): Row[] {
  const scenario = `pdf-send ${fixture} x${SENDS} @${CONCURRENCY}`;
  const perSecond = (r: Run): number => (SENDS / r.ms) * 1000;
  const loop = (r: Run): number => r.loopMaxMs;
  const p99 = (r: Run): number => r.loopP99Ms ?? Number.NaN;
  const real = fixture === 'real';
  const beforeLabel = `${beforeName}, same sends`;
  return [
    toRow({
      scenario,
      metric: 'msg/s, check on, no cache, vs before',
      unit: 'msg/s',
      target: real ? { kind: 'min-ratio', limit: 1.8 } : { kind: 'report' },
      sdkSamples: runs['after-fresh'].map(perSecond),
      baselineSamples: runs['before-on'].map(perSecond),
      baselineName: `${beforeLabel}, check on`,
      note: `every send reads the PDF on the pool; event loop max ${fmt(runs['after-fresh'].map(loop))} ms (before: ${fmt(runs['before-on'].map(loop))} ms)`,
    }),
    toRow({
      scenario,
      metric: 'msg/s, check on, vs before',
      unit: 'msg/s',
      target: { kind: 'report' },
      sdkSamples: runs['after-on'].map(perSecond),
      baselineSamples: runs['before-on'].map(perSecond),
      baselineName: `${beforeLabel}, check on`,
      note: 'the client reads the PDF once and keeps the verdict: the sends after the first are answered from its cache',
    }),
    toRow({
      scenario,
      metric: 'event loop max, check on',
      unit: 'ms',
      target: { kind: 'max', limit: 20, unit: 'ms' },
      sdkSamples: runs['after-on'].map(loop),
      baselineSamples: runs['before-on'].map(loop),
      baselineName: `${beforeLabel}, check on`,
      note: `p99 ${fmt(runs['after-on'].map(p99))} ms (before ${fmt(runs['before-on'].map(p99))} ms); raw fetch's own max on the same sends ${fmt(runs.fetch.map(loop))} ms, p99 ${fmt(runs.fetch.map(p99))} ms`,
    }),
    toRow({
      scenario,
      metric: 'msg/s, check off, vs fetch',
      unit: 'msg/s',
      target: { kind: 'min-ratio', limit: 0.95 },
      sdkSamples: runs['after-off'].map(perSecond),
      baselineSamples: runs.fetch.map(perSecond),
      baselineName: 'fetch POST of JSON.stringify(message), same headers, same concurrency',
      note: `before: check off ${fmt(runs['before-off'].map(perSecond))} msg/s; event loop max check off: this build ${fmt(runs['after-off'].map(loop))} ms, before ${fmt(runs['before-off'].map(loop))} ms, fetch ${fmt(runs.fetch.map(loop))} ms`,
    }),
    toRow({
      scenario,
      metric: 'msg/s, check on, vs fetch',
      unit: 'msg/s',
      target: { kind: 'report' },
      sdkSamples: runs['after-on'].map(perSecond),
      baselineSamples: runs.fetch.map(perSecond),
      baselineName: 'fetch POST of JSON.stringify(message), same headers, same concurrency',
    }),
  ];
}

function fmt(values: readonly number[]): string {
  return values.map((v) => v.toFixed(1)).join(' / ');
}
