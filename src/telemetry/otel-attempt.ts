import type { Attributes, Context, Span } from '@opentelemetry/api';
import { ATTR } from './names.js';
import type { ClientTelemetryContext } from './client-context.js';
import { attemptErrorType, statusClassOf, statusOf } from './outcome.js';
import type { AttemptRequest, AttemptTelemetry } from '../core/telemetry-port.js';
import { traceparentOf } from './traceparent.js';

/** A message id in a path: the only variable part of the service's URLs. */
const ID_SEGMENT = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/** `url.template` of a path: `/api/v1/messages/{messageId}/status`. */
export function urlTemplateOf(path: string): string {
  return `/${path.replace(ID_SEGMENT, '{messageId}')}`;
}

/** One HTTP attempt: a CLIENT span under the operation's, and the request duration metric. */
export class OtelAttempt implements AttemptTelemetry {
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly #client: ClientTelemetryContext;
  readonly #operation: string;
  readonly #method: string;
  readonly #span: Span;
  /** The attempt's context, when its span records (else nothing can nest under it). */
  readonly #context: Context | undefined;
  readonly #started = performance.now();
  #status: number | undefined;

  constructor(client: ClientTelemetryContext, parent: Context, request: AttemptRequest, retry: number, reason: string | undefined) {
    this.#client = client;
    this.#operation = request.operation;
    this.#method = request.method;
    const template = urlTemplateOf(request.path);
    const attributes: Attributes = {
      [ATTR.operation]: request.operation,
      [ATTR.method]: request.method,
      [ATTR.urlTemplate]: template,
      [ATTR.urlFull]: client.baseUrl + request.path,
      [ATTR.serverAddress]: client.serverAddress,
      [ATTR.serverPort]: client.serverPort,
      [ATTR.attempt]: retry + 1,
    };
    if (retry > 0) attributes[ATTR.resendCount] = retry;
    if (reason !== undefined) attributes[ATTR.retryReason] = reason;
    const { api } = client;
    this.#span = client.tracer.startSpan(`${request.method} ${template}`, { kind: api.SpanKind.CLIENT, attributes }, parent);
    this.#context = this.#span.isRecording() ? api.trace.setSpan(parent, this.#span) : undefined;
    const traceparent = client.propagate ? traceparentOf(this.#span.spanContext()) : undefined;
    this.headers = traceparent === undefined ? undefined : { traceparent };
  }

  within<T>(run: () => Promise<T>): Promise<T> {
    return this.#context ? this.#client.api.context.with(this.#context, run) : run();
  }

  status(code: number): void {
    this.#status = code;
    this.#span.setAttribute(ATTR.statusCode, code);
  }

  end(error?: unknown): void {
    const status = this.#status ?? statusOf(error);
    const metric: Attributes = {
      [ATTR.operation]: this.#operation,
      [ATTR.method]: this.#method,
      [ATTR.statusClass]: statusClassOf(status),
      [ATTR.serverAddress]: this.#client.serverAddress,
      [ATTR.serverPort]: this.#client.serverPort,
    };
    if (status !== undefined) metric[ATTR.statusCode] = status;
    if (error !== undefined) {
      const type = attemptErrorType(error, status);
      metric[ATTR.errorType] = type;
      this.#span.setAttribute(ATTR.errorType, type);
      this.#span.setStatus({ code: this.#client.api.SpanStatusCode.ERROR });
    }
    this.#client.instruments.get().requestDuration.record((performance.now() - this.#started) / 1000, metric);
    this.#span.end();
  }
}
