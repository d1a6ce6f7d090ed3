// Retention on SQLite: settled messages deleted, their space reclaimed, and
// destroyed keys cleared from the database's files.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { SqliteDatabase } from '../../db/sqlite/load.js';
import type { Purged } from '../store.js';
import type { SqliteConnection } from './connection.js';
import { date } from '../rows.js';
import { MESSAGES } from './sql.js';
import { shredKeys } from './shred.js';

/** Retention on SQLite: settled messages deleted, their space reclaimed, and destroyed keys cleared from the database's files. Internal. */
export class SqliteRetentionStore {
  readonly #c: SqliteConnection;
  readonly #db: SqliteDatabase;

  constructor(c: SqliteConnection, db: SqliteDatabase) {
    this.#c = c;
    this.#db = db;
  }

  async purgeSettled(before: Date, now: Date, limit: number): Promise<Purged> {
    return this.#c.transaction(() => {
      const purged = { messages: 0, histories: 0, events: 0 };
      for (const { message_id } of this.#c.all(MESSAGES.doomed, { before, now, limit })) {
        const id = String(message_id);
        this.#c.run(MESSAGES.keepRemoval, { id, now });
        purged.histories += this.#c.run(MESSAGES.purgeHistory, { id });
        purged.events += this.#c.run(MESSAGES.purgeEvents, { id });
        purged.messages += this.#c.run(MESSAGES.purgeMessage, { id });
      }
      return purged;
    });
  }

  /** When retention removed a message the audit names, or null. */
  async removedAt(messageId: string): Promise<Date | null> {
    return date(this.#c.get(MESSAGES.removedAt, { id: messageId })?.removed_at);
  }

  /** Gives the deleted rows' pages back to the file system. */
  async vacuum(): Promise<void> {
    this.#c.exec('VACUUM');
  }

  async shredKeys(): Promise<string[]> {
    return shredKeys(this.#db);
  }
}
