// cold-start: in a fresh plain-node process, import('cdms-sdk') (the build)
// and new CdmsClient(), against importing ky, zod and uuid.
import { runChild } from '../lib/children.js';
import { alternate } from '../lib/measure.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

export async function coldStartScenario({ log }: BenchContext): Promise<Row[]> {
  const env = { CDMS_BASE_URL: 'http://127.0.0.1:59/', CDMS_API_KEY: 'bench-key' };
  const once = (name: 'cold-sdk' | 'cold-baseline') => async (): Promise<number> => (await runChild<{ ms: number }>(name, { env })).ms;
  log('cold-start: fresh processes');
  const samples = await alternate({ warmup: 2, reps: 15, probes: { sdk: once('cold-sdk'), baseline: once('cold-baseline') } });
  return [
    toRow({
      scenario: 'cold-start',
      metric: 'import + new CdmsClient()',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.15 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.baseline,
      baselineName: "import('ky'), import('zod'), import('uuid')",
      note: 'timed inside the child from its first line; Node start-up (same for both) left out',
    }),
  ];
}
