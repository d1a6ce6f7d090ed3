// One tracker process of the soak tests: sends its share of the messages
// through the tracker (skipping those already in the ledger, as an app that
// restarts its send queue would), or adopts part of it as sent elsewhere,
// and logs every event its handler gets.
// Killed with SIGKILL at random by the test; SIGTERM closes it cleanly.
import { appendFileSync } from 'node:fs';
import { CdmsClient } from '../../../src/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { soakMessage, soakMessageId, type WorkerArgs } from './plan.js';

const args = JSON.parse(process.argv[2] ?? '{}') as WorkerArgs;
const client = new CdmsClient({
  baseUrl: args.url,
  apiKey: args.apiKey,
  maxRetries: 2,
  // Each status request is logged when it ends: when it left, by whom, for which message, and what came back.
  // Only status requests: the client's other reads (the topics it checks before a first send) are not polls.
  fetch: async (input, init) => {
    const r = input instanceof Request ? input : new Request(input, init);
    const isStatus = r.method === 'GET' && /\/messages\/[^/]+\/status$/.test(new URL(r.url).pathname);
    const requestLog = isStatus ? args.requestLog : undefined;
    if (!requestLog) return fetch(input, init);
    const at = Date.now();
    const log = (outcome: string) => appendFileSync(requestLog, `${at} ${args.instanceId} ${new URL(r.url).pathname} ${outcome} ${Date.now() - at}\n`);
    try {
      const response = await fetch(input, init);
      log(String(response.status));
      return response;
    } catch (error) {
      log(error instanceof Error ? error.name : 'error');
      throw error;
    }
  },
});
const tracker = await createTracker({ client, ...args.tracker });
tracker.onEvent((e) => {
  appendFileSync(args.eventLog, `${JSON.stringify({ id: e.id, kind: e.kind, messageId: e.messageId, by: args.instanceId })}\n`);
});
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
  void tracker.close().then(() => process.exit(0));
});
await tracker.start();

const adopted = Math.min(args.adopt ?? 0, args.count);
const queue = Array.from({ length: args.count - adopted }, (_, i) => args.first + i);
const adoptQueue = Array.from({ length: adopted }, (_, i) => args.first + args.count - adopted + i);
async function adopter(): Promise<void> {
  const expiryDateTime = new Date(Date.now() + 3_600_000);
  for (let i = adoptQueue.shift(); i !== undefined && !stopping; i = adoptQueue.shift()) {
    const messageId = soakMessageId(args.seed, i);
    await tracker.track({ messageId, route: soakMessage(messageId, i).route, sentAt: new Date(), expiryDateTime });
  }
}
async function sender(): Promise<void> {
  for (let i = queue.shift(); i !== undefined && !stopping; i = queue.shift()) {
    const messageId = soakMessageId(args.seed, i);
    if (await tracker.get(messageId)) continue;
    const m = soakMessage(messageId, i);
    if (m.route === 'gpconnect') await tracker.send('gpconnect', m.message);
    else await tracker.send('standard', m.message);
  }
}
// A send cut short by SIGTERM (the tracker closing under it) is for the next start to settle.
const unlessStopping = (error: unknown) => {
  if (!stopping) throw error;
};
await Promise.all(Array.from({ length: args.concurrency }, () => adopter().catch(unlessStopping)));
await Promise.all(Array.from({ length: args.concurrency }, () => sender().catch(unlessStopping)));
