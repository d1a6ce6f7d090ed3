// A process that takes the embedded ledger's lock when told, for the lock
// tests: run directly, under `unshare` (PID 1 of a new PID namespace), or
// posing as a process of another node. Commands arrive on stdin, one a line
// (`take`, `release`); answers leave on stdout as JSON lines. Killed with
// SIGKILL by the tests to leave a dead holder's lock behind.
import { createInterface } from 'node:readline';
import { lockDirectory, type HeldLock, type LockOptions } from '../../src/tracker/db/lock-file.js';
import { ownIdentity } from '../../src/tracker/db/lock/identity.js';

const { path, options = {}, pose = {} } = JSON.parse(process.argv[2] ?? '{}') as {
  path: string;
  options?: LockOptions;
  /** Fields of this process's identity to replace (another node's kernel, another host name). */
  pose?: { kernel?: string; host?: string };
};
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
let held: HeldLock | undefined;

createInterface({ input: process.stdin }).on('line', (command) => {
  void (async () => {
    if (command === 'take') {
      try {
        held = await lockDirectory(path, { ...options, identity: { ...(await ownIdentity()), ...pose } });
        say({ held: true, at: Date.now() });
      } catch (error) {
        say({ held: false, at: Date.now(), error: error instanceof Error ? error.name : String(error), message: error instanceof Error ? error.message : '', holder: (error as { holder?: unknown }).holder });
      }
    } else if (command === 'release') {
      await held?.release();
      held = undefined;
      say({ released: true });
    }
  })();
});
say({ ready: true, pid: process.pid });
