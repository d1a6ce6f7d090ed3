// A copy of the built package, installed under bench/.tmp/node_modules as a
// user's project would have it. Other engineers run `npm run build` in the
// same tree, which empties dist/ for a few seconds; measuring a copy taken
// once keeps every scenario of a run on one and the same build.
//
// bench/.tmp/package.json closes the repository's package scope, so from
// bench/.tmp/ the name `cdms-sdk` is no longer a self-reference to dist/
// but resolves through node_modules to the copy, and the copy's own imports
// (ky, zod, uuid) resolve up to the repository's node_modules.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The package measured: this checkout, or another one's built package when
 * BENCH_PACKAGE names its directory (a before/after comparison on the same
 * machine, with the same bench).
 */
const ROOT = process.env['BENCH_PACKAGE'] ? `${process.env['BENCH_PACKAGE'].replace(/\/$/, '')}/` : fileURLToPath(new URL('../../', import.meta.url));
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
/** Where the copy is installed. */
export const SNAPSHOT_DIR = `${TMP}node_modules/cdms-sdk/`;

/** What the bench loads; a copy taken while a build is half done lacks some. */
const REQUIRED = ['dist/index.js', 'dist/sandbox/index.js'];

/** Files of the package at run time: no source maps or type declarations. */
const runtimeFile = (src: string): boolean => !/\.(map|d\.ts|d\.cts)$/.test(src);

/**
 * Copies package.json and dist/ into bench/.tmp/node_modules/cdms-sdk. When
 * dist/ is being rebuilt by someone else, waits for it (up to ~30 s).
 */
export async function snapshotPackage(log: (message: string) => void): Promise<void> {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(`${TMP}package.json`, `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
  for (let attempt = 1; ; attempt++) {
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
    try {
      mkdirSync(SNAPSHOT_DIR, { recursive: true });
      cpSync(`${ROOT}package.json`, `${SNAPSHOT_DIR}package.json`);
      cpSync(`${ROOT}dist`, `${SNAPSHOT_DIR}dist`, { recursive: true, filter: runtimeFile });
      if (REQUIRED.every((f) => existsSync(`${SNAPSHOT_DIR}${f}`))) return;
    } catch (error) {
      if (attempt >= 10) throw error;
    }
    if (attempt >= 10) throw new Error('dist/ stayed incomplete: run npm run build, then the bench');
    log('dist/ is being rebuilt by someone else; waiting for it');
    await sleep(3000);
  }
}
