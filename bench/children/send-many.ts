// Many sends of a 1 MB attachment in a fresh process, `concurrency` at a
// time, by the SDK or by raw fetch; prints the wall time, the CPU time and
// the peak RSS of the measured sends. argv: sdk|baseline <server url>
// <concurrency> <count> <SDK version, for the baseline's User-Agent>.
// Both sides warm up with one round of `concurrency` sends, then collect
// their garbage, so the JIT and the connection pool are ready on both.
import { NO_PATIENT_CHECK, largeMessage, sdkLikeHeaders, type BenchMessage } from '../lib/fixtures.js';

const [mode, url, concurrencyArg, countArg, version = ''] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const count = Number(countArg);
if ((mode !== 'sdk' && mode !== 'baseline') || !url || !(concurrency > 0) || !(count > 0)) {
  throw new Error('usage: send-many sdk|baseline <url> <concurrency> <count> <version>');
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const message = largeMessage(1, 1_000_000);
const send = await sender(mode, url);

/** `total` sends, `concurrency` of them in flight at any time. */
async function pool(total: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      next++;
      await send(message);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}

async function sender(side: 'sdk' | 'baseline', base: string): Promise<(m: BenchMessage) => Promise<void>> {
  if (side === 'sdk') {
    const { CdmsClient } = await import('cdms-sdk');
    const cdms = new CdmsClient({ baseUrl: base, apiKey: 'bench-key' });
    return async (m) => {
      await cdms.messages.send(m, NO_PATIENT_CHECK);
    };
  }
  const sendUrl = new URL('api/v1/messages', base);
  const headers = sdkLikeHeaders('bench-key', version, true);
  return async (m) => {
    const res = await fetch(sendUrl, { method: 'POST', headers, body: JSON.stringify(m) });
    if (res.status !== 200) throw new Error(`baseline send got ${res.status}`);
    await res.json();
  };
}

await pool(concurrency);
gc();
const cpu = process.cpuUsage();
const started = performance.now();
await pool(count);
const ms = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ ms, cpuMs: (user + system) / 1000, maxRssKb: process.resourceUsage().maxRSS })}\n`);
