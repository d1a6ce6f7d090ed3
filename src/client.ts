import { checkRetries, checkTimeout, assertNotBrowser, optionOrEnv, resolveApiKey, resolveBaseUrl } from './core/client-config.js';
import { silentLogger, type Logger } from './core/logger.js';
import type { FetchFunction, RequestOptions } from './core/options.js';
import { Transport } from './core/transport.js';
import { resolveLimits, type Limits } from './limits.js';
import { resolveAdditionalIdTypes } from './core/id-type-option.js';
import { operationCall } from './schemas/operations.js';
import type { AdditionalIdTypes } from './schemas/id-types.js';
import { InMemoryRejectedContentStore, type RejectedContentStore } from './rejected-content/store.js';
import { GpConnect } from './resources/gpconnect.js';
import { Instant } from './resources/instant.js';
import { Messages } from './resources/messages.js';
import type { ClientContext } from './resources/resource.js';
import { Tokens } from './resources/tokens.js';
import { Topics } from './resources/topics.js';
import { Widgets } from './resources/widgets.js';
import type { Telemetry } from './core/telemetry-port.js';
import { PdfChecker, type WrongPatientCheckOptions } from './validation/pdf-check/pdf-checker.js';
import { createTelemetry, type MeterProviderLike, type TracerProviderLike } from './telemetry/telemetry.js';

/**
 * Options of {@link CdmsClient}.
 *
 * @typeParam ExtraSubjectIdType - The additional subject id types, inferred from `additionalIdTypes`.
 * @typeParam ExtraRecipientIdType - The additional recipient id types, inferred from `additionalIdTypes`.
 */
export interface CdmsClientOptions<ExtraSubjectIdType extends string = never, ExtraRecipientIdType extends string = never> {
  /** Base URL of the environment (integration or live). @defaultValue env `CDMS_BASE_URL` */
  baseUrl?: string | undefined;
  /** API key issued by the operator for that environment. @defaultValue env `CDMS_API_KEY` */
  apiKey?: string | undefined;
  /** Time limit of each attempt, in milliseconds. @defaultValue 30_000 */
  timeoutMs?: number | undefined;
  /** Retries of retryable failures (which ones: see docs/errors-and-retries.md). @defaultValue 3 */
  maxRetries?: number | undefined;
  /** A custom `fetch` (proxies, tests). @defaultValue globalThis.fetch */
  fetch?: FetchFunction | undefined;
  /** Receives structured log events; never bodies, keys or patient data. @defaultValue silent */
  logger?: Logger | undefined;
  /** Limits other than the spec's, for local validation. */
  limits?: Partial<Limits> | undefined;
  /**
   * Id types your environment uses beyond the ones the service documents
   * (`OcsClientIdentifier`; `VerifiedNhsNumber`, `NHSNumber`). Only these
   * are accepted otherwise, by the types and by local validation. The lists
   * reach the send methods' types, so no cast is needed:
   *
   * ```ts
   * const cdms = new CdmsClient({ additionalIdTypes: { subject: ['LocalPatientId'] } });
   * ```
   *
   * A subject type that names an NHS number still has its value checked.
   * @defaultValue none
   */
  additionalIdTypes?: AdditionalIdTypes<ExtraSubjectIdType, ExtraRecipientIdType> | undefined;
  /**
   * How the wrong-patient check reads PDFs: its time budget per PDF, the
   * worker threads that read them, the verdicts it keeps (see
   * docs/validation.md, "The wrong-patient cross-check").
   * @defaultValue 10 s per PDF, one worker per core, 1,000 verdicts
   */
  wrongPatientCheck?: WrongPatientCheckOptions | undefined;
  /**
   * Where rejected attachment content hashes are kept. The default forgets
   * them when the process ends; `FileRejectedContentStore` keeps them across
   * restarts. Sends through the delivery tracker are also checked against
   * its ledger, which keeps the verdicts it met across restarts.
   * @defaultValue in memory, as long as the client
   */
  rejectedContent?: RejectedContentStore | undefined;
  /** Allow use in a browser, exposing the API key to its users. @defaultValue false */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** How long `topics.list()` keeps its result, in milliseconds. @defaultValue 3_600_000 (1 hour) */
  topicsCacheTtlMs?: number | undefined;
  /** Longest `Retry-After` the SDK waits for, in milliseconds; a longer one ends the retries. @defaultValue 60_000 */
  maxRetryAfterMs?: number | undefined;
  /**
   * Send the W3C `traceparent` header with each request, so the service can
   * join its traces to yours. Off by default: the service is a third party.
   * Only the trace and span ids go, never `tracestate` or baggage.
   * @defaultValue false
   */
  propagateTraceContext?: boolean | undefined;
  /**
   * Where the client's spans go, instead of the global tracer provider.
   * Needs `@opentelemetry/api` installed (see docs/observability.md).
   * @defaultValue the provider registered with `@opentelemetry/api`
   */
  tracerProvider?: TracerProviderLike | undefined;
  /**
   * Where the client's metrics go, instead of the global meter provider.
   * Needs `@opentelemetry/api` installed.
   * @defaultValue the provider registered with `@opentelemetry/api`
   */
  meterProvider?: MeterProviderLike | undefined;
}

