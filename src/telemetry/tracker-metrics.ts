// The delivery tracker's telemetry (docs/observability.md, "The tracker").
// The tracker calls three things: `poll` around each status poll it makes,
// `handlerFailed` when an event handler throws or rejects, and `observe` once
// with a function that reads its current counts, which OpenTelemetry calls
// at each metric collection. Names only and counts: never a message's
// content or patient data.
import type { BatchObservableResult, Counter, Meter, MeterProvider, ObservableGauge, Tracer, TracerProvider } from '@opentelemetry/api';
import { UUID_PATTERN } from '../schemas/uuid.js';
import { VERSION } from '../version.js';
import { InstrumentSource, sdkMeter } from './instruments.js';
import { ATTR, INSTRUMENTATION_SCOPE } from './names.js';
import { ConfigurationError } from '../core/errors/cdms-error.js';
import { importOpenTelemetryApi, openTelemetryApi, type OpenTelemetryApi } from './otel-api.js';
import { checkProviders, PROVIDERS_WITHOUT_API, type MeterProviderLike, type TracerProviderLike } from './telemetry.js';
import { errorTypeOf } from './outcome.js';

/** Metric names of the tracker. */
export const TRACKER_METRIC = {
  messages: 'cdms.tracker.messages',
  attention: 'cdms.tracker.attention',
  overduePolls: 'cdms.tracker.overdue_polls',
  polls: 'cdms.tracker.polls',
  handlerFailures: 'cdms.tracker.event_handler.failures',
} as const;

/** Attribute keys of the tracker's metrics. */
export const TRACKER_ATTR = {
  status: 'cdms.tracker.status',
  eventKind: 'cdms.tracker.event_kind',
} as const;

/** What the tracker reports at each metric collection. */
export interface TrackerGaugeReading {
  /** Tracked messages by the service's last known status (`none` before the service holds them). */
  readonly messagesByStatus: Readonly<Record<string, number>>;
  /** Messages a person must look at. */
  readonly attention: number;
  /** Polls whose planned time has passed without being made. */
  readonly overduePolls: number;
}

/** The message a poll is about. */
export interface PolledMessage {
  /** Recorded only when it is a UUID. */
  readonly messageId: string;
  /** `standard`, `instant` or `gpconnect`. */
  readonly route: string;
}

/** The tracker's telemetry. */
export interface TrackerTelemetry {
  /**
   * Runs one status poll as span `cdms.tracker.poll` (active while it runs,
   * so the client's `cdms.*.status` span nests under it) and counts it in
   * `cdms.tracker.polls` by route and outcome; polls per second is that
   * counter's rate.
   */
  poll<T>(message: PolledMessage, run: () => Promise<T>): Promise<T>;
  /** Counts an event handler that threw or rejected, by event kind. */
  handlerFailed(eventKind: string): void;
  /**
   * Registers the source of the three gauges; `read` is called at each
   * metric collection (it may be async). Returns a function that unregisters it.
   */
  observe(read: () => TrackerGaugeReading | Promise<TrackerGaugeReading>): () => void;
}

/** Where the tracker's spans and metrics go; the global providers by default. */
export interface TrackerTelemetryOptions {
  readonly tracerProvider?: TracerProvider | undefined;
  readonly meterProvider?: MeterProvider | undefined;
}

const NOOP: TrackerTelemetry = Object.freeze({
  poll: <T>(_message: PolledMessage, run: () => Promise<T>): Promise<T> => run(),
  handlerFailed: () => undefined,
  observe: () => () => undefined,
});

/** The providers a tracker was given (`createTracker`'s options of the same names). */
export interface TrackerProviderOptions {
  readonly tracerProvider?: TracerProviderLike | undefined;
  readonly meterProvider?: MeterProviderLike | undefined;
}

/**
 * The tracker's telemetry for `createTracker`'s options: loads the API
 * (asynchronously where the runtime has no synchronous loader, so nothing
 * is missed from the start), a no-op when it is not installed.
 *
 * @throws ConfigurationError when a provider is not one, or is given where `@opentelemetry/api` is not installed.
 */
