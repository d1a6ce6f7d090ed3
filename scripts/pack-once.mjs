#!/usr/bin/env node
// Packs the package once, as `npm pack` would with its prepack and postpack
// (the manifest without `prepare`, put back after), without building: dist/
// is built already. Used where one tarball serves a whole test run (the
// packaging test then rewrites no package.json while other test files read
// it, so it runs beside them): `npm test` and CI's runs on the other Node
// lines. `node scripts/pack-once.mjs <folder>` prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Packs into `folder`; returns the tarball's path. */
export function packOnce(folder) {
  const manifest = (mode) => execFileSync(process.execPath, [join(root, 'scripts/pack-manifest.mjs'), mode], { cwd: root, stdio: 'inherit' });
  manifest('strip');
  try {
    const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--loglevel=warn', '--pack-destination', folder], { cwd: root, encoding: 'utf8' });
    return join(folder, JSON.parse(out)[0].filename);
  } finally {
    manifest('restore');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/pack-once.mjs <folder>');
    process.exit(2);
  }
  console.log(packOnce(folder));
}
