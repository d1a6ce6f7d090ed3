import type { Counter, Histogram, Meter, MeterProvider } from '@opentelemetry/api';
import { VERSION } from '../version.js';
import { DURATION_BUCKETS_S, INSTRUMENTATION_SCOPE, METRIC } from './names.js';
import type { OpenTelemetryApi } from './otel-api.js';

/** The client's metric instruments. */
export interface ClientInstruments {
  readonly requestDuration: Histogram;
  readonly operationDuration: Histogram;
  readonly retries: Counter;
  readonly recoveries: Counter;
  readonly validationRefusals: Counter;
  readonly rejectedContent: Counter;
}

/** A meter of the SDK's instrumentation scope from `provider`. */
export function sdkMeter(provider: MeterProvider): Meter {
  return provider.getMeter(INSTRUMENTATION_SCOPE, VERSION);
}

/**
 * Instruments of the meter provider in force. Without a provider of its own
 * the SDK follows the global one, which the app may register after creating
 * the client (the API hands out a no-op meter until then, and, unlike
 * tracers, never upgrades it), so the provider is looked up at each use and
 * the instruments rebuilt when it changed.
 */
export class InstrumentSource<T> {
  readonly #api: OpenTelemetryApi;
  readonly #fixed: MeterProvider | undefined;
  readonly #create: (meter: Meter, api: OpenTelemetryApi) => T;
  #provider: MeterProvider | undefined;
  #instruments: T | undefined;
  #noop = false;

  /**
   * @param fixed - The provider given in the options, if any.
   * @param create - Creates the instruments on a meter.
   */
  constructor(api: OpenTelemetryApi, fixed: MeterProvider | undefined, create: (meter: Meter, api: OpenTelemetryApi) => T) {
    this.#api = api;
    this.#fixed = fixed;
    this.#create = create;
  }

  /** The provider in force. */
  provider(): MeterProvider {
    return this.#fixed ?? this.#api.metrics.getMeterProvider();
  }

  /** The current instruments. */
  get(): T {
    const provider = this.provider();
    if (provider !== this.#provider || this.#instruments === undefined) {
      const meter = sdkMeter(provider);
      this.#provider = provider;
      this.#noop = meter === this.#api.createNoopMeter();
      this.#instruments = this.#create(meter, this.#api);
    }
    return this.#instruments;
  }

  /** Whether the provider in force records nothing (no meter provider registered). */
  isNoop(): boolean {
    this.get();
    return this.#noop;
  }
}

/** Creates the client's instruments on a meter. */
export function createClientInstruments(meter: Meter, api: OpenTelemetryApi): ClientInstruments {
  const seconds = (description: string) => ({ unit: 's', description, advice: { explicitBucketBoundaries: DURATION_BUCKETS_S } });
  const count = (unit: string, description: string) => ({ unit, description, valueType: api.ValueType.INT });
  return {
    requestDuration: meter.createHistogram(METRIC.requestDuration, seconds('Duration of each HTTP attempt to the service.')),
    operationDuration: meter.createHistogram(METRIC.operationDuration, seconds('Duration of each SDK operation, retries and recovery included.')),
    retries: meter.createCounter(METRIC.retries, count('{retry}', 'Attempts repeated by the retry policy.')),
    recoveries: meter.createCounter(METRIC.recoveries, count('{lookup}', 'Status look-ups after a send whose outcome was unclear, by outcome.')),
    validationRefusals: meter.createCounter(METRIC.validationRefusals, count('{field}', 'Fields refused by local validation (nothing sent), by rule.')),
    rejectedContent: meter.createCounter(METRIC.rejectedContent, count('{refusal}', 'Attachment content refused: by the service, or locally because it was refused before.')),
  };
}
