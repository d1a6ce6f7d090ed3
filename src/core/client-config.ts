// The client's options checked at construction, before anything is sent: the
// base URL (https except on loopback, not ending in the API's own path), the
// API key, time limits and retries, each read from the environment only when
// the option is absent.
import { ConfigurationError } from './errors/cdms-error.js';
import { assertHeaderValue } from './request-headers.js';
import { isLoopback } from '../internal/loopback.js';
import { absoluteUrl, isHttpUrl } from '../internal/absolute-url.js';

/** Reads an environment variable where there is a `process` (Node, Bun, Deno's compat). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

/**
 * An option's value, else the environment's. The environment is read only
 * when the option is absent: an option present but `undefined` or empty (a
 * variable the app meant to pass and did not set) is a mistake, and falling
 * back would quietly point a "live" client at whatever CDMS_BASE_URL names.
 */
export function optionOrEnv<K extends string>(options: Partial<Record<K, string | undefined>>, name: K, env: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(options, name)) return readEnv(env);
  const value: unknown = options[name];
  if (typeof value !== 'string' || value.trim() === '') {
    const what = value === undefined ? 'undefined' : typeof value === 'string' ? 'an empty string' : `a ${typeof value}`;
    throw new ConfigurationError(
      `${name} was passed as ${what} (an environment variable that is not set?). Pass the value, or leave ${name} out to read ${env}.`,
    );
  }
  return value;
}

/**
 * Ports that WHATWG `fetch` refuses to connect to (the Fetch standard's "bad
 * ports"): a base URL on one of them fails every request before it leaves the
 * process, which looked like a network failure.
 */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119,
  123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990,
  993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The path segments the service's own endpoints begin with: a base URL ending in them doubles every path. */
const SERVICE_PATH = /\/api(\/v1)?\/?$/i;


/**
 * Checks the base URL and returns it normalised with a trailing slash.
 * Plain http is refused except on loopback (the sandbox): the API key and
 * patient data must never cross a network in clear.
 */
export function resolveBaseUrl(value: string | undefined, options: { customFetch?: boolean } = {}): string {
  if (!value) {
    throw new ConfigurationError(
      'No base URL: pass `baseUrl` or set CDMS_BASE_URL to the integration or live address the operator gave you.',
    );
  }
  const url = absoluteUrl(value);
  if (!url) throw new ConfigurationError('The base URL is not an absolute URL (expected e.g. https://host/); check baseUrl or CDMS_BASE_URL.');
  if (url.username || url.password) {
    throw new ConfigurationError('The base URL must not contain credentials; pass the API key as `apiKey` or CDMS_API_KEY.');
  }
  if (url.search || url.hash) throw new ConfigurationError('The base URL must not have a query string or fragment.');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ConfigurationError(
      `The base URL uses http:// on ${url.hostname}; use https:// (plain http is allowed only on loopback, e.g. the sandbox).`,
    );
  }
  if (!isHttpUrl(url)) {
    throw new ConfigurationError(`The base URL must be https:// (got ${url.protocol}).`);
  }
  if (SERVICE_PATH.test(url.pathname)) {
    const root = url.pathname.replace(SERVICE_PATH, '/');
    throw new ConfigurationError(
      `The base URL ends in ${url.pathname.replace(/\/$/, '').slice(root.length - 1)}, which the SDK adds to every request itself; use ${url.origin}${root} instead.`,
    );
  }
  if (!options.customFetch && url.port !== '' && FETCH_BAD_PORTS.has(Number(url.port))) {
    throw new ConfigurationError(
      `The base URL's port ${url.port} is one that fetch refuses to connect to (a "bad port" of the Fetch standard): every request would fail before leaving this process. Use another port.`,
    );
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
