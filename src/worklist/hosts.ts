// Where the worklist lives and what it answers to: the base path (no '.' or
// '..' segment, which a browser or proxy would resolve to somewhere else),
// the public origin behind a reverse proxy, and the Host names a request may
// give (anything else is a DNS-rebinding page; decision D-WORKLIST-08).
import { ConfigurationError } from '../core/errors/cdms-error.js';

/** The base path without its trailing slashes. @throws ConfigurationError */
export function checkedBasePath(value: string | undefined): string {
  const basePath = (value ?? '').replace(/\/+$/, '');
  const segments = basePath.split('/').slice(1);
  if (basePath !== '' && (!/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath) || segments.some((s) => s === '.' || s === '..'))) {
    throw new ConfigurationError("basePath must be a path such as '/worklist': segments of letters, digits, '.', '_', '~' and '-', none of them '.' or '..'.");
  }
  return basePath;
}

/** An origin (scheme, host, port) as the browser sends it, or undefined. @throws ConfigurationError */
export function checkedOrigin(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigurationError("publicOrigin must be an origin such as 'https://worklist.example.nhs.uk': a scheme and a host, no path.");
  }
  return url.origin;
}

/** Splits `name:port` (an IPv6 address in brackets), lower-cased; the port is '' when not given. */
export function splitHost(value: string): { name: string; port: string } {
  const m = /^(\[[0-9a-f:.]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  return m ? { name: (m[1] ?? '').replace(/\.$/, ''), port: m[2] ?? '' } : { name: '', port: '' };
}

/**
 * Whether a Host header names this worklist. Each allowed entry is a name
 * (any port), `name:port`, or `.domain` (the domain and every name under it).
 * Without a list every host is answered (the app's sign-in cookie is what a
 * rebinding page lacks), except that an unreadable Host is always refused.
 * @throws ConfigurationError for an entry that is not a host.
 */
export function hostRule(allowed: readonly string[] | undefined, publicOrigin: string | undefined): (host: string) => boolean {
  if (allowed === undefined) return (host) => splitHost(host).name !== '';
  if (!Array.isArray(allowed)) throw new ConfigurationError("allowedHosts must be a list of host names, such as ['worklist.example.nhs.uk'].");
  const list: readonly unknown[] = allowed;
  const entries = [...list, ...(publicOrigin ? [new URL(publicOrigin).host] : [])].map((entry) => {
    const raw = typeof entry === 'string' ? entry.trim().toLowerCase() : '';
    const domain = raw.startsWith('.');
    const { name, port } = splitHost(domain ? raw.slice(1) : raw);
    if (name === '') throw new ConfigurationError(`allowedHosts holds '${String(entry)}', which is not a host name: give names such as 'worklist.example.nhs.uk' or 'localhost:8080'.`);
    return { name, port, domain };
  });
  return (host) => {
    const seen = splitHost(host);
    if (seen.name === '') return false;
    return entries.some((e) => (e.port === '' || e.port === seen.port) && (seen.name === e.name || (e.domain && seen.name.endsWith(`.${e.name}`))));
  };
}
