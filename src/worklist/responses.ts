// The worklist's answers as Fetch API responses: pages and fragments with
// the security headers (a strict CSP, no framing, no caching: the pages show
// patients' NHS numbers), redirects, and the static files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findAssetDir, webAsset } from '../web/assets.js';
import type { Html } from '../web/html.js';
import { pageCsp, pageHeaders } from '../web/security.js';
import { layout, type Frame } from './pages/layout.js';
import { localiseTimes } from '../core/local-time.js';

/** Nothing but the worklist's own files may run, load or frame; no other site may frame it. */
const HEADERS = { ...pageHeaders(pageCsp()), 'Cache-Control': 'no-store' };

/** A whole page. */
export function pageResponse(status: number, frame: Frame, title: string, content: Html, extra: Record<string, string> = {}): Response {
  return new Response(localiseTimes(layout(frame, title, content).text, frame.timeZone), { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...HEADERS, ...extra } });
}

/** A piece of a page (an action's result). */
export function fragmentResponse(status: number, content: Html, extra: Record<string, string> = {}, timeZone = 'Europe/London'): Response {
  return new Response(localiseTimes(content.text, timeZone), { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...HEADERS, ...extra } });
}

/** A redirect to a path of the worklist (after a find by messageId). */
export function redirectResponse(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...HEADERS } });
}

const TYPES: Record<string, string> = {
  'worklist.css': 'text/css; charset=utf-8',
  'htmx.min.js': 'text/javascript; charset=utf-8',
  'live-events.js': 'text/javascript; charset=utf-8',
};

let own: Map<string, Buffer> | undefined;

function ownAsset(name: string): Buffer {
  if (!own) {
    const dir = findAssetDir(import.meta.url, ['./assets/', './worklist-assets/', '../worklist-assets/'], 'worklist.css');
    if (!dir) throw new Error('The worklist assets are missing (expected worklist-assets/ beside the build): reinstall cdms-sdk.');
    own = new Map([['worklist.css', readFileSync(join(dir, 'worklist.css'))]]);
  }
  return own.get(name) ?? Buffer.alloc(0);
}

/** One static file, or undefined when there is no such file. */
export function assetResponse(name: string): Response | undefined {
  const type = TYPES[name];
  if (!type) return undefined;
  const bytes = name === 'worklist.css' ? ownAsset(name) : webAsset(name as 'htmx.min.js' | 'live-events.js');
  return new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' } });
}
