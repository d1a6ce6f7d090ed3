// Erasing a message's sealed content without writing its megabytes again.
// The ledger runs with `secure_delete = ON`, so a freed page is overwritten
// with zeros: for a 10 x 5 MB message that is 67 MB written on the main
// thread (seconds on a busy disk) to clear bytes nobody can read once the
// message's key is destroyed. Around the one statement that drops the
// sealed copy, `secure_delete = FAST` frees those pages without zeroing them
// (b-tree pages it rewrites anyway are still cleared); the key's own row is
// deleted with `ON` as before, and the checkpoint after the erase clears it
// from the log (shred.ts), so what stays on the free pages is ciphertext
// whose key is gone (D-TRACKER-24, D-TRACKER-39).
import type { SqliteConnection } from './connection.js';

/** Runs `work` (the statement that drops a sealed copy) with freed pages left unzeroed; `secure_delete = ON` again after. */
export function withoutZeroingSealed<T>(c: SqliteConnection, erase: boolean, work: () => T): T {
  if (!erase) return work();
  c.exec('PRAGMA secure_delete = FAST');
  try {
    return work();
  } finally {
    c.exec('PRAGMA secure_delete = ON');
  }
}
