// OpenTelemetry's own SDK with its in-memory exporters, for tests that read
// what the SDK recorded.
import type { Attributes, AttributeValue } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type DataPoint } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** One data point of one metric, flattened. */
export interface RecordedPoint {
  metric: string;
  unit: string;
  attributes: Attributes;
  /** A counter's or gauge's value; a histogram's count. */
  value: number;
  /** A histogram's sum (seconds for durations). */
  sum?: number | undefined;
}

/** An OpenTelemetry SDK set up for one test: providers and what they recorded. */
export interface TelemetryHarness {
  tracerProvider: BasicTracerProvider;
  meterProvider: MeterProvider;
  /** Spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** Forgets the spans ended so far. */
  clearSpans(): void;
  /** Collects the metrics now. */
  points(): Promise<RecordedPoint[]>;
  shutdown(): Promise<void>;
}

/** A tracer and a meter provider exporting to memory. */
export function telemetryHarness(): TelemetryHarness {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // An interval far beyond any test: metrics are exported by forceFlush only.
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    meterProvider,
    spans: () => spanExporter.getFinishedSpans(),
    clearSpans: () => spanExporter.reset(),
    async points() {
      metricExporter.reset();
      await reader.forceFlush();
      return flatten(metricExporter);
    },
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}

function flatten(exporter: InMemoryMetricExporter): RecordedPoint[] {
  const points: RecordedPoint[] = [];
  for (const resource of exporter.getMetrics()) {
    for (const scope of resource.scopeMetrics) {
      for (const metric of scope.metrics) {
        for (const point of metric.dataPoints as DataPoint<unknown>[]) {
          const value = point.value;
          const histogram = typeof value === 'object' && value !== null ? (value as { count: number; sum?: number }) : undefined;
          points.push({
            metric: metric.descriptor.name,
            unit: metric.descriptor.unit,
            attributes: point.attributes,
            value: histogram ? histogram.count : Number(value),
            sum: histogram?.sum,
          });
        }
      }
    }
  }
  return points;
}

/** The points of one metric, optionally only those whose attributes include `match`. */
export function pointsOf(points: readonly RecordedPoint[], metric: string, match: Record<string, AttributeValue> = {}): RecordedPoint[] {
  return points.filter((p) => p.metric === metric && Object.entries(match).every(([k, v]) => p.attributes[k] === v));
}

/** The spans with this name. */
export function spansNamed(spans: readonly ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((s) => s.name === name);
}

/**
 * Every string the harness recorded: span names, status messages, attribute
 * keys and values, event names and their attributes, metric names and
 * attributes. What a leak scan searches.
 */
export async function everythingRecorded(harness: TelemetryHarness): Promise<string[]> {
  const texts: string[] = [];
  const attributes = (a: Attributes) => {
    for (const [key, value] of Object.entries(a)) texts.push(key, JSON.stringify(value));
  };
  for (const span of harness.spans()) {
    texts.push(span.name, span.status.message ?? '');
    attributes(span.attributes);
    for (const event of span.events) {
      texts.push(event.name);
      attributes(event.attributes ?? {});
    }
    for (const link of span.links) attributes(link.attributes ?? {});
  }
  for (const point of await harness.points()) {
    texts.push(point.metric);
    attributes(point.attributes);
  }
  return texts;
}
