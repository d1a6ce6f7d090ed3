// small-GET: sequential messages.status() calls against raw fetch +
// JSON.parse of the same URL with the same headers, and against the small
// GET of two other SDKs (openai-node's models.retrieve, stripe-node's
// customers.retrieve with its fetch client), all on the local service (its
// own process, keep-alive on every side, the same global dispatcher). A
// fifth side, ky configured as the SDK's transport configures it, shows how
// much of the SDK's cost is its HTTP layer (ky, the project's chosen HTTP library).
import { MESSAGE_ID, sdkLikeHeaders } from '../lib/fixtures.js';
import { kyAloneGet } from '../lib/ky-alone.js';
import { alternate, timeMs } from '../lib/measure.js';
import { openaiGet, stripeGet, type SmallGet } from '../lib/peer-clients.js';
import { median } from '../lib/stats.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const CALLS = 1000;
const API_KEY = 'bench-key';

type Side = 'sdk' | 'baseline' | 'fetchTimeout' | 'ky' | 'openai' | 'stripe';

export async function smallGetScenario({ sdk, serverUrl, log }: BenchContext): Promise<Row[]> {
  const cdms = new sdk.CdmsClient({ baseUrl: serverUrl, apiKey: API_KEY });
  const path = `api/v1/messages/${MESSAGE_ID}/status`;
  const url = new URL(path, serverUrl);
  const headers = sdkLikeHeaders(API_KEY, sdk.VERSION, false);
  const kyGet = kyAloneGet(serverUrl, path, headers);
  const check = (status: { status: string }): { status: string } => {
    if (status.status !== 'PENDING') throw new Error('unexpected status');
    return status;
  };
  const gets: Record<Side, SmallGet> = {
    sdk: async () => check(await cdms.messages.status(MESSAGE_ID)),
    baseline: async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`baseline status got ${res.status}`);
      return check(JSON.parse(await res.text()) as { status: string });
    },
    // What a client that times out its requests adds to fetch at the least: an abort signal per request.
    fetchTimeout: async () => {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      if (res.status !== 200) throw new Error(`fetch with a timeout: status got ${res.status}`);
      return check(JSON.parse(await res.text()) as { status: string });
    },
    ky: async () => check((await kyGet()) as { status: string }),
    openai: openaiGet(serverUrl),
    stripe: stripeGet(serverUrl),
  };
  const loop = (get: SmallGet) => () =>
    timeMs(async () => {
      for (let i = 0; i < CALLS; i++) await get();
    });
  log(`small-GET: ${CALLS} sequential calls per run, 6 clients`);
  const samples = await alternate({
    warmup: 1,
    reps: 7,
    probes: Object.fromEntries(Object.entries(gets).map(([side, get]) => [side, loop(get)])) as Record<Side, () => Promise<number>>,
  });
  return smallGetRows(samples);
}

function smallGetRows(samples: Record<Side, number[]>): Row[] {
  const perCallUs = (side: Side): number => (median(samples[side]) / CALLS) * 1000;
  const scenario = 'small-GET';
  const metric = (against: string): string => `${CALLS} sequential calls vs ${against}`;
  const us = (side: Side): string => perCallUs(side).toFixed(0);
  const vsFetch = (side: Side): string => (perCallUs(side) / perCallUs('baseline')).toFixed(2);
  return [
    toRow({
      scenario,
      metric: metric('fetch'),
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.15 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.baseline,
      baselineName: 'fetch + JSON.parse, same URL and headers',
      note:
        `per call: fetch ${us('baseline')} us, fetch with a 30 s AbortSignal.timeout ${us('fetchTimeout')} us, ky alone ${us('ky')} us, SDK ${us('sdk')} us, ` +
        `openai-node ${us('openai')} us, stripe-node ${us('stripe')} us; against fetch: fetch with the timeout ${vsFetch('fetchTimeout')}x, ky alone ${vsFetch('ky')}x, ` +
        `openai-node ${vsFetch('openai')}x, stripe-node ${vsFetch('stripe')}x`,
    }),
    toRow({
      scenario,
      metric: metric('openai-node'),
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.openai,
      baselineName: 'openai-node models.retrieve(), default options',
    }),
    toRow({
      scenario,
      metric: metric('stripe-node'),
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1 },
      sdkSamples: samples.sdk,
      baselineSamples: samples.stripe,
      baselineName: 'stripe-node customers.retrieve(), fetch HTTP client',
    }),
  ];
}
