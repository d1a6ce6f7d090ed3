// status-2000: 2,000 sequential messages.status() against raw fetch +
// JSON.parse of the same URL with the same headers, both on the local
// service (its own process, keep-alive on both sides). A third side, ky
// configured as the SDK's transport configures it, shows how much of the
// SDK's cost is its HTTP layer (DESIGN.md makes ky that layer).
import ky from 'ky';
import { MESSAGE_ID, sdkLikeHeaders } from '../lib/fixtures.js';
import { alternate, timeMs } from '../lib/measure.js';
import { median } from '../lib/stats.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const CALLS = 2000;
const API_KEY = 'bench-key';

export async function statusScenario({ sdk, serverUrl, log }: BenchContext): Promise<Row[]> {
  const cdms = new sdk.CdmsClient({ baseUrl: serverUrl, apiKey: API_KEY });
  const path = `api/v1/messages/${MESSAGE_ID}/status`;
  const url = new URL(path, serverUrl);
  const headers = sdkLikeHeaders(API_KEY, sdk.VERSION, false);
  // As src/core/transport.ts creates and calls it (30 s being the default timeoutMs).
  const transportKy = ky.create({ prefixUrl: serverUrl, retry: 0, throwHttpErrors: false });
  const check = (status: { status: string }): void => {
    if (status.status !== 'PENDING') throw new Error('unexpected status');
  };
  const viaSdk = async (): Promise<void> => {
    for (let i = 0; i < CALLS; i++) check(await cdms.messages.status(MESSAGE_ID));
  };
  const viaFetch = async (): Promise<void> => {
    for (let i = 0; i < CALLS; i++) {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`baseline status got ${res.status}`);
      check(JSON.parse(await res.text()) as { status: string });
    }
  };
  const viaKy = async (): Promise<void> => {
    for (let i = 0; i < CALLS; i++) {
      const res = await transportKy(path, { method: 'GET', headers, timeout: 30_000 });
      if (res.status !== 200) throw new Error(`ky status got ${res.status}`);
      check(JSON.parse(await res.text()) as { status: string });
    }
  };
  log(`status-2000: ${CALLS} sequential calls per run`);
  const samples = await alternate({
    warmup: 1,
    reps: 7,
    probes: { sdk: () => timeMs(viaSdk), baseline: () => timeMs(viaFetch), ky: () => timeMs(viaKy) },
  });
  const [s, b, k] = [median(samples.sdk), median(samples.baseline), median(samples.ky)];
  const perCallUs = (ms: number): string => ((ms / CALLS) * 1000).toFixed(0);
  return [
    toRow({
      scenario: 'status-2000',
      metric: `${CALLS} sequential calls`,
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.15 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.baseline,
      baselineName: 'fetch + JSON.parse, same URL and headers',
      note:
        `per call: fetch ${perCallUs(b)} us, ky alone ${perCallUs(k)} us, SDK ${perCallUs(s)} us; ` +
        `ky alone/fetch ${(k / b).toFixed(2)}x, SDK/ky ${(s / k).toFixed(2)}x (ky ${median(samples.ky).toFixed(0)} ms per run)`,
    }),
  ];
}