/**
 * The client of the Clinical Document Messaging Service.
 *
 * @example
 * ```ts
 * import { CdmsClient } from 'cdms-sdk';
 *
 * const cdms = new CdmsClient(); // CDMS_BASE_URL and CDMS_API_KEY from the environment
 * await cdms.test();
 * const topics = await cdms.topics.list();
 * ```
 */
export class CdmsClient<const ExtraSubjectIdType extends string = never, const ExtraRecipientIdType extends string = never> {
  /** Standard messages and the status of standard and instant messages. */
  readonly messages: Messages<ExtraSubjectIdType, ExtraRecipientIdType>;
  /** Instant messages, sent with a user's access token. */
  readonly instant: Instant<ExtraSubjectIdType, ExtraRecipientIdType>;
  /** The GP route (GP Connect Send Document over MESH). */
  readonly gpconnect: GpConnect<ExtraSubjectIdType>;
  /** The approved topics, cached. */
  readonly topics: Topics;
  /** Instant access tokens: exchange and verify. */
  readonly tokens: Tokens;
  /** Widget registration. */
  readonly widgets: Widgets;
  readonly #transport: Transport;
  readonly #telemetry: Telemetry;

  /**
   * @throws ConfigurationError when the base URL or key is missing, the base
   * URL is plain http off loopback, a value holds a line break, or the client
   * runs in a browser without `dangerouslyAllowBrowser`; when a telemetry
   * option has the wrong type, or a provider is given without
   * `@opentelemetry/api` installed; when `additionalIdTypes` is not lists of
   * id type names.
   */
  constructor(options: CdmsClientOptions<ExtraSubjectIdType, ExtraRecipientIdType> = {}) {
    assertNotBrowser(options.dangerouslyAllowBrowser);
    const baseUrl = resolveBaseUrl(optionOrEnv(options, 'baseUrl', 'CDMS_BASE_URL'), { customFetch: options.fetch !== undefined });
    const { propagateTraceContext, tracerProvider, meterProvider } = options;
    this.#telemetry = createTelemetry({ baseUrl, propagateTraceContext, tracerProvider, meterProvider });
    this.#transport = new Transport({
      baseUrl,
      apiKey: resolveApiKey(optionOrEnv(options, 'apiKey', 'CDMS_API_KEY')),
      timeoutMs: checkTimeout('timeoutMs', options.timeoutMs ?? 30_000),
      maxRetries: checkRetries(options.maxRetries ?? 3),
      fetch: options.fetch,
      logger: options.logger ?? silentLogger,
      maxRetryAfterMs: checkTimeout('maxRetryAfterMs', options.maxRetryAfterMs ?? 60_000),
      random: Math.random,
    });
    const context: ClientContext = {
      transport: this.#transport,
      limits: resolveLimits(options.limits),
      additionalIdTypes: resolveAdditionalIdTypes(options.additionalIdTypes),
      rejectedContent: options.rejectedContent ?? new InMemoryRejectedContentStore(),
      topicNamesForSend: (options) => this.topics.namesForSend(options),
      telemetry: this.#telemetry,
      pdfChecker: new PdfChecker(options.wrongPatientCheck),
    };
    this.messages = new Messages(context);
    this.instant = new Instant(context);
    this.gpconnect = new GpConnect(context);
    this.topics = new Topics(context, checkTimeout('topicsCacheTtlMs', options.topicsCacheTtlMs ?? 3_600_000));
    this.tokens = new Tokens(context);
    this.widgets = new Widgets(context);
  }

  /** The base URL in use (never the key). */
  get baseUrl(): string {
    return this.#transport.config.baseUrl;
  }

  /**
   * Checks connectivity and the API key (GET /api/v1/test). Resolves on 200.
   * Retried on 5xx and network errors.
   *
   * @throws AuthenticationError when the key is missing or not recognised.
   * @throws InternalServerError, ConnectionError, TimeoutError, RequestAbortedError
   */
  async test(options: RequestOptions = {}): Promise<void> {
    await this.#telemetry.operation('test', (scope) =>
      this.#transport.request(operationCall('test'), { ...options, scope }),
    );
  }
}
