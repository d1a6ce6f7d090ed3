// Are the types wrong? on the tarball users get, in every resolution mode
// (node10, node16 from CJS and ESM, bundler). Packs with --ignore-scripts:
// `npm test` has just built dist/, and a rebuild here would only cost time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const dir = mkdtempSync(join(tmpdir(), 'cdms-attw-'));
try {
  const packed = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { encoding: 'utf8' });
  const [{ filename }] = JSON.parse(packed);
  execFileSync(npm, ['exec', '--', 'attw', join(dir, filename)], { stdio: 'inherit' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
