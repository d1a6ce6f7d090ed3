// The spans and metrics of the client's operations, read back through
// OpenTelemetry's SDK and its in-memory exporters, against the sandbox over
// real HTTP.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CdmsClient, ConnectionError, LocalValidationError, ServiceUnavailableError } from '../../src/index.js';
import { EICAR_TEST_FILE_BASE64, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { gpMessage, standardMessage } from '../helpers/fixtures.js';
import { pointsOf, spansNamed, telemetryHarness, type TelemetryHarness } from '../helpers/telemetry.js';

let sandbox: Sandbox;
let otel: TelemetryHarness;
const newId = () => crypto.randomUUID();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  otel = telemetryHarness();
  sandbox.setFaults({});
});
afterEach(() => otel.shutdown());

/**
 * A client whose topic list is already fetched (a client fetches it by itself
 * before its first send; that fetch has its own test below), with the spans
 * of that fetch forgotten, so each test sees only its own operation.
 */
async function client(options: { maxRetries?: number } = {}, { primed = true } = {}) {
  const cdms = new CdmsClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    tracerProvider: otel.tracerProvider,
    meterProvider: otel.meterProvider,
    ...options,
  });
  if (primed) {
    await cdms.topics.list();
    otel.clearSpans();
  }
  return cdms;
}

const port = () => Number(new URL(sandbox.url).port);

