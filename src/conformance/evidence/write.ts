// Writes the evidence of a run into its folder: index.html, evidence.json,
// requirements.csv, and manifest.sha256 last, over every other file, in the
// format `sha256sum -c` reads.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '../types.js';
import { requirementsCsv } from './csv.js';
import { evidencePage } from './html.js';

/** The files of the evidence, besides the manifest. */
export const EVIDENCE_FILES = ['index.html', 'evidence.json', 'requirements.csv'] as const;

/** The manifest's file name. */
export const MANIFEST_FILE = 'manifest.sha256';

/** Writes the evidence of `report` into `dir` (created if missing). */
export async function writeEvidence(dir: string, report: ConformanceReport): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files: Record<(typeof EVIDENCE_FILES)[number], string> = {
    'index.html': evidencePage(report),
    'evidence.json': `${JSON.stringify(report, null, 2)}\n`,
    'requirements.csv': requirementsCsv(report),
  };
  const lines: string[] = [];
  for (const name of EVIDENCE_FILES) {
    const bytes = Buffer.from(files[name], 'utf8');
    await writeFile(join(dir, name), bytes);
    lines.push(`${createHash('sha256').update(bytes).digest('hex')}  ${name}`);
  }
  await writeFile(join(dir, MANIFEST_FILE), `${lines.join('\n')}\n`);
}
