// One fresh process of the tracker-ledger scenario, on whichever package
// resolves as `cdms-sdk` (this build, or the baseline's project): the
// embedded ledger's own costs, each in a process of its own.
//   adopt: createTracker + start on the database as it is, `count` messages
//          adopted with tracker.track() (`concurrency` at a time), close.
//   open:  createTracker on the database as it is, then close (how long an
//          existing or a new ledger takes to open).
//   send:  createTracker + start on a new directory, one tracker.send() of a
//          10 x 5 MB message with the wrong-patient check off, the main
//          thread's event-loop delay watched throughout, close; then the
//          ledger's files counted.
//   queue: the same send to a service that is not there (`url` refuses), so
//          the ledger keeps the message to send later; close.
//   resend: createTracker on that ledger with the service back, then start:
//          the tracker claims the stored message, opens its content and
//          sends it; the event-loop delay watched from start() until the
//          message is sent (the restart after an outage or a crash).
// argv: one JSON object (LedgerArgs). Prints one JSON line (LedgerResult).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CdmsClient } from 'cdms-sdk';
import { createTracker } from 'cdms-sdk/tracker';
import { NO_PATIENT_CHECK, largeMessage } from '../lib/fixtures.js';
import type { LedgerArgs, LedgerResult } from '../lib/tracker-ledger-protocol.js';
import { trackedMessageId } from '../lib/tracker-ids.js';

const args = JSON.parse(process.argv[2] ?? '{}') as LedgerArgs;
// A queued send fails at once (no retries), so the ledger keeps it for the next process.
const client = new CdmsClient({ baseUrl: args.url, apiKey: args.apiKey, ...(args.mode === 'queue' ? { maxRetries: 0 } : {}) });

const creating = performance.now();
// Queued with a short poll interval, so the resend is due at once (a resend waits a fraction of the interval).
const queueing = args.mode === 'queue' ? { pollIntervalMs: 3_600 } : {};
const tracker = await createTracker({ client, database: args.database, instanceId: `ledger-${args.mode}`, ...queueing });
const createMs = performance.now() - creating;
const result: LedgerResult = { createMs, startMs: 0, adoptMs: 0, adopted: 0, sendMs: 0, loop: null, files: null, maxRssMb: 0 };

if (args.mode === 'resend') {
  const sent = new Promise<void>((resolve) => tracker.onEvent((event) => void (event.kind === 'sent' && resolve())));
  const loop = watchEventLoop();
  const starting = performance.now();
  await tracker.start();
  result.startMs = performance.now() - starting;
  await sent;
  result.sendMs = performance.now() - starting;
  result.loop = loop.stop();
} else if (args.mode !== 'open') {
  tracker.onEvent(() => undefined);
  const starting = performance.now();
  await tracker.start();
  result.startMs = performance.now() - starting;
}

if (args.mode === 'adopt') {
  const sentAt = new Date(Date.now() - 3_600_000);
  const expiryDateTime = new Date(sentAt.getTime() + 7 * 86_400_000);
  const adopting = performance.now();
  let next = 0;
  const adopt = async (): Promise<void> => {
    for (let i = next++; i < args.count; i = next++) {
      await tracker.track({ messageId: trackedMessageId(args.seed, i), route: 'standard', sentAt, expiryDateTime, topic: 'Discharge Summary', recipient: 'A81001' });
      result.adopted++;
    }
  };
  await Promise.all(Array.from({ length: args.concurrency }, adopt));
  result.adoptMs = performance.now() - adopting;
}

if (args.mode === 'queue') {
  const { outcome } = await tracker.send('standard', largeMessage(), NO_PATIENT_CHECK);
  if (outcome !== 'queued') throw new Error(`a send to a service that is not there was ${outcome}, not queued`);
}

if (args.mode === 'send') {
  const message = largeMessage();
  const loop = watchEventLoop();
  const sending = performance.now();
  await tracker.send('standard', message, NO_PATIENT_CHECK);
  result.sendMs = performance.now() - sending;
  result.loop = loop.stop();
}

await tracker.close();
if (args.mode === 'send') result.files = filesUnder(args.database);
result.maxRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify(result)}\n`);

/** The files and bytes a ledger directory holds (its subdirectories included). */
function filesUnder(dir: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** Watches the main thread's event-loop delay from now (after a collection, so garbage made before is not counted); `stop()` gives the figures. */
function watchEventLoop(): { stop(): NonNullable<LedgerResult['loop']> } {
  (globalThis as { gc?: () => void }).gc?.();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  return {
    stop: () => {
      loop.disable();
      return { maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6, meanMs: loop.mean / 1e6 };
    },
  };
}
