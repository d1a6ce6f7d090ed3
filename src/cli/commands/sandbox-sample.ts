// `cdms sandbox sample-pdf [file]`: writes a small sample PDF (no patient
// data) to try `cdms send --file` with against the sandbox.
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { CliContext } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { samplePdf } from '../sample-pdf.js';

/** Registers `cdms sandbox sample-pdf`. */
export function registerSandboxSample(sandbox: Command, ctx: CliContext): void {
  const command = sandbox
    .command('sample-pdf')
    .description('write a one-page sample PDF (it holds no patient data) to send to the sandbox; never overwrites a file')
    .argument('[file]', 'where to write it', 'summary.pdf')
    .action(async (file: string) => {
      await writeFile(file, samplePdf(), { flag: 'wx' }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'EEXIST') throw new UsageError(`${file} exists already: give another file name (nothing was written).`);
        throw error;
      });
      ctx.out.result({ file }, `Wrote ${file}: a sample PDF to send to the sandbox (cdms send --file ${file}).`);
    });
  withExamples(command, ['cdms sandbox sample-pdf', 'cdms sandbox sample-pdf letter.pdf']);
}
