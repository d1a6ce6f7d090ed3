// The embedded tracker database's template: a fresh PostgreSQL data directory
// made by PGlite's initdb, archived (tar) and compressed (brotli), with a
// manifest naming the PGlite version that made it. A tracker opening a new
// directory unpacks it instead of running initdb in its own process, whose
// WebAssembly heap would keep the several hundred megabytes initdb takes
// (src/tracker/db/new-data-directory.ts; docs/decisions/tracker.md,
// D-TRACKER-31).
//
// Made once per PGlite version into node_modules/.cache/cdms-tracker/ (about
// 10 s: initdb, then compression with a window large enough to see that the
// three databases of a fresh cluster are near copies: 40 MB to 1.6 MB), then
// copied. `npm run build` copies it into dist/tracker-template/; the test
// set-up reads it from the cache.
//
//   node scripts/tracker-template.mjs [outDir]
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ARCHIVE = 'pgdata.tar.br';
const MANIFEST = 'manifest.json';

/** The installed PGlite's version and ESM entry. */
function pglite() {
  const main = createRequire(join(ROOT, 'package.json')).resolve('@electric-sql/pglite');
  // Its package.json is not exported: found above its entry, as the tracker finds it.
  for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (name === '@electric-sql/pglite') return { version, entry: join(dir, 'dist', 'index.js') };
  }
  throw new Error('@electric-sql/pglite is not installed: run npm install');
}

/**
 * Makes the template for the installed PGlite unless the cache holds it;
 * returns its directory (the archive and the manifest).
 */
export async function ensureTrackerTemplate() {
  const { version, entry } = pglite();
  const dir = join(ROOT, 'node_modules', '.cache', 'cdms-tracker', `pgdata-template-${version}`);
  if (existsSync(join(dir, MANIFEST)) && existsSync(join(dir, ARCHIVE))) return dir;
  const { PGlite } = await import(pathToFileURL(entry).href);
  const db = await PGlite.create();
  let tar;
  try {
    await db.exec('CHECKPOINT');
    tar = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.close();
  }
  const archive = brotliCompressSync(tar, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
  });
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  writeFileSync(join(building, ARCHIVE), archive);
  writeFileSync(join(building, MANIFEST), `${JSON.stringify({ pglite: version, tarBytes: tar.length }, null, 2)}\n`);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another build made it first
  }
  return dir;
}

/** Copies the template into `outDir` (made if missing). */
export async function writeTrackerTemplate(outDir) {
  const dir = await ensureTrackerTemplate();
  mkdirSync(outDir, { recursive: true });
  for (const file of [ARCHIVE, MANIFEST]) cpSync(join(dir, file), join(outDir, file));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeTrackerTemplate(process.argv[2] ?? join(ROOT, 'dist', 'tracker-template'));
}
