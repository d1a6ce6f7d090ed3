// validate-10x5MB: validateMessage of the 10 x 5 MB message against the
// floor (Buffer.from of the same ten strings: decoding alone, no checks) and
// against zod's z.base64() on the same strings.
import { z } from 'zod';
import { largeMessage } from '../lib/fixtures.js';
import { alternate, timeMs } from '../lib/measure.js';
import { gigabytesPerSecond } from '../lib/stats.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

export async function validateScenario({ sdk, log }: BenchContext): Promise<Row[]> {
  const message = largeMessage();
  const contents = message.attachments.map((a) => a.content);
  const base64Bytes = contents.reduce((n, s) => n + s.length, 0);
  const zodBase64 = z.base64();
  const validate = (): void => {
    const result = sdk.validateMessage(message, { route: 'standard' });
    if (!result.ok) throw new Error(`the bench message is invalid: ${JSON.stringify(result.invalidParameters)}`);
  };
  const floor = (): void => {
    for (const s of contents) if (Buffer.from(s, 'base64').length !== 5_000_000) throw new Error('bad fixture');
  };
  const zod = (): void => {
    for (const s of contents) if (!zodBase64.safeParse(s).success) throw new Error('zod rejected the fixture');
  };
  log(`validate-10x5MB: ${(base64Bytes / 1e6).toFixed(1)} MB of base64`);
  const samples = await alternate({
    warmup: 2,
    reps: 7,
    probes: { sdk: () => timeMs(validate), floor: () => timeMs(floor), zod: () => timeMs(zod) },
  });
  const scenario = 'validate-10x5MB';
  return [
    toRow({
      scenario,
      metric: 'time vs Buffer.from floor',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 2.5 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.floor,
      baselineName: "Buffer.from(content, 'base64') of the 10 strings",
    }),
    toRow({
      scenario,
      metric: 'throughput of base64',
      unit: 'GB/s',
      target: { kind: 'min', limit: 2, unit: 'GB/s' },
      sdkSamples: samples.sdk.map((ms) => gigabytesPerSecond(base64Bytes, ms)),
      note: `${base64Bytes} characters of base64 per run`,
    }),
    toRow({
      scenario,
      metric: 'time vs zod z.base64()',
      unit: 'ms',
      target: { kind: 'min-speedup', limit: 3 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.zod,
      baselineName: 'zod z.base64().safeParse of the 10 strings',
    }),
  ];
}
