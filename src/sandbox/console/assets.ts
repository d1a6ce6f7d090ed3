// The console's static files: htmx (shared with the SDK's other web pages,
// see src/web/assets.ts), its own script, stylesheet and icon. They ship in the package (copied to dist/console-assets by the
// build) and are read once from wherever this module runs: the source tree
// under tsx or vitest, or the built package.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findAssetDir, webAsset } from '../../web/assets.js';
import { SandboxError } from '../errors.js';
import { rawReply, type ControlReply } from '../http/reply.js';

/** The files served, with their types. */
export const ASSET_TYPES: Readonly<Record<string, string>> = {
  'htmx.min.js': 'text/javascript; charset=utf-8',
  'live-events.js': 'text/javascript; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

/** Source layout first, then the build's (the bundle may sit in dist/ or dist/sandbox/). */
const CANDIDATE_DIRS = ['./assets/', './console-assets/', '../console-assets/'];

let cache: Map<string, Buffer> | undefined;

/** Finds the asset folder next to this module, in the source tree or the build. */
export function assetDir(): string {
  const dir = findAssetDir(import.meta.url, CANDIDATE_DIRS, 'console.js');
  if (!dir) throw new Error('The sandbox console assets are missing (expected console-assets/ beside the build): reinstall cdms-sdk.');
  return dir;
}

function load(): Map<string, Buffer> {
  const dir = assetDir();
  return new Map(Object.keys(ASSET_TYPES).map((name) => [name, name === 'htmx.min.js' || name === 'live-events.js' ? webAsset(name) : readFileSync(join(dir, name))]));
}

/** One asset, or a `not-found` SandboxError. */
export function assetReply(name: string | undefined): ControlReply {
  const type = name === undefined ? undefined : ASSET_TYPES[name];
  if (name === undefined || type === undefined) throw new SandboxError('not-found', 'No such console asset.');
  cache ??= load();
  const body = cache.get(name) ?? Buffer.alloc(0);
  return rawReply(200, type, body, { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' });
}
