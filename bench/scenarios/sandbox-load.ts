// sandbox-load: the sandbox (its own plain-node process) answering
// GET /api/v1/messages/{id}/status from 32 concurrent connections for 10 s,
// driven by autocannon from this process, after a 2 s warm-up.
import autocannon from 'autocannon';
import { startService } from '../lib/children.js';
import { NO_PATIENT_CHECK, largeMessage } from '../lib/fixtures.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const CONNECTIONS = 32;
const SECONDS = 10;

export async function sandboxLoadScenario({ sdk, log }: BenchContext): Promise<Row[]> {
  const sandbox = await startService<{ url: string; apiKey: string }>('sandbox');
  try {
    const { url, apiKey } = sandbox.info;
    const cdms = new sdk.CdmsClient({ baseUrl: url, apiKey });
    const { messageId } = await cdms.messages.send(largeMessage(1, 2_000), NO_PATIENT_CHECK);
    await cdms.messages.status(messageId); // the sandbox answers 200 before the load starts
    log(`sandbox-load: ${CONNECTIONS} connections for ${SECONDS} s`);
    const result = await autocannon({
      url: new URL(`api/v1/messages/${messageId}/status`, url).href,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { ApiKey: apiKey, Accept: 'application/json' },
      warmup: { connections: CONNECTIONS, duration: 2 },
    });
    const failures = result.errors + result.timeouts + result.non2xx + result.resets + result.mismatches;
    return [
      toRow({
        scenario: 'sandbox-load',
        metric: `status, ${CONNECTIONS} connections, ${SECONDS} s`,
        unit: 'req/s',
        target: { kind: 'min', limit: 2000, unit: 'req/s' },
        // autocannon samples completed requests once a second: these are its medians.
        sdkSamples: [result.requests.p50],
        failure: failures > 0 ? `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${result.resets} resets` : undefined,
        note:
          `median of ${SECONDS} one-second samples; mean ${result.requests.average.toFixed(0)} req/s, ` +
          `${result.requests.total} requests, 0 errors required (got ${failures}); latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      }),
    ];
  } finally {
    await sandbox.stop();
  }
}
