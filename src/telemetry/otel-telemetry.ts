import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import type { OperationName } from '../core/retry-policy.js';
import { VERSION } from '../version.js';
import type { ClientTelemetryContext } from './client-context.js';
import { InstrumentSource, createClientInstruments } from './instruments.js';
import { INSTRUMENTATION_SCOPE } from './names.js';
import type { OpenTelemetryApi } from './otel-api.js';
import { OtelOperationScope } from './otel-scope.js';
import { NOOP_SCOPE, type OperationScope, type Telemetry } from '../core/telemetry-port.js';

/** What the client's telemetry was configured with. Internal. */
export interface TelemetryConfig {
  /** Absolute base URL, ending with `/`. */
  readonly baseUrl: string;
  /** Send `traceparent` on requests. */
  readonly propagate: boolean;
  /** The client's own providers; else the global ones. */
  readonly tracerProvider?: TracerProvider | undefined;
  readonly meterProvider?: MeterProvider | undefined;
}

/** The client's telemetry through the OpenTelemetry API. */
export class OtelTelemetry implements Telemetry {
  readonly #client: ClientTelemetryContext;
  /** A tracer provider given in the options: always in use. */
  readonly #ownTracer: boolean;

  constructor(api: OpenTelemetryApi, config: TelemetryConfig) {
    const url = new URL(config.baseUrl);
    this.#ownTracer = config.tracerProvider !== undefined;
    this.#client = {
      api,
      // The global tracer is a proxy: an SDK registered after the client is still used.
      tracer: (config.tracerProvider ?? api.trace).getTracer(INSTRUMENTATION_SCOPE, VERSION),
      instruments: new InstrumentSource(api, config.meterProvider, createClientInstruments),
      baseUrl: config.baseUrl,
      serverAddress: url.hostname,
      serverPort: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
      propagate: config.propagate,
    };
  }

  async operation<T>(name: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T> {
    if (this.#silent()) return run(NOOP_SCOPE);
    const scope = new OtelOperationScope(this.#client, name);
    let result: T;
    try {
      result = await run(scope);
    } catch (error) {
      scope.end(error);
      throw error;
    }
    scope.end();
    return result;
  }

  /**
   * Whether nothing would be recorded or sent: no tracer and no meter
   * provider registered (and no trace context to pass on). Then the
   * operation takes the no-op path, so an app without an OpenTelemetry SDK
   * pays almost nothing. Checked per operation: a provider registered later counts.
   */
  #silent(): boolean {
    const { api, instruments, propagate } = this.#client;
    if (this.#ownTracer || !instruments.isNoop()) return false;
    const provider = api.trace.getTracerProvider();
    if (!(provider instanceof api.ProxyTracerProvider) || provider.getDelegateTracer(INSTRUMENTATION_SCOPE, VERSION) !== undefined) return false;
    return !propagate || api.trace.getSpan(api.context.active()) === undefined;
  }
}
