import { ConfigurationError } from './errors/cdms-error.js';
import { assertHeaderValue } from './request-headers.js';

/** Reads an environment variable where there is a `process` (Node, Bun, Deno's compat). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Checks the base URL and returns it normalised with a trailing slash.
 * Plain http is refused except on loopback (the sandbox): the API key and
 * patient data must never cross a network in clear.
 */
export function resolveBaseUrl(value: string | undefined): string {
  if (!value) {
    throw new ConfigurationError(
      'No base URL: pass `baseUrl` or set CDMS_BASE_URL to the integration or live address the operator gave you.',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError('The base URL is not an absolute URL (expected e.g. https://host/); check baseUrl or CDMS_BASE_URL.');
  }
  if (url.username || url.password) {
    throw new ConfigurationError('The base URL must not contain credentials; pass the API key as `apiKey` or CDMS_API_KEY.');
  }
  if (url.search || url.hash) throw new ConfigurationError('The base URL must not have a query string or fragment.');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ConfigurationError(
      `The base URL uses http:// on ${url.hostname}; use https:// (plain http is allowed only on loopback, e.g. the sandbox).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`The base URL must be https:// (got ${url.protocol}).`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Checks the API key without ever echoing it. */
export function resolveApiKey(value: string | undefined): string {
  if (!value) {
    throw new ConfigurationError('No API key: pass `apiKey` or set CDMS_API_KEY to the key the operator issued for this environment.');
  }
  assertHeaderValue('The API key', value);
  return value;
}

/** A whole number of milliseconds in ky's and setTimeout's range. */
export function checkTimeout(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0 || value > 2_147_483_647) {
    throw new ConfigurationError(`${name} must be a positive whole number of milliseconds up to 2147483647.`);
  }
  return value;
}

/** A whole number of retries, 0 or more. */
export function checkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new ConfigurationError('maxRetries must be a whole number from 0 to 100.');
  }
  return value;
}

/**
 * Refuses to run in a browser page or worker unless the caller opts in: the
 * API key identifies the whole sending organisation and would be exposed to
 * anyone who opens the developer tools.
 */
export function assertNotBrowser(allowed: boolean | undefined): void {
  const g = globalThis as { window?: { document?: unknown }; importScripts?: unknown };
  const inBrowser = (g.window !== undefined && g.window.document !== undefined) || typeof g.importScripts === 'function';
  if (inBrowser && !allowed) {
    throw new ConfigurationError(
      'CdmsClient refuses to run in a browser: the API key would be visible to every user. Call the service from your server; ' +
        'set `dangerouslyAllowBrowser: true` only if you understand the risk.',
    );
  }
}
