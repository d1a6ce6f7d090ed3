// The notifiers' places in the attention events on the SQLite ledger: the
// same reads and writes as the PostgreSQL notifier store, over NOTIFIERS.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { NotifierLedger } from '../ledger-store.js';
import type { NewAttention, NotifierPlace } from '../notifier-store.js';
import type { AttentionCounts, AttentionNotice } from '../../notify/notifier.js';
import { attentionCounts, attentionNotice, date } from '../rows.js';
import type { SqliteConnection } from './connection.js';
import { NOTIFIERS } from './sql.js';


/** The notifiers' places on SQLite. Internal. */
export class SqliteNotifierStore implements NotifierLedger {
  readonly #c: SqliteConnection;

  constructor(connection: SqliteConnection) {
    this.#c = connection;
  }

  async init(name: string, now: Date): Promise<void> {
    this.#c.run(NOTIFIERS.init, { name, now });
  }

  async places(names: readonly string[]): Promise<NotifierPlace[]> {
    return this.#c.all(NOTIFIERS.places, { names: JSON.stringify(names) }).map((r) => ({
      name: String(r.name),
      lastEventId: BigInt(String(r.last_event_id)),
      nextAttemptAt: date(r.next_attempt_at) ?? new Date(0),
      lastAttention: BigInt(String(r.last_attention)),
    }));
  }

  async claim(name: string, owner: string, until: Date, now: Date): Promise<{ lastEventId: string; attempts: number } | undefined> {
    const row = this.#c.get(NOTIFIERS.claim, { name, owner, until, now });
    return row ? { lastEventId: String(row.last_event_id), attempts: Number(row.attempts) } : undefined;
  }

  async noticesAfter(eventId: string, limit: number): Promise<AttentionNotice[]> {
    return this.#c.all(NOTIFIERS.attentionAfter, { after: Number(eventId), limit }).map(attentionNotice);
  }

  async newAttention(after: string, upTo: string): Promise<NewAttention> {
    const rows = this.#c.all(NOTIFIERS.attentionCounts, { after: Number(after), up_to: Number(upTo) });
    const times = rows.flatMap((r) => [date(r.first_at), date(r.last_at)]).filter((d): d is Date => d !== null).map((d) => d.getTime());
    return {
      counts: attentionCounts(rows),
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      from: new Date(Math.min(...times)),
      until: new Date(Math.max(...times)),
    };
  }

  async waiting(): Promise<{ counts: AttentionCounts; total: number }> {
    const rows = this.#c.all(NOTIFIERS.waiting);
    return { counts: attentionCounts(rows), total: rows.reduce((sum, r) => sum + Number(r.n), 0) };
  }

  async delivered(name: string, owner: string, eventId: string, now: Date, nextAt: Date): Promise<void> {
    this.#c.run(NOTIFIERS.delivered, { name, event_id: Number(eventId), now, next_at: nextAt, owner });
  }

  async failed(name: string, owner: string, error: string, retryAt: Date): Promise<void> {
    this.#c.run(NOTIFIERS.failed, { name, error, retry: retryAt, owner });
  }

  async release(name: string, owner: string): Promise<void> {
    this.#c.run(NOTIFIERS.release, { name, owner });
  }
}
