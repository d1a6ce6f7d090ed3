#!/usr/bin/env node
// `npm test`'s last step: every test file (vitest run, with any arguments
// given), the packaging test given a tarball packed once beforehand
// (pack-once.mjs), so that it runs beside the other files instead of alone
// after them. `npm run test:unit` runs vitest as it is (the packaging test
// then packs its own).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packOnce } from './pack-once.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'cdms-packed-'));
let status;
try {
  const tarball = packOnce(folder);
  const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CDMS_TARBALL: tarball },
  });
  status = run.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(status);
