// The static files the SDK's web pages share (htmx, vendored, 0BSD). They
// ship in the package (copied to dist/web-assets by the build) and are read
// once from wherever this module runs: the source tree under tsx or vitest,
// or the built package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Source layout first, then the build's (the bundle may sit in dist/ or in a folder beneath it). */
const CANDIDATE_DIRS = ['./assets/', './web-assets/', '../web-assets/'];

/** The shared files. */
export type WebAssetName = 'htmx.min.js' | 'live-events.js';

const cache = new Map<WebAssetName, Buffer>();

/** Finds a folder of assets beside the module at `moduleUrl`, in the source tree or the build, by a file it must hold. */
export function findAssetDir(moduleUrl: string, candidates: readonly string[], marker: string): string | undefined {
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, moduleUrl));
    if (existsSync(join(dir, marker))) return dir;
  }
  return undefined;
}

/** One shared asset's bytes. @throws Error when the package's files are missing (a broken install). */
export function webAsset(name: WebAssetName): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    const dir = findAssetDir(import.meta.url, CANDIDATE_DIRS, name);
    if (!dir) throw new Error('The web pages\' shared assets are missing (expected web-assets/ beside the build): reinstall cdms-sdk.');
    bytes = readFileSync(join(dir, name));
    cache.set(name, bytes);
  }
  return bytes;
}
