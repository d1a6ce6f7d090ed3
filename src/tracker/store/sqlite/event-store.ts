// The events waiting for the handlers on SQLite: claimed, handled, put back.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { TrackerEvent } from '../../model/events.js';
import { date, toEvent } from '../rows.js';
import type { SqliteConnection } from './connection.js';
import { EVENTS } from './sql.js';

/** The events waiting for the handlers on SQLite: claimed, handled, put back. Internal. */
export class SqliteEventStore {
  readonly #c: SqliteConnection;

  constructor(c: SqliteConnection) {
    this.#c = c;
  }

  async claimEvents(owner: string, until: Date, now: Date, limit: number): Promise<TrackerEvent[]> {
    return this.#c.transaction(() =>
      this.#c.all(EVENTS.due, { now, limit }).flatMap((due) => {
        const row = this.#c.get(EVENTS.claim, { id: Number(due.id), owner, until });
        return row ? [toEvent(row)] : [];
      }),
    );
  }

  async eventHandled(id: string, owner: string, now: Date): Promise<void> {
    this.#c.run(EVENTS.handled, { id: Number(id), now, owner });
  }

  async eventFailed(id: string, owner: string, retryAt: Date, error: string): Promise<void> {
    this.#c.run(EVENTS.failed, { id: Number(id), retry: retryAt, error, owner });
  }

  async nextEventDue(): Promise<Date | null> {
    return date(this.#c.get(EVENTS.nextDue)?.due);
  }
}
