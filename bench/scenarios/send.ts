// send-10x5MB: messages.send() of the 10 x 5 MB message against a fetch POST
// of JSON.stringify of the same body with the same headers, both to the
// local service in its own process. Wall time in this process; peak RSS in
// fresh child processes, one send each.
import { runChild } from '../lib/children.js';
import { NO_PATIENT_CHECK, largeMessage, sdkLikeHeaders } from '../lib/fixtures.js';
import { alternate, timeMs } from '../lib/measure.js';
import { median } from '../lib/stats.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const API_KEY = 'bench-key';

export async function sendScenario({ sdk, serverUrl, log }: BenchContext): Promise<Row[]> {
  const message = largeMessage();
  const cdms = new sdk.CdmsClient({ baseUrl: serverUrl, apiKey: API_KEY });
  const sendUrl = new URL('api/v1/messages', serverUrl);
  const headers = sdkLikeHeaders(API_KEY, sdk.VERSION, true);
  const viaSdk = async (): Promise<void> => {
    await cdms.messages.send(message, NO_PATIENT_CHECK);
  };
  const viaFetch = async (): Promise<void> => {
    const res = await fetch(sendUrl, { method: 'POST', headers, body: JSON.stringify(message) });
    if (res.status !== 200) throw new Error(`baseline send got ${res.status}`);
    await res.json();
  };
  log('send-10x5MB: wall time');
  const wall = await alternate({ warmup: 1, reps: 7, probes: { sdk: () => timeMs(viaSdk), baseline: () => timeMs(viaFetch) } });
  await assertSameBodies(serverUrl);

  log('send-10x5MB: peak RSS, one fresh process per send');
  const before: number[] = [];
  const rss = (mode: 'sdk' | 'baseline') => async (): Promise<number> => {
    const out = await runChild<{ maxRssKb: number; beforeKb: number }>('send-rss', {
      args: [mode, serverUrl, sdk.VERSION],
      nodeFlags: ['--expose-gc'],
      ownMaxRss: true,
    });
    before.push(out.beforeKb / 1024);
    return out.maxRssKb / 1024;
  };
  const peak = await alternate({ warmup: 1, reps: 5, probes: { sdk: rss('sdk'), baseline: rss('baseline') } });
  await assertSameBodies(serverUrl);

  const scenario = 'send-10x5MB';
  return [
    toRow({
      scenario,
      metric: 'wall time',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.05 },
      sdkSamples: wall.sdk,
      baselineSamples: wall.baseline,
      baselineName: 'fetch POST of JSON.stringify(message), same headers',
    }),
    toRow({
      scenario,
      metric: 'peak RSS (own process)',
      unit: 'MB',
      target: { kind: 'max-ratio', limit: 1.05 },
      sdkSamples: peak.sdk,
      baselineSamples: peak.baseline,
      baselineName: 'the same fetch POST in a fresh process',
      note: `RSS with the message built, before sending: ${median(before).toFixed(0)} MB (median of both sides)`,
    }),
  ];
}

/** Every send, by either side, delivered a body of the same size: the comparison is like for like. */
export async function assertSameBodies(serverUrl: string): Promise<void> {
  const sizes = (await (await fetch(new URL('_bench/sizes', serverUrl))).json()) as number[];
  if (sizes.length !== 1) throw new Error(`the SDK and the baseline sent bodies of different sizes: ${sizes.join(', ')}`);
}
