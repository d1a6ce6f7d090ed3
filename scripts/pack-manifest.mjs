// The manifest a tarball carries has no `prepare` script: `prepare` builds
// dist/ in a clone or a git install, but a tarball holds dist/ already and
// not scripts/prepare.mjs, and npm warns about the unapproved install script
// on every install. `strip` (prepack) writes package.json without it and keeps
// the original beside it; `restore` (postpack) puts the original back. A
// `strip` finding an earlier original (a pack that failed half-way) restores
// it first, so the script is never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = 'package.json';
const original = 'package.json.before-pack';
const mode = process.argv[2];

if (mode === 'strip') {
  if (existsSync(original)) renameSync(original, manifest);
  const text = readFileSync(manifest, 'utf8');
  const json = JSON.parse(text);
  writeFileSync(original, text);
  delete json.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(original)) renameSync(original, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
