// A tracker process whose one send is in flight when the test kills it: it
// sends a message (its messageId from the command line) to a server that
// takes the request and never answers. Default lease and instance id, as an
// app would run it; the test SIGKILLs it once the request has arrived.
import { CdmsClient } from '../../../src/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';

const { database, url, messageId } = JSON.parse(process.argv[2] ?? '{}') as { database: string; url: string; messageId: string };
const client = new CdmsClient({ baseUrl: url, apiKey: 'in-flight', maxRetries: 0, timeoutMs: 600_000 });
const tracker = await createTracker({ client, database });
await tracker.start();
process.stdout.write('started\n');
await tracker.send('standard', standardMessage({ messageId }));
