// One tracker process of the soak tests: sends its share of the messages
// through the tracker (skipping those already in the ledger, as an app that
// restarts its send queue would) and logs every event its handler gets.
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
  fetch: (input, init) => {
    if (args.requestLog) {
      const r = input instanceof Request ? input : new Request(input, init);
      if (r.method === 'GET') appendFileSync(args.requestLog, `${Date.now()} ${args.instanceId} ${new URL(r.url).pathname}\n`);
    }
    return fetch(input, init);
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

const queue = Array.from({ length: args.count }, (_, i) => args.first + i);
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
await Promise.all(Array.from({ length: args.concurrency }, () => sender().catch((error: unknown) => {
  if (!stopping) throw error;
})));
