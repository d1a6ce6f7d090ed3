// The control API (and the console it serves) changes the sandbox's state
// without an API key. A web page open in the same browser must not be able
// to do that, nor to read it through DNS rebinding. Same idea as Go 1.25's
// http.CrossOriginProtection: browsers mark their requests (Sec-Fetch-Site,
// Origin); tools such as curl and the CLI send neither and are let through.
import type { IncomingMessage } from 'node:http';
import { isJsonContentType } from '../http/body.js';
import { header } from '../http/headers.js';
import { problem } from '../http/problems.js';
import type { SandboxResponse } from '../http/response.js';
import { crossSiteReason } from '../../web/security.js';

/** Methods that never change state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Names that always mean this machine: a DNS-rebinding page cannot pose as them. */
const LOOPBACK_NAME = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Interfaces that mean "all of them": whoever binds there chose to be reachable by any name. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** Splits `name:port` (IPv6 in brackets). */
function splitHost(value: string): { name: string; port: string } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  return { name: m?.[1] ?? '', port: m?.[2] ?? '80' };
}

/**
 * Whether the Host header names this sandbox: a loopback name, or the
 * interface it was bound to, with the port it listens on. Anything else is
 * a DNS-rebinding page (evil.example resolving to 127.0.0.1) and is refused,
 * GETs included, since `GET /_sandbox` answers the API key.
 */
function hostAllowed(req: IncomingMessage, bindHost: string): boolean {
  const value = header(req.headers, 'host');
  if (value === undefined) return false;
  const { name, port } = splitHost(value);
  if (port !== String(req.socket.localPort)) return false;
  const bound = bindHost.toLowerCase();
  if (WILDCARD_HOSTS.has(bound)) return true;
  return LOOPBACK_NAME.test(name) || name === bound || name === `[${bound}]`;
}

/** Why a state change is refused, or undefined when it comes from this origin or from a tool. */
function crossSiteRefusal(req: IncomingMessage): string | undefined {
  const host = header(req.headers, 'host') ?? '';
  return crossSiteReason(
    (name) => header(req.headers, name),
    (origin) => origin.toLowerCase() === `http://${host.toLowerCase()}`,
  );
}

/**
 * A refusal for a control request that a web page could have made, or
 * undefined to go ahead:
 * - a Host that is not this sandbox: 403 (DNS rebinding);
 * - a state change marked cross-site by the browser (Sec-Fetch-Site, or an
 *   Origin other than the sandbox's own): 403;
 * - a state change with a body type a page can send without a CORS preflight
 *   (form, multipart, text/plain): 415. Requiring JSON means any
 *   cross-site attempt needs a preflight, which the sandbox never grants.
 */
export function refuseCrossSite(req: IncomingMessage, bindHost: string): SandboxResponse | undefined {
  if (!hostAllowed(req, bindHost)) {
    return problem(403, { detail: 'The Host header does not name this sandbox (use 127.0.0.1 or localhost): request refused.' });
  }
  if (SAFE_METHODS.has(req.method ?? 'GET')) return undefined;
  const reason = crossSiteRefusal(req);
  if (reason) return problem(403, { detail: `Cross-site request refused: ${reason}. Only the console itself and tools such as curl may change the sandbox.` });
  const type = header(req.headers, 'content-type');
  if (type !== undefined && !isJsonContentType(type)) {
    return problem(415, { detail: 'Control requests take a JSON body: send Content-Type: application/json (form and text bodies are refused, as a web page could send them).' });
  }
  return undefined;
}
