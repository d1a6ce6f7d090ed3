// Retention: settled messages deleted, their space reclaimed, and destroyed
// keys cleared from the database's files.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver } from '../db/driver.js';
import { bind } from '../db/named.js';
import { date } from './rows.js';
import type { Statements } from './sql.js';

/** SQLSTATEs of a step of clearing the server refuses (privileges, or a feature a managed service leaves out). */
const REFUSALS = new Set(['42501', '0A000']);

/** What a purge deleted (one batch, or all of them). */
export interface Purged {
  /** Messages deleted. */
  messages: number;
  /** Their history rows. */
  histories: number;
  /** Their events. */
  events: number;
}

/** Retention: settled messages deleted, their space reclaimed, and destroyed keys cleared from the database's files. Internal. */
export class RetentionStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Deletes up to `limit` settled messages last changed before `before`, with their history and events. */
  async purgeSettled(before: Date, now: Date, limit: number): Promise<Purged> {
    const [r] = await this.#db.query(...bind(this.#sql.purgeSettled, { before, now, limit }));
    return { messages: Number(r?.messages ?? 0), histories: Number(r?.histories ?? 0), events: Number(r?.events ?? 0) };
  }

  /** When retention removed a message the audit names, or null. */
  async removedAt(messageId: string): Promise<Date | null> {
    const [r] = await this.#db.query(...bind(this.#sql.removedAt, { id: messageId }));
    return date(r?.removed_at);
  }

  /** Reclaims deleted rows' space (the embedded engine, which has no autovacuum). */
  async vacuum(): Promise<void> {
    await this.#db.query(...bind(this.#sql.vacuum));
  }

  /**
   * Clears the database's files of destroyed keys (D-TRACKER-24). A step
   * refused for want of privileges (a PostgreSQL role may not force a
   * checkpoint) or not offered by the server is skipped and named in what it
   * returns; any other failure throws.
   */
  async shredKeys(): Promise<string[]> {
    const refused: string[] = [];
    for (const statement of this.#sql.shredKeys) {
      try {
        await this.#db.query(statement);
      } catch (error) {
        // Not allowed to this role (42501), or not offered by this server (0A000: some managed services).
        if (!REFUSALS.has(String((error as { code?: unknown }).code))) throw error;
        refused.push(statement);
      }
    }
    return refused;
  }
}
