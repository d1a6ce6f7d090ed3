import { TimeoutError as KyTimeoutError } from 'ky';
import type { Delivery } from './errors/cdms-error.js';
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
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The first `code` found along an error's cause chain (undici nests the system error). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
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

const deliveryNote = (delivery: Delivery | undefined): string =>
  delivery === 'unknown'
    ? ' The message may have reached the service: look up its status before sending it again.'
    : delivery === 'not-sent'
      ? ' The message was not sent.'
      : '';

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
  const connected = !(code !== undefined && NEVER_CONNECTED.has(code));
  const delivery: Delivery | undefined = attempt.send ? (connected ? 'unknown' : 'not-sent') : undefined;
  const message =
    `${attempt.where} could not reach the service${code ? ` (${code})` : ''}; ` +
    `check CDMS_BASE_URL and the network.${deliveryNote(delivery)}`;
  // A fetch failure (TypeError "fetch failed") carries only the system error: safe to keep.
  return new ConnectionError(message, connected, { cause: error instanceof TypeError ? error : undefined, delivery });
}
