import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { API_KEY_HEADER } from '../schemas/vocabulary.js';
import { header } from './http/headers.js';
import type { SandboxConfig } from './options.js';

/** Who a recognised key belongs to. */
export type Identity = { key: string; forbidden: boolean };

/** Compares in constant time, as a real service should; cheap enough for a sandbox too. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Reads the `ApiKey` header (spec: Authentication 1 and 2). Undefined when it
 * is missing or not recognised (401); a recognised key may still be the
 * forbidden one (403 where the spec lists it).
 */
export function authenticate(headers: IncomingHttpHeaders, config: SandboxConfig): Identity | undefined {
  const key = header(headers, API_KEY_HEADER);
  if (!key) return undefined;
  if (same(key, config.apiKey)) return { key: config.apiKey, forbidden: false };
  if (same(key, config.forbiddenApiKey)) return { key: config.forbiddenApiKey, forbidden: true };
  return undefined;
}
