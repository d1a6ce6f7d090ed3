// The tracker's OpenTelemetry wiring, read back through the SDK's in-memory
// exporters: each status poll is a `cdms.tracker.poll` span with the client's
// status call under it and is counted; a failing event handler is counted;
// the gauges read the ledger; providers are checked like the client's.
import { describe, expect, it } from 'vitest';
import { CdmsClient, ConfigurationError } from '../../src/index.js';
import { setOpenTelemetryApiForTesting } from '../../src/telemetry/otel-api.js';
import { createTracker } from '../../src/tracker/index.js';
import { standardMessage } from '../helpers/fixtures.js';
import { useTelemetrySuite } from '../helpers/telemetry-suite.js';
import { pointsOf } from '../helpers/telemetry.js';
import { databaseFor, eventually, useTrackers } from './support.js';

const suite = useTelemetrySuite();
const openTracker = useTrackers();
const providers = () => suite.providers();
// Six-hourly polls: nothing is polled in the background while a test runs, so every poll is the test's own.
const QUIET = { pollIntervalMs: 6 * 3_600_000, beforeExpiryMs: 15 * 60_000, followForMs: 14 * 24 * 3_600_000 };

describe('tracker telemetry', () => {
  it('pollNow: a cdms.tracker.poll span with the client status call under it, counted; the gauges read the ledger', async () => {
    const client = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey, ...providers() });
    const tracker = await openTracker('SQLite', client, { ...QUIET, ...providers() });
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage({ messageId: crypto.randomUUID() }));
    await tracker.pollNow(messageId);

    const polls = suite.otel.spans().filter((s) => s.name === 'cdms.tracker.poll');
    expect(polls.map((s) => s.attributes)).toEqual([{ 'cdms.route': 'standard', 'cdms.message_id': messageId }]);
    const statusCalls = suite.otel.spans().filter((s) => s.name === 'cdms.messages.status');
    expect(statusCalls.map((s) => s.parentSpanContext?.spanId)).toEqual(polls.map((s) => s.spanContext().spanId));

    const points = await suite.otel.points();
    expect(pointsOf(points, 'cdms.tracker.polls').map((p) => [p.attributes['cdms.route'], p.attributes['cdms.outcome'], p.value])).toEqual([
      ['standard', 'success', 1],
    ]);
    expect(pointsOf(points, 'cdms.tracker.messages').map((p) => [p.attributes['cdms.tracker.status'], p.value])).toEqual([['PENDING', 1]]);
    expect(pointsOf(points, 'cdms.tracker.attention')).toMatchObject([{ value: 0 }]);
    expect(pointsOf(points, 'cdms.tracker.overdue_polls')).toMatchObject([{ value: 0 }]);
  });

  it('a poll answered 404 is counted as a failure, its span typed, and the message still followed', async () => {
    const client = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey, ...providers() });
    const tracker = await openTracker('SQLite', client, { ...QUIET, ...providers() });
    const missing = crypto.randomUUID();
    await tracker.track({ messageId: missing, route: 'standard', sentAt: new Date() });
    const after = await tracker.pollNow(missing);
    expect(after.stage).toBe('following');
    const [poll] = suite.otel.spans().filter((s) => s.name === 'cdms.tracker.poll');
    expect(poll?.attributes['error.type']).toBe('NotFoundError');
    expect(pointsOf(await suite.otel.points(), 'cdms.tracker.polls').map((p) => [p.attributes['cdms.outcome'], p.value])).toEqual([['failure', 1]]);
  });

  it('an event handler that throws is counted by event kind, and the event delivered again', async () => {
    const client = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey });
    const tracker = await openTracker('SQLite', client, { ...QUIET, ...providers() });
    let failed = 0;
    let handled = 0;
    tracker.onEvent((event) => {
      if (event.kind !== 'sent') return;
      if (failed++ === 0) throw new Error('the app was not ready');
      handled++;
    });
    await tracker.start();
    await tracker.send('standard', standardMessage({ messageId: crypto.randomUUID() }));
    await eventually('the sent event handled on its second delivery', () => handled === 1);
    const failures = pointsOf(await suite.otel.points(), 'cdms.tracker.event_handler.failures');
    expect(failures.map((p) => [p.attributes['cdms.tracker.event_kind'], p.value])).toEqual([['sent', 1]]);
  });

  it('providers are checked as the client checks them, before the database is opened', async () => {
    const client = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey });
    const notAProvider = { getSpans: () => [] } as unknown as typeof suite.otel.tracerProvider;
    await expect(createTracker({ client, database: 'memory:', tracerProvider: notAProvider })).rejects.toThrow(/tracerProvider must be an OpenTelemetry TracerProvider/);
    setOpenTelemetryApiForTesting(null);
    const refused = createTracker({ client, ...databaseFor('SQLite'), meterProvider: suite.otel.meterProvider });
    await expect(refused).rejects.toBeInstanceOf(ConfigurationError);
    await expect(refused).rejects.toThrow(/@opentelemetry\/api is not installed/);
  });

  it('without @opentelemetry/api the tracker works and records nothing', async () => {
    setOpenTelemetryApiForTesting(null);
    const client = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey });
    const tracker = await openTracker('SQLite', client, QUIET);
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage({ messageId: crypto.randomUUID() }));
    expect((await tracker.pollNow(messageId)).status).toBe('PENDING');
    expect(suite.otel.spans()).toEqual([]);
  });
});
