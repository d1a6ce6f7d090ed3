// What a request that got no response becomes: a timeout, an abort by the
// caller, or a connection failure that says whether the connection was ever
// made (and so whether a send may have arrived).
import { TimeoutError as KyTimeoutError } from 'ky';
import type { Delivery } from './errors/cdms-error.js';
import { deliveryNote } from './errors/delivery-note.js';
import { ConnectionError, RequestAbortedError, TimeoutError } from './errors/transport-errors.js';

/**
 * Codes that mean the connection was never made, so a request cannot have
 * reached the service.
 */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The errors along a cause chain, outermost first (undici nests the system error). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  for (let current: unknown = error; chain.length < 4 && current instanceof Object; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/** The first string `code` along an error's cause chain. */
function errorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * undici's ProxyAgent, when the proxy answers its CONNECT with anything but
 * 200, aborts with "Proxy response (407) !== 200 when HTTP Tunneling": the
 * tunnel was never made, so nothing reached the service.
 */
function proxyRefusal(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    const message = link instanceof Error ? link.message : '';
    const status = /^Proxy response \((\d{3})\)/.exec(message)?.[1];
    if (status !== undefined) return Number(status);
  }
  return undefined;
}

const PROXY_ADVICE: Record<number, string> = {
  407: "check the proxy's credentials",
  403: 'ask whoever runs the proxy to allow the service\'s address',
};

/** Why the proxy refused the tunnel, and what to do. */
function proxyRefusalMessage(where: string, status: number): string {
  const advice = PROXY_ADVICE[status] ?? (status >= 500 ? 'the proxy could not reach the service; try again later' : 'check the proxy settings');
  return `${where} could not reach the service: the proxy refused the connection (${status}); ${advice}.`;
}

/**
 * Whether fetch refused the request before connecting: a port of the Fetch
 * standard's "bad ports" list ("bad port" as undici says it). Only a custom
 * `fetch` can get here; the client refuses such a base URL otherwise.
 */
function refusedBeforeConnecting(error: unknown): boolean {
  return causeChain(error).some((link) => link instanceof Error && link.message === 'bad port');
}

/** What a failed attempt knows about itself. */
export interface FailedAttempt {
  /** The request's method and path, for the message. */
  where: string;
  /** Per-attempt time limit, for the message. */
  timeoutMs: number;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  /** Whether this is a send (errors then carry `delivery`). */
  send: boolean;
}

/**
 * Turns what `ky` threw into the SDK's error. ky's own errors are never kept
 * as a cause: they hold the `Request`, whose headers carry the API key.
 */
export function classifyFailure(error: unknown, attempt: FailedAttempt): ConnectionError | TimeoutError | RequestAbortedError {
  if (attempt.signal?.aborted) {
    return new RequestAbortedError({ cause: attempt.signal.reason, delivery: attempt.send ? 'unknown' : undefined });
  }
  if (error instanceof KyTimeoutError) {
    const delivery = attempt.send ? 'unknown' : undefined;
    return new TimeoutError(
      `${attempt.where} got no response within ${attempt.timeoutMs} ms; raise timeoutMs or try again later.${deliveryNote(delivery)}`,
      { delivery },
    );
  }
  const code = errorCode(error);
  const refusedBy = proxyRefusal(error);
  const connected = refusedBy === undefined && !refusedBeforeConnecting(error) && !(code !== undefined && NEVER_CONNECTED.has(code));
  const delivery: Delivery | undefined = attempt.send ? (connected ? 'unknown' : 'not-sent') : undefined;
  const message =
    refusedBy !== undefined
      ? `${proxyRefusalMessage(attempt.where, refusedBy)}${deliveryNote(delivery)}`
      : `${attempt.where} could not reach the service${code ? ` (${code})` : ''}; check CDMS_BASE_URL and the network.${deliveryNote(delivery)}`;
  // A fetch failure (TypeError "fetch failed") carries only the system error: safe to keep.
  return new ConnectionError(message, connected, { cause: error instanceof TypeError ? error : undefined, delivery });
}
