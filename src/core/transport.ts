// The one way requests reach the service: each call's options checked, its
// attempts made through ky with the headers and time limit they need, the
// operation's retry policy applied between them, and every failure turned
// into the SDK's typed errors. The decisions (retry or not, which headers)
// are plain functions in retry-decision.ts and request-headers.ts; this
// class does the I/O around them.
import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { sleep } from './backoff.js';
import { classifyFailure } from './classify-failure.js';
import { CdmsError, type Delivery } from './errors/cdms-error.js';
import { ApiError } from './errors/api-error.js';
import { RequestAbortedError } from './errors/transport-errors.js';
import { silentLogger, type LogFields } from './logger.js';
import { loggableHeaders, redactHeaders } from './redact.js';
import type { TransportCallOptions, TransportConfig } from './options.js';
import { parseErrorBody } from './problem.js';
import { readBodyText } from './read-body.js';
import { checkRetries, checkTimeout } from './client-config.js';
import { attemptHeaders, checkExtraHeaders } from './request-headers.js';
import { parseResponse } from './parse-response.js';
import { retryDelayMs, retryReason } from './retry-decision.js';
import { RETRY_POLICIES, type OperationName } from './retry-policy.js';
import type { AttemptTelemetry } from './telemetry-port.js';

/** Error bodies are small problems; anything beyond this is cut. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Success bodies of this service are tiny JSON; this bounds a broken server. */
const MAX_SUCCESS_BODY_BYTES = 1024 * 1024;

/** One call of the service, as a resource describes it. */
export interface RequestSpec<T> {
  /** The operation, for the retry policy and the logs. */
  operation: OperationName;
  method: 'GET' | 'POST';
  /** Path relative to the base URL, no leading slash (an endpoint of schemas/endpoints.ts; `endpointPath` fills in a messageId). */
  path: string;
  /** JSON body; sets `Content-Type: application/json`. */
  json?: unknown;
  /**
   * A JSON body already serialised (a send's, made once for all its
   * attempts): the text, or a Blob of its UTF-8 bytes (a large send's, made
   * in pieces; every attempt reads it again). Wins over `json`.
   */
  jsonText?: string | Blob;
  /** Headers this operation needs (the instant access token). */
  headers?: Record<string, string>;
  /** Schema of a 2xx body; without one the body is ignored. */
  schema?: z.ZodType<T>;
  /** Values to mask in anything kept from the response (patient data of the request). */
  secrets?: readonly string[];
  /** True for sends: errors then carry `delivery`. */
  send?: boolean;
}

/** One attempt of a call: what every attempt shares (the checked extra headers, the serialised body) and its own count and telemetry. */
interface Attempt<T> {
  spec: RequestSpec<T>;
  /** The call's options, with the deadline resolved. */
  options: TransportCallOptions;
  extra: Record<string, string>;
  body: string | Blob | undefined;
  /** Attempts made before this one. */
  retry: number;
  telemetry: AttemptTelemetry | undefined;
}

/** Runs requests: headers, timeout, abort, the retry policy, error mapping. */
export class Transport {
  readonly #config: TransportConfig;
  /**
   * Whether anyone listens. Debug events are built only then: they sit on
   * every request's path. (The logger's methods are looked up at each call:
   * pino replaces them when its level changes.)
   */
  readonly #listening: boolean;
  readonly #ky: KyInstance;

