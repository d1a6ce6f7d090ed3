// Many sends of one 1 MB PDF attachment in a fresh process, `concurrency` at
// a time, by the SDK (the wrong-patient check on or off) or by raw fetch,
// with the main thread's event-loop delay watched throughout
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution). Prints the wall time,
// the CPU time and the longest and 99th-percentile event-loop delays of the
// measured sends.
// argv: sdk|baseline <server url> <concurrency> <count> <pdf file> on|fresh|off <SDK version>;
// `fresh` is the check on with no verdict cache, so that every send reads the PDF.
// Both sides warm up with one round of sends, then collect their garbage.
// The real letter names its patient on its last page, so with the check on
// every page of every PDF is read (unless the SDK remembers the verdict).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NO_PATIENT_CHECK, largeMessage, sdkLikeHeaders, type BenchMessage } from '../lib/fixtures.js';

const [mode, url, concurrencyArg, countArg, pdfFile, check, version = ''] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const count = Number(countArg);
if ((mode !== 'sdk' && mode !== 'baseline') || !url || !(concurrency > 0) || !(count > 0) || !pdfFile || (check !== 'on' && check !== 'off' && check !== 'fresh')) {
  throw new Error('usage: send-pdf sdk|baseline <url> <concurrency> <count> <pdf file> on|fresh|off <version>');
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// largeMessage's subject is the letter's patient (lib/clinical-pdf.ts, PATIENT_NHS_NUMBER).
const message: BenchMessage = largeMessage(0);
message.attachments = [{ mimeType: 'application/pdf', fileName: 'letter.pdf', content: readFileSync(pdfFile).toString('base64') }];
const send = await sender(mode, url);

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
    const cdms = new CdmsClient({ baseUrl: base, apiKey: 'bench-key', ...(check === 'fresh' ? { wrongPatientCheck: { cacheEntries: 0 } } : {}) });
    const options = check === 'off' ? NO_PATIENT_CHECK : {};
    return async (m) => {
      await cdms.messages.send(m, options);
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

await pool(Math.min(concurrency, count));
gc();
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const cpu = process.cpuUsage();
const started = performance.now();
await pool(count);
const ms = performance.now() - started;
loop.disable();
const { user, system } = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ ms, cpuMs: (user + system) / 1000, loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 })}\n`);
