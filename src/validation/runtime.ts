// Node's Buffer without a static `node:` import. The main entry must still
// bundle for other runtimes (the client has `dangerouslyAllowBrowser`), so
// Node's fast native base64 and UTF-8 routines are looked up at run time and
// everything has a plain-JS fallback.

/** The parts of `node:buffer` that validation uses. */
export interface NodeBufferApi {
  Buffer: typeof Buffer;
  isUtf8(input: Uint8Array): boolean;
}

let cached: NodeBufferApi | null | undefined;

/** Node's buffer module (also provided by Deno and Bun), or null elsewhere. */
export function nodeBuffer(): NodeBufferApi | null {
  if (cached === undefined) cached = load();
  return cached;
}

function load(): NodeBufferApi | null {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const mod = proc?.getBuiltinModule?.('node:buffer') as Partial<NodeBufferApi> | undefined;
    if (typeof mod?.Buffer === 'function' && typeof mod.isUtf8 === 'function') {
      return { Buffer: mod.Buffer, isUtf8: mod.isUtf8.bind(mod) };
    }
  } catch {
    // A runtime whose getBuiltinModule throws: use the fallbacks.
  }
  return null;
}

/** Test hook: force the plain-JS fallbacks (`null`) or restore detection (`undefined`). */
export function setNodeBufferForTesting(api: NodeBufferApi | null | undefined): void {
  cached = api;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Value of each base64 character code (RFC 4648 section 4), -1 for others. */
export const BASE64_VALUE: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/**
 * Decodes base64 that is already known to be strict. Only the first
 * `maxChars` characters (rounded down to whole quanta) are decoded, so
 * content sniffing never decodes a whole attachment.
 */
export function decodeBase64(s: string, maxChars = s.length): Uint8Array {
  const end = Math.min(s.length, maxChars - (maxChars % 4));
  const api = nodeBuffer();
  if (api) {
    const b = api.Buffer.from(end === s.length ? s : s.slice(0, end), 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const out = new Uint8Array((end / 4) * 3);
  let o = 0;
  for (let i = 0; i < end; i += 4) {
    const v = [0, 1, 2, 3].map((k) => BASE64_VALUE[s.charCodeAt(i + k)] ?? -1);
    const bits = ((v[0]! & 63) << 18) | ((v[1]! & 63) << 12) | ((v[2]! & 63) << 6) | (v[3]! & 63);
    out[o++] = bits >> 16;
    if (v[2]! >= 0) out[o++] = (bits >> 8) & 255;
    if (v[3]! >= 0) out[o++] = bits & 255;
  }
  return out.subarray(0, o);
}

/** Canonical base64 (RFC 4648, padded, no line breaks) of some bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  const api = nodeBuffer();
  if (api) return api.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  // Chunks of a multiple of 3 bytes, so no chunk but the last is padded.
  const chunk = 3 * 8192;
  let out = '';
  for (let i = 0; i < bytes.length; i += chunk) {
    out += btoa(String.fromCharCode(...bytes.subarray(i, i + chunk)));
  }
  return out;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes are valid UTF-8 (never `toString`, which replaces bad bytes silently). */
export function isUtf8(bytes: Uint8Array): boolean {
  const api = nodeBuffer();
  if (api) return api.isUtf8(bytes);
  try {
    fatalDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
