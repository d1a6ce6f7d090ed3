// The notifiers' places in the attention events, kept in the ledger so each
// notifier is told of every event at least once, across restarts, and only
// one instance delivers for a notifier at a time (a lease, as for messages).
import type { SqlDriver } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { AttentionCounts, AttentionNotice } from '../notify/notifier.js';
import { attentionCounts, attentionNotice, date } from './rows.js';
import type { Statements } from './sql.js';

/** A notifier's place: the last event it was told of, and when it may deliver next. */
export interface NotifierPlace {
  name: string;
  lastEventId: bigint;
  nextAttemptAt: Date;
  /** The last attention event in the ledger. */
  lastAttention: bigint;
}

/** Counts of new attention between two places, and when the first and last were raised. */
export interface NewAttention {
  counts: AttentionCounts;
  total: number;
  from: Date;
  until: Date;
}



/** The notifiers' places and the reads they deliver from. Internal. */
export class NotifierStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Makes a notifier's place if it has none (from the events recorded so far on). */
  async init(name: string, now: Date): Promise<void> {
    await this.#db.query(...bind(this.#sql.notifierInit, { name, now }));
  }

  /** The places of these notifiers. */
  async places(names: readonly string[]): Promise<NotifierPlace[]> {
    const rows = await this.#db.query(...bind(this.#sql.notifierPlaces, { names }));
    return rows.map((r) => ({
      name: String(r.name),
      lastEventId: BigInt(String(r.last_event_id)),
      nextAttemptAt: date(r.next_attempt_at) ?? new Date(0),
      lastAttention: BigInt(String(r.last_attention)),
    }));
  }

  /** Claims a due notifier for `owner` until `until`; its place and failures in a row, or undefined. */
  async claim(name: string, owner: string, until: Date, now: Date): Promise<{ lastEventId: string; attempts: number } | undefined> {
    const [row] = await this.#db.query(...bind(this.#sql.notifierClaim, { name, owner, until, now }));
    return row ? { lastEventId: String(row.last_event_id), attempts: Number(row.attempts) } : undefined;
  }

  /** Attention events after a place, oldest first. */
  async noticesAfter(eventId: string, limit: number): Promise<AttentionNotice[]> {
    return (await this.#db.query(...bind(this.#sql.attentionAfter, { after: eventId, limit }))).map(attentionNotice);
  }

  /** New attention after a place up to another, by reason. */
  async newAttention(after: string, upTo: string): Promise<NewAttention> {
    const rows = await this.#db.query(...bind(this.#sql.attentionCounts, { after, up_to: upTo }));
    const times = rows.flatMap((r) => [date(r.first_at), date(r.last_at)]).filter((d): d is Date => d !== null).map((d) => d.getTime());
    return {
      counts: attentionCounts(rows),
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      from: new Date(Math.min(...times)),
      until: new Date(Math.max(...times)),
    };
  }

  /** Messages waiting for a person now, by reason. */
  async waiting(): Promise<{ counts: AttentionCounts; total: number }> {
    const rows = await this.#db.query(...bind(this.#sql.waitingByReason));
    return { counts: attentionCounts(rows), total: rows.reduce((sum, r) => sum + Number(r.n), 0) };
  }

  /** Delivered up to `eventId`; the next delivery not before `nextAt`. */
  async delivered(name: string, owner: string, eventId: string, now: Date, nextAt: Date): Promise<void> {
    await this.#db.query(...bind(this.#sql.notifierDelivered, { name, event_id: eventId, now, next_at: nextAt, owner }));
  }

  /** A delivery failed: tried again at `retryAt`. */
  async failed(name: string, owner: string, error: string, retryAt: Date): Promise<void> {
    await this.#db.query(...bind(this.#sql.notifierFailed, { name, error, retry: retryAt, owner }));
  }

  /** Gives a notifier's lease up. */
  async release(name: string, owner: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.notifierRelease, { name, owner }));
  }
}
