// The wrong-patient check's worker from the build: dist/pdf-worker.js (ESM)
// and dist/pdf-worker.cjs (CommonJS) are found by the code that starts them,
// read a PDF naming another patient on page 1 of 3, and the process then
// exits by itself (the idle workers are unref'd). `npm test` builds dist/
// before the tests run.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithText } from '../helpers/pdfs.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
let work: string;
let pdfFile: string;

let noiseFile: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cdms-pdf-worker-'));
  pdfFile = join(work, 'letter.pdf');
  writeFileSync(pdfFile, await pdfWithText([['Re: 999 000 0026'], ['Summary'], ['Advice given']]));
  // Starts %PDF- but has no trailer: the worker starts (unpdf must be there) and never gets a job.
  noiseFile = join(work, 'noise.pdf');
  writeFileSync(noiseFile, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 7)]));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CHECK = (load: string) => `${load}
const content = readFileSync(${JSON.stringify('PDF_FILE')}).toString('base64');
const message = { subject: { id: { type: 'NHSNumber', value: '9434765919' } }, attachments: [{ mimeType: 'application/pdf', fileName: 'a.pdf', content }] };
sdk.checkWrongPatient(message).then((result) => console.log(JSON.stringify({ refused: result.invalidParameters.map((p) => p.name), MAIN })));`;

describe('the PDF worker from the build', () => {
  it('both builds carry the worker beside the entry points', () => {
    for (const file of ['pdf-worker.js', 'pdf-worker.cjs']) expect(existsSync(join(root, 'dist', file))).toBe(true);
  });

  it.each([
    ['ESM', `import { readFileSync } from 'node:fs'; const sdk = await import('./dist/index.js');`, ['--input-type=module'], 'null'],
    // In CommonJS the main thread's modules are listed: unpdf is not among them.
    ['CommonJS', `const { readFileSync } = require('node:fs'); const sdk = require('./dist/index.cjs');`, [], `Object.keys(require.cache).some((k) => k.includes('/unpdf/'))`],
  ])('%s: the worker reads the PDF, and the process exits by itself', async (_name, load, flags, main) => {
    const script = CHECK(load).replace('"PDF_FILE"', JSON.stringify(pdfFile)).replace('MAIN', `main: ${main}`);
    // A pool that kept the process alive would hit the timeout: execFile then rejects.
    const { stdout } = await run(process.execPath, [...flags, '-e', script], { cwd: root, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ refused: ['attachments[0].content'], main: main === 'null' ? null : false });
  });

  it('a worker started for a PDF that is never read (no trailer) does not keep the process alive either', async () => {
    const script = CHECK(`import { readFileSync } from 'node:fs'; const sdk = await import('./dist/index.js');`)
      .replace('"PDF_FILE"', JSON.stringify(noiseFile))
      .replace('MAIN', 'main: null');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ refused: [], main: null });
  });
});
