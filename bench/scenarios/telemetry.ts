// telemetry: the per-call CPU cost of the SDK's OpenTelemetry instrumentation
// when the app registers no OpenTelemetry SDK, against the same build with
// @opentelemetry/api unloadable (the SDK as it was before it had telemetry,
// every operation through a no-op), in fresh processes, alternated. A third,
// report-only side registers an SDK and records everything.
//
// "Unloadable": the API is installed in the repository for the other
// scenarios, so the baseline runs from bench/.tmp/no-otel/, holding its own
// copy of the build next to an `@opentelemetry/api` that fails to load as a
// missing package does. The SDK takes the same path for both: its require
// throws and telemetry is off.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runChild, scriptPath } from '../lib/children.js';
import { alternate } from '../lib/measure.js';
import { median } from '../lib/stats.js';
import { SNAPSHOT_DIR } from '../lib/snapshot.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const CALLS = 5_000;
const NO_OTEL = fileURLToPath(new URL('../.tmp/no-otel/', import.meta.url));

/** Lays out bench/.tmp/no-otel/ and returns the child's script there. */
function treeWithoutOtel(): string {
  rmSync(NO_OTEL, { recursive: true, force: true });
  const stub = `${NO_OTEL}node_modules/@opentelemetry/api/`;
  mkdirSync(stub, { recursive: true });
  writeFileSync(`${NO_OTEL}package.json`, '{ "private": true, "type": "module" }\n');
  writeFileSync(`${stub}package.json`, '{ "name": "@opentelemetry/api", "version": "0.0.0-absent", "main": "index.js" }\n');
  writeFileSync(
    `${stub}index.js`,
    "throw Object.assign(new Error(\"Cannot find module '@opentelemetry/api'\"), { code: 'MODULE_NOT_FOUND' });\n",
  );
  cpSync(SNAPSHOT_DIR, `${NO_OTEL}node_modules/cdms-sdk/`, { recursive: true });
  mkdirSync(`${NO_OTEL}children/`, { recursive: true });
  const script = `${NO_OTEL}children/telemetry-calls.mjs`;
  cpSync(scriptPath('telemetry-calls'), script);
  return script;
}

export async function telemetryScenario({ log }: BenchContext): Promise<Row[]> {
  const script = treeWithoutOtel();
  const call = (mode: string, where?: string) => async () =>
    (await runChild<{ cpuUsPerCall: number }>('telemetry-calls', { args: [mode, String(CALLS)], ...(where ? { script: where } : {}) })).cpuUsPerCall;
  log(`telemetry: ${CALLS} status calls per fresh process (fetch answered at once), API absent / no SDK registered / recording`);
  const samples = await alternate({
    warmup: 1,
    reps: 7,
    probes: { absent: call('absent', script), noop: call('noop'), recording: call('recording') },
  });
  const baselineName = 'same build, @opentelemetry/api absent';
  const range = (xs: readonly number[]): string => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} us`;
  return [
    toRow({
      scenario: 'telemetry',
      metric: 'CPU per call, API installed, no SDK',
      unit: 'us',
      target: { kind: 'max-ratio', limit: 1.05 },
      sdkSamples: samples.noop,
      baselineSamples: samples.absent,
      baselineName,
      note:
        `user + system CPU of a status call through a fetch that answers at once, ${CALLS} per fresh process after 2,000 warm-up calls; ` +
        `medians of 7 processes per side, alternated; spread: API absent ${range(samples.absent)}, no SDK ${range(samples.noop)}`,
    }),
    toRow({
      scenario: 'telemetry',
      metric: 'CPU per call, SDK recording',
      unit: 'us',
      target: { kind: 'report' },
      sdkSamples: samples.recording,
      baselineSamples: samples.absent,
      baselineName,
      note: `two spans and four metric records per call (${median(samples.recording).toFixed(0)} us); spans handed to a processor that drops them, so exporting is not counted`,
    }),
  ];
}
