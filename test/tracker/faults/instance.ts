// A tracker in a process of its own, for the fault suites that must see a
// crash (an unhandled error ends this process, and the test sees its exit) or
// cause one (SIGKILL mid-send). Prints one JSON line per step on stdout.
//   create: createTracker, then close; prints { created } or { error }.
//   send:   createTracker, start, tracker.send one message; prints { sending } before and { sent } or { error } after,
//           then stays up (following) until killed.
import { CdmsClient, CdmsError } from '../../../src/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';

export interface InstanceArgs {
  mode: 'create' | 'send';
  database: string;
  schema: string;
  instanceId: string;
  sandboxUrl: string;
  apiKey: string;
  messageId?: string;
  leaseMs?: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as InstanceArgs;
const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
const described = (error: unknown) => ({
  name: error instanceof Error ? error.name : typeof error,
  message: error instanceof Error ? error.message : String(error),
  cdms: error instanceof CdmsError,
  delivery: error instanceof CdmsError ? (error.delivery ?? null) : null,
});

const client = new CdmsClient({ baseUrl: args.sandboxUrl, apiKey: args.apiKey, timeoutMs: 10_000 });
const options = { client, database: args.database, schema: args.schema, instanceId: args.instanceId, pollIntervalMs: 200, maxPollsPerSecond: 1_000, leaseMs: args.leaseMs ?? 120_000 };
if (args.mode === 'create') {
  try {
    const tracker = await createTracker(options);
    say({ created: true });
    await tracker.close();
  } catch (error) {
    say({ error: described(error) });
  }
} else {
  const tracker = await createTracker(options);
  await tracker.start();
  const messageId = args.messageId ?? crypto.randomUUID();
  say({ sending: messageId });
  try {
    say({ sent: await tracker.send('standard', standardMessage({ messageId })) });
  } catch (error) {
    say({ error: described(error) });
  }
  // Up until killed: a tracker at work.
  setInterval(() => undefined, 60_000);
}