  /** @param config - Resolved client options. */
  constructor(config: TransportConfig) {
    this.#config = config;
    this.#listening = config.logger !== silentLogger;
    this.#ky = ky.create({
      prefixUrl: config.baseUrl,
      // The SDK runs its own retry loop: ky's defaults would retry sends, which are never repeated blindly.
      retry: 0,
      throwHttpErrors: false,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  /** The resolved configuration (read-only). */
  get config(): Readonly<TransportConfig> {
    return this.#config;
  }

  /**
   * Sends the request, retrying as the operation's policy allows.
   *
   * @throws ApiError and its subclasses, ConnectionError, TimeoutError,
   * RequestAbortedError, ResponseValidationError, ConfigurationError.
   */
  async request<T = void>(spec: RequestSpec<T>, options: TransportCallOptions = {}): Promise<T> {
    const { extraHeaders, maxRetries, deadlineAt } = this.#resolveCall(options, spec.send ?? false);
    let reason: string | undefined; // why the attempt about to start is a retry
    // Serialised once: each retry sends the same text without stringifying it again.
    const body = spec.jsonText ?? (spec.json === undefined ? undefined : JSON.stringify(spec.json));
    for (let retry = 0; ; retry++) {
      const telemetry = options.scope?.attempt(spec, retry, reason);
      try {
        const result = await this.#attempt({ spec, options: { ...options, deadlineAt }, extra: extraHeaders, body, retry, telemetry });
        telemetry?.end();
        return result;
      } catch (error) {
        telemetry?.end(error);
        const { random, maxRetryAfterMs } = this.#config;
        const delay = retryDelayMs(error, { policy: RETRY_POLICIES[spec.operation], retry, maxRetries, maxRetryAfterMs, random });
        // A retry that cannot start before the deadline is not worth sleeping for.
        if (delay === undefined || (deadlineAt !== undefined && Date.now() + delay >= deadlineAt)) throw error;
        reason = retryReason(error);
        this.#config.logger.warn(
          { event: 'retry', operation: spec.operation, attempt: retry + 1, delayMs: delay, reason },
          `cdms: retrying ${spec.operation} in ${delay} ms`,
        );
        await sleepAfter(error, delay, options.signal);
      }
    }
  }

