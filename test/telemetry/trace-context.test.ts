// Trace context: where the SDK's spans attach, what goes on the wire, and the
// global providers (registered before or after the client).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, metrics, propagation, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CBaggagePropagator, W3CTraceContextPropagator, CompositePropagator } from '@opentelemetry/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CdmsClient, ConfigurationError } from '../../src/index.js';
import { pointsOf, telemetryHarness, type TelemetryHarness } from '../helpers/telemetry.js';

/** A server that keeps each request's headers and answers the next of `statuses` (then 200). */
let server: Server;
let baseUrl: string;
const received: IncomingHttpHeaders[] = [];
const statuses: number[] = [];
let otel: TelemetryHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume().on('end', () => res.writeHead(statuses.shift() ?? 200, { 'Retry-After': '0' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => {
  context.disable();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  statuses.length = 0;
  otel = telemetryHarness();
});
afterEach(async () => {
  trace.disable();
  metrics.disable();
  propagation.disable();
  await otel.shutdown();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

/** Runs `fn` inside an active span of the app's own, as a request handler would. */
function inAppSpan<T>(fn: (span: Span) => Promise<T>): Promise<T> {
  const tracer = otel.tracerProvider.getTracer('the-app');
  return tracer.startActiveSpan('app.handle-discharge', async (span) => {
    try {
      return await fn(span);
    } finally {
      span.end();
    }
  });
}

describe('trace context', () => {
  it('the operation span is a child of the app span active at the call', async () => {
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', tracerProvider: otel.tracerProvider });
    const app = await inAppSpan(async (span) => {
      await cdms.test();
      return span;
    });
    const operation = otel.spans().find((s) => s.name === 'cdms.test');
    expect(operation!.parentSpanContext?.spanId).toBe(app.spanContext().spanId);
    expect(operation!.spanContext().traceId).toBe(app.spanContext().traceId);
  });

  it('sends no traceparent by default, even when the app propagates context globally', async () => {
    propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', tracerProvider: otel.tracerProvider });
    await inAppSpan(() => cdms.test());
    expect(received).toHaveLength(1);
    expect(received[0]!.traceparent).toBeUndefined();
    expect(received[0]!.baggage).toBeUndefined();
  });

  it('with propagateTraceContext, sends the attempt span as traceparent, and no tracestate or baggage', async () => {
    propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', tracerProvider: otel.tracerProvider, propagateTraceContext: true });
    const withBaggage = propagation.setBaggage(context.active(), propagation.createBaggage({ 'user.id': { value: 'clinician-42' } }));
    await context.with(withBaggage, () => inAppSpan(() => cdms.test()));
    const attempt = otel.spans().find((s) => s.name === 'GET /api/v1/test');
    const [, traceId, spanId] = TRACEPARENT.exec(String(received[0]!.traceparent)) ?? [];
    expect({ traceId, spanId }).toEqual({ traceId: attempt!.spanContext().traceId, spanId: attempt!.spanContext().spanId });
    expect(String(received[0]!.traceparent).endsWith('-01')).toBe(true);
    expect(received[0]!.tracestate).toBeUndefined();
    expect(received[0]!.baggage).toBeUndefined();
  });

  it('each attempt of a retried request carries its own span id', async () => {
    statuses.push(503);
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', tracerProvider: otel.tracerProvider, propagateTraceContext: true });
    await cdms.test();
    const ids = received.map((h) => TRACEPARENT.exec(String(h.traceparent))?.[2]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toEqual(otel.spans().filter((s) => s.name === 'GET /api/v1/test').map((s) => s.spanContext().spanId));
  });

  it('follows global providers registered after the client was created', async () => {
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k' });
    await cdms.test(); // nothing registered yet: recorded nowhere
    trace.setGlobalTracerProvider(otel.tracerProvider);
    metrics.setGlobalMeterProvider(otel.meterProvider);
    await cdms.test();
    expect(otel.spans().map((s) => s.name)).toEqual(['GET /api/v1/test', 'cdms.test']);
    expect(pointsOf(await otel.points(), 'cdms.client.operation.duration', { 'cdms.operation': 'test' })).toMatchObject([{ value: 1 }]);
  });

  it('with no OpenTelemetry SDK registered, works and sends no traceparent (there is no trace)', async () => {
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', propagateTraceContext: true });
    await cdms.test();
    expect(received).toHaveLength(1);
    expect(received[0]!.traceparent).toBeUndefined();
  });

  it('with no SDK registered but a trace context active (the app extracted it), passes that context on', async () => {
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k', propagateTraceContext: true });
    const remote = trace.wrapSpanContext({ traceId: 'a1'.repeat(16), spanId: 'b2'.repeat(8), traceFlags: 1 });
    await context.with(trace.setSpan(context.active(), remote), () => cdms.test());
    expect(received[0]!.traceparent).toBe(`00-${'a1'.repeat(16)}-${'b2'.repeat(8)}-01`);
  });

  it('refuses telemetry options of the wrong type, saying what it expected', () => {
    const bad = (options: Record<string, unknown>) => () => new CdmsClient({ baseUrl, apiKey: 'k', ...options });
    expect(bad({ propagateTraceContext: 'yes' })).toThrow(ConfigurationError);
    expect(bad({ propagateTraceContext: 'yes' })).toThrow(/propagateTraceContext must be true or false/);
    expect(bad({ tracerProvider: {} })).toThrow(/tracerProvider must be an OpenTelemetry TracerProvider/);
    expect(bad({ meterProvider: { getTracer: () => ({}) } })).toThrow(/meterProvider must be an OpenTelemetry MeterProvider/);
  });
});
