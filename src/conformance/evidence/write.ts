// Writes the evidence of a run into its folder: index.html, evidence.json,
// requirements.csv, the captures (captures/: the worklist's pages and the
// documents' first pages, which index.html also holds), and manifest.sha256
// last, over every other file, in the format `sha256sum -c` reads.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '../types.js';
import { CAPTURES_DIR, type CaptureFiles } from './captures.js';
import { requirementsCsv } from './csv.js';
import { evidencePage } from './html.js';

/** The files of the evidence, besides the manifest. */
export const EVIDENCE_FILES = ['index.html', 'evidence.json', 'requirements.csv'] as const;

/** The manifest's file name. */
export const MANIFEST_FILE = 'manifest.sha256';

/** Writes the evidence of `report` into `dir` (created if missing), with the captures' files. */
export async function writeEvidence(dir: string, report: ConformanceReport, captures: CaptureFiles = new Map()): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files: Record<(typeof EVIDENCE_FILES)[number], string> = {
    'index.html': evidencePage(report, captures),
    'evidence.json': `${JSON.stringify(report, null, 2)}\n`,
    'requirements.csv': requirementsCsv(report),
  };
  const lines: string[] = [];
  const write = async (name: string, bytes: Buffer) => {
    await writeFile(join(dir, name), bytes);
    lines.push(`${createHash('sha256').update(bytes).digest('hex')}  ${name}`);
  };
  for (const name of EVIDENCE_FILES) await write(name, Buffer.from(files[name], 'utf8'));
  if (captures.size > 0) await mkdir(join(dir, CAPTURES_DIR), { recursive: true });
  for (const [name, bytes] of captures) await write(name, bytes);
  await writeFile(join(dir, MANIFEST_FILE), `${lines.join('\n')}\n`);
}
