// Erasure on the SQLite ledger (D-TRACKER-24, D-TRACKER-35): a message's key
// is deleted with `secure_delete` on, so its page in the database holds zeros
// where the key was; the copies of that page still in the write-ahead log go
// with a TRUNCATE checkpoint, which writes the log back and empties its file.
import { DatabaseUnavailableError } from '../../model/errors.js';
import { sqliteFailure } from '../../db/sqlite/failure.js';
import type { SqliteDatabase } from '../../db/sqlite/load.js';

/**
 * Clears the log of destroyed keys. A reader beside the app (a `cdms track`
 * command) can hold the log's older pages for a moment: the checkpoint then
 * reports busy, and this throws so the tracker tries again shortly.
 */
export function shredKeys(db: SqliteDatabase): string[] {
  let busy: unknown;
  try {
    busy = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get()?.busy;
  } catch (error) {
    throw sqliteFailure(error);
  }
  if (Number(busy) !== 0) {
    throw new DatabaseUnavailableError(
      "The tracker could not yet clear erased messages' keys from the database's log: a reader held it. The tracker tries again by itself.",
      { code: 'SQLITE_BUSY' },
    );
  }
  return [];
}
