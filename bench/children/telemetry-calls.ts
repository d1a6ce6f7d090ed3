// Per-call CPU cost of the SDK's telemetry, in a fresh process: N status
// calls through a fetch that answers at once (no network, so the figure is
// the SDK's own work). argv: <mode> <calls>, mode one of
//   absent    - @opentelemetry/api cannot be loaded (the bench runs this
//               from a tree where it is shadowed by a package that fails to
//               load): the SDK as it was before it had telemetry;
//   noop      - the API installed, no OpenTelemetry SDK registered;
//   recording - an SDK registered, every span and metric recorded (spans
//               go to a processor that drops them, so export is not measured).
// Prints {"usPerCall": wall, "cpuUsPerCall": user + system CPU}: on a shared
// machine CPU time is the steadier of the two (another process's load stretches
// wall time, not this process's CPU time).
import type { CdmsClient as Client } from 'cdms-sdk';

const [mode = 'noop', callsArg = '10000'] = process.argv.slice(2);
const calls = Number(callsArg);
const MESSAGE_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const BODY = JSON.stringify({ messageId: MESSAGE_ID, status: 'PENDING', updated: '2026-11-22T10:00:00Z' });

async function registerRecordingSdk(): Promise<void> {
  const { metrics, trace } = await import('@opentelemetry/api');
  const { BasicTracerProvider, NoopSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { MeterProvider, PeriodicExportingMetricReader, InMemoryMetricExporter, AggregationTemporality } = await import('@opentelemetry/sdk-metrics');
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new NoopSpanProcessor()] }));
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })] }));
}

async function run(client: Client, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const { status } = await client.messages.status(MESSAGE_ID);
    if (status !== 'PENDING') throw new Error('unexpected status');
  }
}

if (mode === 'recording') await registerRecordingSdk();
const { CdmsClient } = await import('cdms-sdk');
const fetch = () => Promise.resolve(new Response(BODY, { status: 200, headers: { 'Content-Type': 'application/json' } }));
const client = new CdmsClient({ baseUrl: 'https://cdms.bench.invalid/', apiKey: 'bench-key', fetch });
await run(client, Math.min(calls, 2000)); // warm-up: JIT and caches
const cpu = process.cpuUsage();
const start = performance.now();
await run(client, calls);
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ usPerCall: ((performance.now() - start) * 1000) / calls, cpuUsPerCall: (used.user + used.system) / calls })}\n`);
