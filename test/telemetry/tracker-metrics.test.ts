// The functions the delivery tracker calls for its telemetry, read back
// through OpenTelemetry's SDK: a poll's span with the client's status span
// under it, the poll and handler-failure counters, and the gauges.
import { describe, expect, it } from 'vitest';
import { CdmsClient, NotFoundError } from '../../src/index.js';
import { setOpenTelemetryApiForTesting } from '../../src/telemetry/otel-api.js';
import { loadTrackerTelemetry } from '../../src/telemetry/tracker-metrics.js';
import { standardMessage } from '../helpers/fixtures.js';
import { useTelemetrySuite } from '../helpers/telemetry-suite.js';
import { pointsOf } from '../helpers/telemetry.js';

const suite = useTelemetrySuite();
const providers = () => suite.providers();

describe('tracker telemetry', () => {
  it('a poll: span cdms.tracker.poll with the client status operation under it, counted by route and outcome', async () => {
    const cdms = new CdmsClient({ baseUrl: suite.sandbox.url, apiKey: suite.sandbox.apiKey, ...providers() });
    const tracker = await loadTrackerTelemetry(providers());
    const { messageId } = await cdms.messages.send(standardMessage({ messageId: crypto.randomUUID() }));
    const status = await tracker.poll({ messageId, route: 'standard' }, () => cdms.messages.status(messageId));
    expect(status.status).toBe('PENDING');
    const missing = crypto.randomUUID();
    await expect(tracker.poll({ messageId: missing, route: 'standard' }, () => cdms.messages.status(missing))).rejects.toBeInstanceOf(NotFoundError);

    const polls = suite.otel.spans().filter((s) => s.name === 'cdms.tracker.poll');
    expect(polls.map((s) => s.attributes)).toEqual([
      { 'cdms.route': 'standard', 'cdms.message_id': messageId },
      { 'cdms.route': 'standard', 'cdms.message_id': missing, 'error.type': 'NotFoundError' },
    ]);
    const statusSpans = suite.otel.spans().filter((s) => s.name === 'cdms.messages.status');
    expect(statusSpans.map((s) => s.parentSpanContext?.spanId)).toEqual(polls.map((s) => s.spanContext().spanId));

    const counted = pointsOf(await suite.otel.points(), 'cdms.tracker.polls').map((p) => [p.attributes['cdms.outcome'], p.value]);
    expect(counted.sort()).toEqual([
      ['failure', 1],
      ['success', 1],
    ]);
  });

  it('event handler failures, counted by event kind', async () => {
    const tracker = await loadTrackerTelemetry(providers());
    tracker.handlerFailed('terminal');
    tracker.handlerFailed('terminal');
    tracker.handlerFailed('attention');
    const failures = pointsOf(await suite.otel.points(), 'cdms.tracker.event_handler.failures').map((p) => [p.attributes['cdms.tracker.event_kind'], p.value]);
    expect(failures.sort()).toEqual([
      ['attention', 1],
      ['terminal', 2],
    ]);
  });

  it('the gauges: read (asynchronously) at each collection, and no longer once unregistered', async () => {
    const tracker = await loadTrackerTelemetry(providers());
    let pending = 3;
    const stop = tracker.observe(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { messagesByStatus: { PENDING: pending, COMPLETED: 7 }, attention: 2, overduePolls: 1 };
    });
    const first = await suite.otel.points();
    expect(pointsOf(first, 'cdms.tracker.messages').map((p) => [p.attributes['cdms.tracker.status'], p.value]).sort()).toEqual([
      ['COMPLETED', 7],
      ['PENDING', 3],
    ]);
    expect(pointsOf(first, 'cdms.tracker.attention')).toMatchObject([{ value: 2 }]);
    expect(pointsOf(first, 'cdms.tracker.overdue_polls')).toMatchObject([{ value: 1 }]);

    pending = 5;
    expect(pointsOf(await suite.otel.points(), 'cdms.tracker.messages', { 'cdms.tracker.status': 'PENDING' })).toMatchObject([{ value: 5 }]);
    stop();
    pending = 9;
    const after = pointsOf(await suite.otel.points(), 'cdms.tracker.messages', { 'cdms.tracker.status': 'PENDING' });
    expect(after.map((p) => p.value)).not.toContain(9);
  });

  it('without @opentelemetry/api: poll runs the work, the rest does nothing', async () => {
    setOpenTelemetryApiForTesting(null);
    const tracker = await loadTrackerTelemetry();
    await expect(tracker.poll({ messageId: crypto.randomUUID(), route: 'gpconnect' }, () => Promise.resolve(42))).resolves.toBe(42);
    tracker.handlerFailed('sent');
    let reads = 0;
    tracker.observe(() => {
      reads++;
      return { messagesByStatus: {}, attention: 0, overduePolls: 0 };
    })();
    await suite.otel.points();
    expect({ spans: suite.otel.spans().length, reads }).toEqual({ spans: 0, reads: 0 });
  });
});