  /**
   * Checks the per-call options as strictly as the client's own, before
   * anything is sent; a send refused here says so (`delivery: 'not-sent'`).
   */
  #resolveCall(options: TransportCallOptions, send: boolean) {
    try {
      if (options.timeoutMs !== undefined) checkTimeout('timeoutMs', options.timeoutMs);
      if (options.deadlineMs !== undefined) checkTimeout('deadlineMs', options.deadlineMs);
      return {
        extraHeaders: checkExtraHeaders(options.headers),
        maxRetries: options.maxRetries === undefined ? this.#config.maxRetries : checkRetries(options.maxRetries),
        deadlineAt: options.deadlineAt ?? (options.deadlineMs === undefined ? undefined : Date.now() + options.deadlineMs),
      };
    } catch (error) {
      if (send && error instanceof CdmsError) error.delivery = 'not-sent';
      throw error;
    }
  }

  async #attempt<T>(attempt: Attempt<T>): Promise<T> {
    const { spec, options } = attempt;
    const send = spec.send ?? false;
    if (options.signal?.aborted) {
      throw new RequestAbortedError({ cause: options.signal.reason, delivery: send ? 'not-sent' : undefined });
    }
    const response = await this.#fetch(attempt, send);
    if (!response.ok) throw await this.#apiError(spec, response, send);
    if (!spec.schema) {
      // The body is not needed; free the connection without waiting on a teed stream.
      response.body?.cancel().catch(() => undefined);
      return undefined as T;
    }
    const body = await readBodyText(response, MAX_SUCCESS_BODY_BYTES);
    return parseResponse(body, spec.schema, { where: whereOf(spec), status: response.status, delivery: send ? 'unknown' : undefined });
  }

  /** Makes the request of one attempt: a response of any status, or the failure as a typed error. */
  async #fetch(attempt: Attempt<unknown>, send: boolean): Promise<Response> {
    const { spec, options, telemetry } = attempt;
    const where = whereOf(spec);
    const timeoutMs = attemptTimeoutMs(options.timeoutMs ?? this.#config.timeoutMs, options.deadlineAt);
    const logger = this.#config.logger;
    const debug = this.#listening ? (fields: LogFields, message: string) => logger.debug(fields, message) : undefined;
    debug?.({ event: 'request', operation: spec.operation, method: spec.method, path: spec.path, attempt: attempt.retry + 1 }, `cdms: ${where}`);
    const started = performance.now();
    const body = attempt.body;
    const fetchResponse = () =>
      this.#ky(spec.path, {
        method: spec.method,
        headers: attemptHeaders({ extra: attempt.extra, operation: spec.headers, trace: telemetry?.headers, apiKey: this.#config.apiKey, hasBody: body !== undefined }),
        ...(body === undefined ? {} : { body }),
        timeout: timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    let response: Response;
    try {
      response = await (telemetry ? telemetry.within(fetchResponse) : fetchResponse());
    } catch (error) {
      const failure = classifyFailure(error, { where, timeoutMs, signal: options.signal, send });
      debug?.({ event: 'failure', operation: spec.operation, error: failure.name, durationMs: elapsed(started) }, `cdms: ${where} failed`);
      throw failure;
    }
    telemetry?.status(response.status);
    debug?.(
      { event: 'response', operation: spec.operation, status: response.status, durationMs: elapsed(started), headers: loggableHeaders(response.headers) },
      `cdms: ${where} -> ${response.status}`,
    );
    return response;
  }

  async #apiError(spec: RequestSpec<unknown>, response: Response, send: boolean): Promise<ApiError> {
    const { text } = await readBodyText(response, MAX_ERROR_BODY_BYTES);
    const secrets = sameSecrets([this.#config.apiKey, ...Object.values(spec.headers ?? {}), ...(spec.secrets ?? [])], spec.secrets);
    const { problem, excerpt } = parseErrorBody(text, secrets);
    return ApiError.from({
      status: response.status,
      problem,
      headers: redactHeaders(response.headers, secrets),
      method: spec.method,
      path: spec.path,
      bodyExcerpt: excerpt,
      delivery: send ? deliveryOfStatus(response.status) : undefined,
    });
  }
}

/**
 * Whether a send answered with this status may have been accepted. A 4xx was
 * refused; a 503 means the GP route could not hand the message on (spec:
 * "When sending to it fails, the response is 503"); any other 5xx is unknown.
 */
function deliveryOfStatus(status: number): Delivery {
  return status < 500 || status === 503 ? 'not-sent' : 'unknown';
}

/**
 * The backoff sleep between attempts. Aborted, it rejects with a
 * RequestAbortedError that carries the delivery of the attempt before it:
 * nothing new was sent while sleeping.
 */
async function sleepAfter(previous: unknown, ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (abort) {
    if (abort instanceof CdmsError && previous instanceof CdmsError) abort.delivery = previous.delivery;
    throw abort;
  }
}

/** The attempt's own limit, shortened so it never runs past the call's deadline. */
function attemptTimeoutMs(timeoutMs: number, deadlineAt: number | undefined): number {
  return deadlineAt === undefined ? timeoutMs : Math.max(1, Math.min(timeoutMs, deadlineAt - Date.now()));
}

const elapsed = (started: number): number => Math.round(performance.now() - started);

/** Method and path, as errors and logs name a request. */
const whereOf = (spec: RequestSpec<unknown>): string => `${spec.method} /${spec.path}`;


/** The last list of secrets made for a caller's list (a send's, the same on every attempt). */
const listsBySendSecrets = new WeakMap<readonly string[], readonly (string | undefined)[]>();

/**
 * `list`, or the equal list made for the same `sendSecrets` before: every
 * attempt of a send then hands redact() the same array, whose patterns it
 * compiles once.
 */
function sameSecrets(list: readonly (string | undefined)[], sendSecrets: readonly string[] | undefined): readonly (string | undefined)[] {
  if (!sendSecrets) return list;
  const known = listsBySendSecrets.get(sendSecrets);
  if (known && known.length === list.length && known.every((v, i) => v === list[i])) return known;
  listsBySendSecrets.set(sendSecrets, list);
  return list;
}
