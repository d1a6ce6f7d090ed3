// How a new embedded database is made without running PostgreSQL's initdb in
// the tracker's own process. initdb grows PGlite's WebAssembly heap by several
// hundred megabytes, and a WebAssembly heap never shrinks: a tracker that made
// its own directory would carry that for as long as it runs (D-TRACKER-31).
// So a new data directory is, in order of preference:
//   1. unpacked from the template the package ships: a fresh data directory
//      made by the same PGlite version when cdms-sdk was built (brotli, about
//      1.6 MB), in a child process (template-extract.ts), or here when no
//      child process can be started;
//   2. made by initdb in a short-lived child process, whose memory goes with
//      it, when the installed PGlite is not the one that made the template;
//   3. left to PGlite in this process, as before, when neither is possible.
// The directory is built beside its final place and renamed into it, so a
// crash halfway leaves nothing that looks like a database.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { extractTemplate } from './template-extract.js';

/** The template's files, as the build writes them (scripts/tracker-template.mjs). */
export const TEMPLATE_ARCHIVE = 'pgdata.tar.br';
/** Which PGlite made the template: `{ "pglite": "<version>" }`. */
export const TEMPLATE_MANIFEST = 'manifest.json';

/** The installed PGlite: its version and the file `require` loads. */
export interface PGliteInstall {
  version: string;
  entry: string;
}

/** How a new data directory was made (the last: PGlite makes it as it opens it). */
export type MadeBy = 'template in a child process' | 'template in this process' | 'initdb in a child process' | 'initdb in this process';

/** Where the data directory comes from; tests pass their own. Internal. */
export interface NewDataDirectorySource {
  /** The installed PGlite, or undefined when it cannot be found from here (a bundled app). */
  pglite: PGliteInstall | undefined;
  /** The template's directory, or undefined when none matches the installed PGlite. */
  template: string | undefined;
  /** Whether initdb may run in a child process. */
  childProcess: boolean;
}

/** The installed `@electric-sql/pglite`, found as the tracker's own import would find it. */
export function installedPGlite(): PGliteInstall | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
      const manifest = join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (name === '@electric-sql/pglite' && typeof version === 'string') return { version, entry };
    }
  } catch {
    // not resolvable from here: the caller falls back
  }
  return undefined;
}

/**
 * Where a template may be: beside the build (dist/, whichever folder the
 * bundle sits in), or, in a source checkout, the cache the build and the test
 * set-up fill.
 */
function templateCandidates(version: string): string[] {
  return ['./tracker-template/', '../tracker-template/', `../../../node_modules/.cache/cdms-tracker/pgdata-template-${version}/`].map((c) =>
    fileURLToPath(new URL(c, import.meta.url)),
  );
}

/** The template made by this PGlite version, if one is shipped. */
export function findTemplate(version: string): string | undefined {
  for (const dir of templateCandidates(version)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, TEMPLATE_MANIFEST), 'utf8')) as { pglite?: unknown };
      if (manifest.pglite === version && existsSync(join(dir, TEMPLATE_ARCHIVE))) return dir;
    } catch {
      // no template there
    }
  }
  return undefined;
}

/** What this installation can make a new data directory from. */
export function defaultSource(): NewDataDirectorySource {
  const pglite = installedPGlite();
  // An Electron app's execPath is the app, not node: no child processes there.
  return { pglite, template: pglite && findTemplate(pglite.version), childProcess: !process.versions['electron'] };
}

/**
 * Makes the data directory `dataDir` when it holds no database yet (see the
 * top of this file for how). Returns how it was made, or undefined when it
 * already held one; `'initdb in this process'` means nothing was made here
 * and PGlite will run initdb itself as it opens the directory. The caller
 * holds the directory's lock.
 */
export async function makeDataDirectory(dataDir: string, source: NewDataDirectorySource = defaultSource()): Promise<MadeBy | undefined> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const building = `${dataDir}.new-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  try {
    const madeBy = await build(building, source);
    if (madeBy === 'initdb in this process') return madeBy;
    // A data directory without PG_VERSION is what a crash during an earlier creation leaves.
    await rm(dataDir, { recursive: true, force: true });
    await rename(building, dataDir);
    return madeBy;
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

async function build(building: string, source: NewDataDirectorySource): Promise<MadeBy> {
  if (source.template) {
    const archive = join(source.template, TEMPLATE_ARCHIVE);
    if (source.childProcess && (await runChild(EXTRACT_PROGRAM, [archive, building]))) return 'template in a child process';
    await rm(building, { recursive: true, force: true });
    extractTemplate(archive, building, { fs, zlib, path });
    return 'template in this process';
  }
  if (source.childProcess && source.pglite && (await runChild(INITDB_PROGRAM, [source.pglite.entry, building]))) return 'initdb in a child process';
  return 'initdb in this process';
}

/** A child's whole program that unpacks the template: extractTemplate's own source, called with the child's modules. */
const EXTRACT_PROGRAM =
  `const extract = ${extractTemplate.toString()};\n` +
  "extract(process.argv[1], process.argv[2], { fs: require('node:fs'), zlib: require('node:zlib'), path: require('node:path') });";

/** A child's whole program that makes a data directory with initdb: open it, close it, exit. */
const INITDB_PROGRAM =
  'const [entry, dir] = process.argv.slice(1);' +
  'require(entry).PGlite.create(dir).then((db) => db.close()).catch((e) => { console.error(e instanceof Error ? e.message : String(e)); process.exit(1); });';

/** How long a child may take before it is given up on (initdb takes seconds on a quiet machine). */
const CHILD_TIMEOUT_MS = 180_000;

/**
 * Runs `program` (CommonJS source) in a child process with `args`; true when
 * it exited 0 and the data directory it made is there, false when it could
 * not be started or failed (the caller falls back).
 */
function runChild(program: string, args: readonly [string, string]): Promise<boolean> {
  const dir = args[1];
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The app's loaders and flags (a TypeScript loader, an inspector port) are not the child's business.
    delete env['NODE_OPTIONS'];
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(process.execPath, ['-e', program, ...args], { stdio: 'ignore', env, windowsHide: true });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && existsSync(join(dir, 'PG_VERSION')));
    });
  });
}
