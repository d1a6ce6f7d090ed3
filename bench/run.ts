// npm run bench: every scenario of issue 8 against its baseline, measured in
// the same run on the built package; prints one table and writes
// bench/results.json. BENCH_ONLY=validate,send,... runs a subset, as do
// scenario names on the command line (`npm run bench -- tracker-ledger
// --count 1000`); --count N sets the message count of the tracker scenarios.
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { buildChildren, startService } from './lib/children.js';
import { loadBuiltSdk } from './lib/sdk.js';
import { snapshotPackage } from './lib/snapshot.js';
import { formatTable, summarise, type Row } from './lib/table.js';
import { bundleScenario } from './scenarios/bundle.js';
import { coldStartScenario } from './scenarios/cold-start.js';
import { concurrentSendScenario } from './scenarios/concurrent-send.js';
import { pdfSendScenario } from './scenarios/pdf-send.js';
import { pdfSendBigScenario } from './scenarios/pdf-send-big.js';
import type { BenchContext, Scenario } from './scenarios/context.js';
import { sandboxLoadScenario } from './scenarios/sandbox-load.js';
import { sendScenario } from './scenarios/send.js';
import { smallGetScenario } from './scenarios/small-get.js';
import { telemetryScenario } from './scenarios/telemetry.js';
import { trackerScenario } from './scenarios/tracker.js';
import { trackerErasureScenario } from './scenarios/tracker-erasure.js';
import { trackerLedgerScenario } from './scenarios/tracker-ledger.js';
import { benchArguments } from './lib/arguments.js';
import { validateScenario } from './scenarios/validate.js';
import { wrongPatientScenario } from './scenarios/wrong-patient.js';

const SCENARIOS: readonly [string, Scenario][] = [
  ['validate', validateScenario],
  ['wrong-patient', wrongPatientScenario],
  ['send', sendScenario],
  ['concurrent-send', concurrentSendScenario],
  ['pdf-send', pdfSendScenario],
  ['pdf-send-10x5MB', pdfSendBigScenario],
  ['small-get', smallGetScenario],
  ['telemetry', telemetryScenario],
  ['cold-start', coldStartScenario],
  ['sandbox-load', sandboxLoadScenario],
  ['bundle', bundleScenario],
  ['tracker', trackerScenario],
  ['tracker-erasure', trackerErasureScenario],
  ['tracker-ledger', trackerLedgerScenario],
];

const log = (message: string): void => {
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}\n`);
};
const started = performance.now();

async function main(): Promise<number> {
  const only = benchArguments(process.argv.slice(2), process.env, SCENARIOS.map(([name]) => name));
  const loadBefore = loadavg();
  await snapshotPackage(log);
  await buildChildren();
  const { sdk, indexFile } = await loadBuiltSdk();
  log(`cdms-sdk ${sdk.VERSION} from ${indexFile}`);
  const server = await startService<{ url: string }>('server');
  const context: BenchContext = { sdk, indexFile, serverUrl: server.info.url, log };
  const rows: Row[] = [];
  const errors: string[] = [];
  try {
    for (const [name, scenario] of SCENARIOS) {
      if (only && !only.includes(name)) continue;
      try {
        rows.push(...(await scenario(context)));
      } catch (error) {
        errors.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        log(`${name} failed: ${String(error)}`);
      }
    }
  } finally {
    await server.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(formatTable(rows));
  console.log(`\n${summarise(rows)}; ${seconds.toFixed(0)} s in all (load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at start)`);
  for (const row of rows) if (row.note) console.log(`  ${row.scenario} / ${row.metric}: ${row.note}`);
  const results = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: availableParallelism(),
      loadAverageAtStart: loadBefore,
    },
    sdkVersion: sdk.VERSION,
    durationSeconds: Number(seconds.toFixed(1)),
    rows,
    errors,
  };
  if (!only && !process.env['BENCH_PACKAGE']) writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  for (const error of errors) console.error(error);
  return errors.length === 0 ? 0 : 1;
}

process.exitCode = await main();
