import type { Attributes, Context, Span } from '@opentelemetry/api';
import { CdmsError } from '../core/errors/cdms-error.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import type { OperationName } from '../core/retry-policy.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import { ATTR } from './names.js';
import { OtelAttempt } from './otel-attempt.js';
import type { ClientTelemetryContext } from './client-context.js';
import { contentRefusalOf, errorTypeOf, refusedRules, safeMessageOf } from './outcome.js';
import type { AttemptRequest, AttemptTelemetry, OperationScope, RecoveryOutcome } from '../core/telemetry-port.js';

/** One SDK operation: an INTERNAL span named `cdms.<operation>`, its duration and outcome metrics. */
export class OtelOperationScope implements OperationScope {
  readonly #client: ClientTelemetryContext;
  readonly #name: OperationName;
  readonly #span: Span;
  /** The app's context at the call, with this operation's span: the parent of its attempts. */
  readonly #context: Context;
  readonly #started = performance.now();

  constructor(client: ClientTelemetryContext, name: OperationName) {
    this.#client = client;
    this.#name = name;
    const { api } = client;
    const active = api.context.active();
    this.#span = client.tracer.startSpan(`cdms.${name}`, { kind: api.SpanKind.INTERNAL, attributes: { [ATTR.operation]: name } }, active);
    this.#context = api.trace.setSpan(active, this.#span);
  }

  messageId(id: string): void {
    if (UUID_PATTERN.test(id)) this.#span.setAttribute(ATTR.messageId, id);
  }

  route(route: string): void {
    this.#span.setAttribute(ATTR.route, route);
  }

  recovery(outcome: RecoveryOutcome): void {
    this.#span.setAttribute(ATTR.recovery, outcome);
    this.#client.instruments.get().recoveries.add(1, { [ATTR.operation]: this.#name, [ATTR.recovery]: outcome });
  }

  attempt(request: AttemptRequest, retry: number, reason: string | undefined): AttemptTelemetry {
    if (retry > 0) this.#client.instruments.get().retries.add(1, { [ATTR.operation]: request.operation, [ATTR.retryReason]: reason ?? 'unknown' });
    return new OtelAttempt(this.#client, this.#context, request, retry, reason);
  }

  /** Ends the operation, with the error it failed with, if any. */
  end(error?: unknown): void {
    const instruments = this.#client.instruments.get();
    const outcome: Attributes = { [ATTR.operation]: this.#name, [ATTR.outcome]: error === undefined ? 'success' : 'failure' };
    if (error !== undefined) {
      outcome[ATTR.errorType] = errorTypeOf(error);
      this.#recordFailure(error);
      if (error instanceof LocalValidationError) {
        for (const rule of refusedRules(error)) instruments.validationRefusals.add(1, { [ATTR.operation]: this.#name, [ATTR.rule]: rule });
      }
      const refusedBy = contentRefusalOf(error);
      if (refusedBy) instruments.rejectedContent.add(1, { [ATTR.operation]: this.#name, [ATTR.rejectedBy]: refusedBy });
    }
    instruments.operationDuration.record((performance.now() - this.#started) / 1000, outcome);
    this.#span.end();
  }

  #recordFailure(error: unknown): void {
    const span = this.#span;
    if (!span.isRecording()) return;
    const type = errorTypeOf(error);
    span.setAttribute(ATTR.errorType, type);
    if (error instanceof CdmsError && error.delivery) span.setAttribute(ATTR.delivery, error.delivery);
    const message = safeMessageOf(error);
    span.setStatus({ code: this.#client.api.SpanStatusCode.ERROR, ...(message === undefined ? {} : { message }) });
    // The exception event: the SDK's own message only (written to be safe); no stack, which could hold a foreign error's text.
    span.addEvent('exception', { 'exception.type': type, ...(message === undefined ? {} : { 'exception.message': message }) });
  }
}
