// A process that takes the embedded ledger's lock when told, for the lock
// tests. Commands arrive on stdin, one a line (`take`, `release`); answers
// leave on stdout as JSON lines. Killed with SIGKILL by the tests to leave a
// dead holder's lock behind.
import { createInterface } from 'node:readline';
import { lockLedger, type SqliteLock } from '../../src/tracker/db/sqlite/lock.js';

const { path } = JSON.parse(process.argv[2] ?? '{}') as { path: string };
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
let held: SqliteLock | undefined;

createInterface({ input: process.stdin }).on('line', (command) => {
  void (async () => {
    if (command === 'take') {
      try {
        held = await lockLedger(path);
        say({ held: true, at: Date.now() });
      } catch (error) {
        say({ held: false, at: Date.now(), error: error instanceof Error ? error.name : String(error), message: error instanceof Error ? error.message : '', holder: (error as { holder?: unknown }).holder });
      }
    } else if (command === 'release') {
      held?.release();
      held = undefined;
      say({ released: true });
    }
  })();
});
say({ ready: true, pid: process.pid });
