// A tracker process whose one send the service's virus scan rejects: it says
// so on stdout and waits, so the test can kill it (SIGKILL, no clean close)
// and start another process's tracker on the same embedded ledger.
import { AttachmentContentRejectedError, CdmsClient } from '../../../src/index.js';
import { EICAR_TEST_FILE_BASE64 } from '../../../src/sandbox/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';

const { database, url, apiKey } = JSON.parse(process.argv[2] ?? '{}') as { database: string; url: string; apiKey: string };
const tracker = await createTracker({ client: new CdmsClient({ baseUrl: url, apiKey, maxRetries: 0 }), database });
const infected = standardMessage({ attachments: [{ mimeType: 'text/plain', fileName: 'notes.txt', content: EICAR_TEST_FILE_BASE64 }] });
const answer = await tracker.send('standard', infected).then(
  () => 'sent',
  (error: unknown) => (error instanceof AttachmentContentRejectedError ? 'rejected' : `failed: ${String(error)}`),
);
process.stdout.write(`${answer}\n`);
// Held open until the test kills it: the verdict must survive a process that never closed its tracker.
setInterval(() => undefined, 60_000);
