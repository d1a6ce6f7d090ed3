// A process whose tracked send the virus scan rejected is killed (SIGKILL,
// no clean close); a new process's tracker on the same embedded ledger, with
// a client whose own store is empty, refuses the same attachment locally:
// nothing reaches the service.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AttachmentPreviouslyRejectedError } from '../../../src/index.js';
import { EICAR_TEST_FILE_BASE64 } from '../../../src/sandbox/index.js';
import { createTracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { useSandbox } from '../../sandbox/support.js';
import { SQLITE, freshLedgerDirectory, recordingClient } from '../support.js';

const env = useSandbox();
const here = fileURLToPath(new URL('.', import.meta.url));

describe.skipIf(!SQLITE)('a rejected attachment after its process is killed', () => {
  it('the next process refuses it locally: the verdict is in the embedded ledger, not in the dead process', { timeout: 120_000 }, async () => {
    const database = freshLedgerDirectory();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(here, 'send-rejected.ts'), JSON.stringify({ database, url: env.sandbox.url, apiKey: env.sandbox.apiKey })],
      { cwd: join(here, '..', '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const lines = createInterface({ input: child.stdout });
      const answer = await Promise.race<string>([
        new Promise<string>((resolve) => lines.once('line', resolve)),
        exited.then(() => Promise.reject(new Error('the tracker process exited before its send was answered'))),
      ]);
      expect(answer).toBe('rejected');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const postsBefore = env.sandbox.requests().filter((r) => r.method === 'POST').length;
    expect(postsBefore).toBe(1);

    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await createTracker({ client, database });
    try {
      const again = standardMessage({ attachments: [{ mimeType: 'text/plain', fileName: 'notes.txt', content: EICAR_TEST_FILE_BASE64 }] });
      await expect(tracker.send('standard', again)).rejects.toBeInstanceOf(AttachmentPreviouslyRejectedError);
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      expect(env.sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(postsBefore);
    } finally {
      await tracker.close();
    }
  });
});