export async function loadTrackerTelemetry(options: TrackerProviderOptions = {}): Promise<TrackerTelemetry> {
  const providers = checkProviders(options.tracerProvider, options.meterProvider);
  const found = openTelemetryApi();
  const api = found === undefined ? await importOpenTelemetryApi() : found;
  if (api) return new OtelTrackerTelemetry(api, providers);
  if (providers.tracerProvider || providers.meterProvider) throw new ConfigurationError(PROVIDERS_WITHOUT_API);
  return NOOP;
}

interface TrackerCounters {
  readonly polls: Counter;
  readonly handlerFailures: Counter;
}

function createCounters(meter: Meter, api: OpenTelemetryApi): TrackerCounters {
  const int = { valueType: api.ValueType.INT };
  return {
    polls: meter.createCounter(TRACKER_METRIC.polls, { ...int, unit: '{poll}', description: 'Status polls made by the tracker, by route and outcome.' }),
    handlerFailures: meter.createCounter(TRACKER_METRIC.handlerFailures, {
      ...int,
      unit: '{failure}',
      description: 'Event handler calls that threw or rejected (the event is delivered again), by event kind.',
    }),
  };
}

class OtelTrackerTelemetry implements TrackerTelemetry {
  readonly #api: OpenTelemetryApi;
  readonly #tracer: Tracer;
  readonly #counters: InstrumentSource<TrackerCounters>;

  constructor(api: OpenTelemetryApi, options: TrackerTelemetryOptions) {
    this.#api = api;
    this.#tracer = (options.tracerProvider ?? api.trace).getTracer(INSTRUMENTATION_SCOPE, VERSION);
    this.#counters = new InstrumentSource(api, options.meterProvider, createCounters);
  }

  async poll<T>(message: PolledMessage, run: () => Promise<T>): Promise<T> {
    const api = this.#api;
    const attributes = { [ATTR.route]: message.route, ...(UUID_PATTERN.test(message.messageId) ? { [ATTR.messageId]: message.messageId } : {}) };
    const span = this.#tracer.startSpan('cdms.tracker.poll', { kind: api.SpanKind.INTERNAL, attributes });
    const count = (outcome: string) => this.#counters.get().polls.add(1, { [ATTR.route]: message.route, [ATTR.outcome]: outcome });
    try {
      const result = await api.context.with(api.trace.setSpan(api.context.active(), span), run);
      count('success');
      return result;
    } catch (error) {
      span.setAttribute(ATTR.errorType, errorTypeOf(error));
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      count('failure');
      throw error;
    } finally {
      span.end();
    }
  }

  handlerFailed(eventKind: string): void {
    this.#counters.get().handlerFailures.add(1, { [TRACKER_ATTR.eventKind]: eventKind });
  }

  observe(read: () => TrackerGaugeReading | Promise<TrackerGaugeReading>): () => void {
    const meter = sdkMeter(this.#counters.provider());
    const int = { valueType: this.#api.ValueType.INT };
    const messages = meter.createObservableGauge(TRACKER_METRIC.messages, { ...int, unit: '{message}', description: 'Tracked messages by status.' });
    const attention = meter.createObservableGauge(TRACKER_METRIC.attention, { ...int, unit: '{message}', description: 'Messages a person must look at.' });
    const overdue = meter.createObservableGauge(TRACKER_METRIC.overduePolls, { ...int, unit: '{poll}', description: 'Polls past their planned time.' });
    const gauges = [messages, attention, overdue];
    const callback = async (result: BatchObservableResult) => {
      const reading = await read();
      observeEach(result, messages, TRACKER_ATTR.status, reading.messagesByStatus);
      result.observe(attention, reading.attention);
      result.observe(overdue, reading.overduePolls);
    };
    meter.addBatchObservableCallback(callback, gauges);
    return () => meter.removeBatchObservableCallback(callback, gauges);
  }
}

function observeEach(
  result: BatchObservableResult,
  gauge: ObservableGauge,
  key: string,
  counts: Readonly<Record<string, number>>,
): void {
  for (const [label, count] of Object.entries(counts)) result.observe(gauge, count, { [key]: label });
}