describe('client telemetry', () => {
  it('a standard send: an INTERNAL operation span with one CLIENT attempt span under it, and the duration metrics', async () => {
    const messageId = newId();
    const result = await (await client()).messages.send(standardMessage({ messageId }));
    expect(result.messageId).toBe(messageId);

    const spans = otel.spans();
    expect(spans.map((s) => s.name)).toEqual(['POST /api/v1/messages', 'cdms.messages.send']);
    const [attempt, operation] = spans;
    expect(operation!.kind).toBe(SpanKind.INTERNAL);
    expect(operation!.attributes).toEqual({ 'cdms.operation': 'messages.send', 'cdms.route': 'standard', 'cdms.message_id': messageId });
    expect(operation!.status.code).toBe(SpanStatusCode.UNSET);
    expect(attempt!.kind).toBe(SpanKind.CLIENT);
    expect(attempt!.parentSpanContext?.spanId).toBe(operation!.spanContext().spanId);
    expect(attempt!.spanContext().traceId).toBe(operation!.spanContext().traceId);
    expect(attempt!.attributes).toEqual({
      'cdms.operation': 'messages.send',
      'http.request.method': 'POST',
      'url.template': '/api/v1/messages',
      'url.full': `${sandbox.url}/api/v1/messages`,
      'server.address': '127.0.0.1',
      'server.port': port(),
      'cdms.attempt': 1,
      'http.response.status_code': 200,
    });

    const points = await otel.points();
    const request = pointsOf(points, 'cdms.client.request.duration', { 'cdms.operation': 'messages.send' });
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({
      unit: 's',
      value: 1,
      attributes: { 'cdms.operation': 'messages.send', 'http.request.method': 'POST', 'http.response.status_code': 200, 'cdms.status_class': '2xx' },
    });
    expect(request[0]!.sum).toBeGreaterThan(0);
    expect(pointsOf(points, 'cdms.client.operation.duration', { 'cdms.operation': 'messages.send', 'cdms.outcome': 'success' })).toHaveLength(1);
    expect(pointsOf(points, 'cdms.client.retries')).toEqual([]);
  });

  it('a GP-route send retried after a 503: two attempts, the second saying why, and the retry counted', async () => {
    sandbox.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
    const messageId = newId();
    await (await client()).gpconnect.send(gpMessage({ messageId }));

    const attempts = spansNamed(otel.spans(), 'POST /api/v1/gpconnect/messages');
    expect(attempts.map((s) => s.attributes['cdms.attempt'])).toEqual([1, 2]);
    expect(attempts[0]!.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503' });
    expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempts[1]!.attributes).toMatchObject({ 'http.response.status_code': 200, 'http.request.resend_count': 1, 'cdms.retry.reason': 'status 503' });
    expect(attempts[1]!.attributes['error.type']).toBeUndefined();
    const [operation] = spansNamed(otel.spans(), 'cdms.gpconnect.send');
    expect(operation!.attributes).toMatchObject({ 'cdms.route': 'gpconnect', 'cdms.message_id': messageId });
    expect(operation!.status.code).toBe(SpanStatusCode.UNSET);

    const points = await otel.points();
    expect(pointsOf(points, 'cdms.client.retries')).toMatchObject([
      { value: 1, attributes: { 'cdms.operation': 'gpconnect.send', 'cdms.retry.reason': 'status 503' } },
    ]);
    const classes = pointsOf(points, 'cdms.client.request.duration', { 'cdms.operation': 'gpconnect.send' }).map((p) => `${String(p.attributes['cdms.status_class'])} ${p.value}`);
    expect(classes.sort()).toEqual(['2xx 1', '5xx 1']);
  });

  it('a GP-route send that meets 503 every time: the operation fails with its error type, and delivery not-sent', async () => {
    sandbox.failNext({ operation: 'gpconnect.send', status: 503, count: 2, retryAfterSeconds: 0 });
    await expect((await client({ maxRetries: 1 })).gpconnect.send(gpMessage({ messageId: newId() }))).rejects.toBeInstanceOf(ServiceUnavailableError);
    const [operation] = spansNamed(otel.spans(), 'cdms.gpconnect.send');
    expect(operation!.status.code).toBe(SpanStatusCode.ERROR);
    expect(operation!.attributes).toMatchObject({ 'error.type': 'ServiceUnavailableError', 'cdms.delivery': 'not-sent' });
    expect(operation!.events.map((e) => [e.name, e.attributes?.['exception.type']])).toEqual([['exception', 'ServiceUnavailableError']]);
    const points = await otel.points();
    expect(pointsOf(points, 'cdms.client.operation.duration', { 'cdms.outcome': 'failure', 'error.type': 'ServiceUnavailableError' })).toHaveLength(1);
  });

  it('a send recovered after the connection dropped: the failed attempt, the status look-up, and the recovery outcome', async () => {
    sandbox.setFaults({ resetAfterRate: 1, operations: ['messages.send'] });
    const messageId = newId();
    const result = await (await client()).messages.send(standardMessage({ messageId }));
    expect(result.recovered).toBe(true);

    const spans = otel.spans();
    expect(spans.map((s) => s.name)).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages/{messageId}/status', 'cdms.messages.send']);
    const [send, lookup, operation] = spans;
    expect(send!.attributes).toMatchObject({ 'error.type': 'ConnectionError' });
    expect(send!.attributes['http.response.status_code']).toBeUndefined();
    expect(lookup!.attributes).toMatchObject({ 'cdms.operation': 'messages.status', 'http.response.status_code': 200, 'url.template': '/api/v1/messages/{messageId}/status' });
    for (const child of [send, lookup]) expect(child!.parentSpanContext?.spanId).toBe(operation!.spanContext().spanId);
    expect(operation!.attributes).toMatchObject({ 'cdms.recovery.outcome': 'recovered', 'cdms.message_id': messageId });
    expect(operation!.status.code).toBe(SpanStatusCode.UNSET);

    const points = await otel.points();
    expect(pointsOf(points, 'cdms.client.recoveries')).toMatchObject([{ value: 1, attributes: { 'cdms.operation': 'messages.send', 'cdms.recovery.outcome': 'recovered' } }]);
    expect(pointsOf(points, 'cdms.client.request.duration', { 'cdms.status_class': 'none', 'error.type': 'ConnectionError' })).toHaveLength(1);
  });

  it('a dropped connection whose look-up fails too: the outcome stays unknown and says so', async () => {
    sandbox.setFaults({ resetAfterRate: 1, operations: ['messages.send', 'messages.status'] });
    const error = await (await client({ maxRetries: 0 })).messages.send(standardMessage({ messageId: newId() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const [operation] = spansNamed(otel.spans(), 'cdms.messages.send');
    expect(operation!.attributes).toMatchObject({ 'cdms.recovery.outcome': 'lookup-failed', 'cdms.delivery': 'unknown', 'error.type': 'ConnectionError' });
  });

  it('a validation refusal: a failed operation span with no attempt under it, and one refusal per rule', async () => {
    const invalid = standardMessage({
      messageId: 'not-a-uuid',
      attachments: [
        { mimeType: 'application/pdf', fileName: 'CON.pdf', content: 'JVBERi0xLjQK' },
        { mimeType: 'application/pdf', fileName: 'a?.pdf', content: 'JVBERi0xLjQK' },
      ],
    });
    const cdms = await client();
    const before = sandbox.stats().requests;
    await expect(cdms.messages.send(invalid)).rejects.toBeInstanceOf(LocalValidationError);
    expect(sandbox.stats().requests).toBe(before);
    const spans = otel.spans();
    expect(spans.map((s) => s.name)).toEqual(['cdms.messages.send']);
    expect(spans[0]!.attributes).toEqual({
      'cdms.operation': 'messages.send',
      'cdms.route': 'standard',
      'error.type': 'LocalValidationError',
      'cdms.delivery': 'not-sent',
    });
    const rules = pointsOf(await otel.points(), 'cdms.client.validation.refusals').map((p) => [p.attributes['cdms.validation.rule'], p.value]);
    expect(rules.sort()).toEqual([
      ['attachments[].fileName', 2],
      ['messageId', 1],
    ]);
  });

  it('a status call with an id that is not a UUID: refused by rule, and the value is not recorded', async () => {
    await expect((await client()).messages.status('9434765919')).rejects.toBeInstanceOf(LocalValidationError);
    const [operation] = otel.spans();
    expect(operation!.attributes['cdms.message_id']).toBeUndefined();
    expect(pointsOf(await otel.points(), 'cdms.client.validation.refusals', { 'cdms.validation.rule': 'messageId', 'cdms.operation': 'messages.status' })).toHaveLength(1);
  });

  it('rejected content: counted when the service refuses it, and again when the SDK refuses to resend it', async () => {
    const cdms = await client();
    const infected = { mimeType: 'text/plain', fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 };
    await expect(cdms.messages.send(standardMessage({ messageId: newId(), attachments: [infected] }))).rejects.toMatchObject({ name: 'AttachmentContentRejectedError' });
    await expect(cdms.messages.send(standardMessage({ messageId: newId(), attachments: [infected] }))).rejects.toMatchObject({
      name: 'AttachmentPreviouslyRejectedError',
    });
    const sources = pointsOf(await otel.points(), 'cdms.client.rejected_content').map((p) => [p.attributes['cdms.rejected_content.source'], p.value]);
    expect(sources.sort()).toEqual([
      ['previously-rejected', 1],
      ['service', 1],
    ]);
  });

  it('every operation has its span: test, topics, statuses, tokens, widgets', async () => {
    const cdms = await client({}, { primed: false });
    await cdms.test();
    await cdms.topics.list();
    const { messageId } = await cdms.messages.send(standardMessage({ messageId: newId() }));
    await cdms.messages.status(messageId);
    const gp = await cdms.gpconnect.send(gpMessage({ messageId: newId() }));
    await cdms.gpconnect.status(gp.messageId);
    const token = await cdms.tokens.exchange(await sandbox.issueAccessCode('user-1'));
    await cdms.tokens.verify(token);
    await cdms.widgets.register({
      name: 'Telemetry Widget',
      icon: 'clipboard',
      launchUrl: 'https://widgets.example.org/launch',
      encryptionSecret: 'k3Y9-widget-secret-32-characters',
      requiresUserData: true,
      requiresPatientData: false,
    });
    const operations = otel.spans().filter((s) => s.kind === SpanKind.INTERNAL).map((s) => s.name);
    expect(operations).toEqual([
      'cdms.test',
      'cdms.topics.list',
      'cdms.messages.send',
      'cdms.messages.status',
      'cdms.gpconnect.send',
      'cdms.gpconnect.status',
      'cdms.tokens.exchange',
      'cdms.tokens.verify',
      'cdms.widgets.register',
    ]);
    const status = spansNamed(otel.spans(), 'cdms.gpconnect.status')[0];
    expect(status!.attributes['cdms.message_id']).toBe(gp.messageId);
  });
});
