// The options of every call and of the transport: what a sender passes per
// request, and the resolved configuration the transport runs with.
import type { OperationScope } from './telemetry-port.js';
import type { Logger } from './logger.js';

/**
 * Options every method takes as its last argument. Each one overrides the
 * client's option of the same name for this call only.
 */
export interface RequestOptions {
  /** Cancels the call, including any backoff sleep between retries. */
  signal?: AbortSignal | undefined;
  /**
   * Time limit of each attempt, in milliseconds.
   * @defaultValue the client's `timeoutMs` (30,000)
   */
  timeoutMs?: number | undefined;
  /**
   * How many times a retryable failure is retried (`RETRY_POLICIES` says which failures are).
   * @defaultValue the client's `maxRetries` (3)
   */
  maxRetries?: number | undefined;
  /**
   * Overall time limit of the call in milliseconds, retries, backoff sleeps
   * and (for sends) recovery included. A retry that could not finish in time
   * is not started. No limit by default.
   */
  deadlineMs?: number | undefined;
  /**
   * Extra request headers. `ApiKey`, `Content-Type` and the instant access
   * token header are set by the SDK and cannot be overridden here.
   */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * What the SDK's own layers pass to the transport besides the caller's
 * options. Internal.
 */
export interface TransportCallOptions extends RequestOptions {
  /** Absolute deadline (ms since epoch) shared by every call of one operation. */
  deadlineAt?: number | undefined;
  /** The operation this request belongs to, for its telemetry. */
  scope?: OperationScope | undefined;
}

/** The `fetch` the SDK calls; any WHATWG-compatible implementation. */
export type FetchFunction = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** Options of the transport, resolved from the client's options. */
export interface TransportConfig {
  /** Absolute base URL, ending with `/`. */
  baseUrl: string;
  /** The API key sent as the `ApiKey` header. */
  apiKey: string;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /** Retries of retryable failures. */
  maxRetries: number;
  /** Custom fetch, or the global one. */
  fetch: FetchFunction | undefined;
  /** Where log events go. */
  logger: Logger;
  /** Longest `Retry-After` honoured, in milliseconds; a longer one ends the retries. */
  maxRetryAfterMs: number;
  /** Source of randomness for backoff jitter (tests make it exact). */
  random: () => number;
}
