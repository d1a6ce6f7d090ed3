// Observability: the SDK's OpenTelemetry spans and metrics, printed by the
// console exporters. Register an OpenTelemetry SDK once at start-up; the
// client records into it with no option at all. Spans and metrics carry
// operation names, routes, status codes, attempts, retries and recoveries;
// never the key, a token, content or patient data.
//
//   npx tsx examples/observability.ts
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ConsoleMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { LocalValidationError, attachmentFromBytes } from 'cdms-sdk';
import { run } from './support/connect.js';
import { PATIENT, consultationSummary, samplePdf } from './support/documents.js';
import { say, step } from './support/output.js';

// 1. The OpenTelemetry SDK, as an app sets it up at start-up (before or after creating clients).
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())] });
trace.setGlobalTracerProvider(tracerProvider);
const metricReader = new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter(), exportIntervalMillis: 60_000 });
const meterProvider = new MeterProvider({ readers: [metricReader] });
metrics.setGlobalMeterProvider(meterProvider);
const tracer = trace.getTracer('discharge-app');

await run(async ({ cdms, sandbox, recipient }) => {
  step(1, 'A GP-route send inside a span of the app, meeting a 503 first');
  sandbox?.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
  await tracer.startActiveSpan('app.send-consultation-summary', async (span) => {
    const { messageId } = await cdms.gpconnect.send(consultationSummary(recipient));
    say(`sent ${messageId}: the spans above are its two attempts, then cdms.gpconnect.send, under the app's span`);
    span.end();
  });

  step(2, 'A send refused by local validation: a failed span, nothing sent, refusals counted by rule');
  try {
    await cdms.messages.send({
      topic: 'Discharge Summary',
      recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
      subject: { id: { type: 'VerifiedNhsNumber', value: `${PATIENT.nhsNumber.slice(0, 9)}0` } }, // a wrong check digit
      expiryDateTime: '2020-01-01T00:00:00Z', // in the past
      attachments: [attachmentFromBytes(samplePdf('Discharge summary'), { fileName: 'Discharge summary.pdf' })],
    });
  } catch (error) {
    if (!(error instanceof LocalValidationError)) throw error;
    say(`refused: ${error.invalidParameters.map((p) => p.name).join(', ')}`);
  }

});

step(3, 'The metrics: durations, the retry, the refusals by rule (exported as the providers shut down)');
// Shutting down flushes what is buffered; an app does this on exit.
await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
