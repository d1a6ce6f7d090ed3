// The events waiting for the handlers: claimed, handled, put back.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { TrackerEvent } from '../model/events.js';
import { toEvent } from './rows.js';
import type { Statements } from './sql.js';

/** The events waiting for the handlers: claimed, handled, put back. Internal. */
export class EventStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Claims the next deliverable event of up to `limit` messages. */
  async claimEvents(owner: string, until: Date, now: Date, limit: number): Promise<TrackerEvent[]> {
    return (await this.#db.query(...bind(this.#sql.claimEvents, { owner, until, now, limit }))).map(toEvent);
  }

  /** Marks an event handled. */
  async eventHandled(id: string, owner: string, now: Date): Promise<void> {
    await this.#db.query(...bind(this.#sql.eventHandled, { id, now, owner }));
  }

  /** Puts an event back for another delivery at `retryAt`. */
  async eventFailed(id: string, owner: string, retryAt: Date, error: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.eventFailed, { id, retry: retryAt, error, owner }));
  }

  /** When the next unhandled event may be delivered. */
  async nextEventDue(): Promise<Date | null> {
    const [row] = await this.#db.query<{ due: Date | null }>(...bind(this.#sql.nextEventDue));
    return row?.due ?? null;
  }
}
