// concurrent-send: 400 sends of a message with one 1 MB attachment, 32 (and
// 8) in flight at a time, by the SDK and by raw fetch, each run in a fresh
// process (started through the relay, so its peak RSS is its own). A busy
// sender cares about three figures: messages per second, CPU per message
// (what it leaves to the rest of its work) and peak memory.
import { runChild } from '../lib/children.js';
import { alternate } from '../lib/measure.js';
import { median } from '../lib/stats.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';
import { assertSameBodies } from './send.js';

const SENDS = 400;
const CONCURRENCIES = [32, 8] as const;

interface Run {
  ms: number;
  cpuMs: number;
  maxRssKb: number;
}

export async function concurrentSendScenario({ sdk, serverUrl, log }: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const concurrency of CONCURRENCIES) {
    log(`concurrent-send: ${SENDS} sends of 1 MB, ${concurrency} at a time, one fresh process per run`);
    const runs: Record<'sdk' | 'baseline', Run[]> = { sdk: [], baseline: [] };
    const run = (mode: 'sdk' | 'baseline') => async (): Promise<number> => {
      const out = await runChild<Run>('send-many', {
        args: [mode, serverUrl, String(concurrency), String(SENDS), sdk.VERSION],
        nodeFlags: ['--expose-gc'],
        ownMaxRss: true,
      });
      runs[mode].push(out);
      return out.ms;
    };
    // Each process warms itself up (one round of sends), so no warm-up runs here;
    // four rounds (AB BA BA AB) keep the scenario near a minute.
    await alternate({ warmup: 0, reps: 4, probes: { sdk: run('sdk'), baseline: run('baseline') } });
    rows.push(...concurrencyRows(concurrency, runs));
  }
  await assertSameBodies(serverUrl);
  return rows;
}

function concurrencyRows(concurrency: number, runs: Record<'sdk' | 'baseline', Run[]>): Row[] {
  const scenario = `send-1MB x${SENDS} @${concurrency}`;
  const baselineName = 'fetch POST of JSON.stringify(message), same headers, same concurrency';
  const perSecond = (r: Run): number => (SENDS / r.ms) * 1000;
  const cpuPerMessage = (r: Run): number => r.cpuMs / SENDS;
  const rssMb = (r: Run): number => r.maxRssKb / 1024;
  const cpuShare = (rs: Run[]): string => `${((median(rs.map((r) => r.cpuMs / r.ms)) * 100) | 0)}%`;
  return [
    toRow({
      scenario,
      metric: 'messages per second',
      unit: 'msg/s',
      target: { kind: 'min-ratio', limit: 0.95 },
      sdkSamples: runs.sdk.map(perSecond),
      baselineSamples: runs.baseline.map(perSecond),
      baselineName,
      note: `client CPU busy (median): SDK ${cpuShare(runs.sdk)}, fetch ${cpuShare(runs.baseline)} of wall time`,
    }),
    toRow({
      scenario,
      metric: 'CPU per message',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.1 },
      sdkSamples: runs.sdk.map(cpuPerMessage),
      baselineSamples: runs.baseline.map(cpuPerMessage),
      baselineName,
    }),
    toRow({
      scenario,
      metric: 'peak RSS (own process)',
      unit: 'MB',
      target: { kind: 'max-ratio', limit: 1.1 },
      sdkSamples: runs.sdk.map(rssMb),
      baselineSamples: runs.baseline.map(rssMb),
      baselineName,
    }),
  ];
}
