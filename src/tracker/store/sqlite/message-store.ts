// A message's row and its leases on SQLite: written (with its content's key),
// saved with its history and events, claimed, released and read.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { SqlRow } from '../../db/driver.js';
import type { StatusChange, TrackerStage } from '../../model/types.js';
import type { MessageState } from '../../model/message-state.js';
import type { Transition } from '../../model/transition.js';
import { date, messageColumns, toState, toStatusChange, transitionValues, type InsertLease } from '../rows.js';
import type { ClaimedWork, ListFilter } from '../store.js';
import { listValues } from '../message-store.js';
import type { SqliteConnection } from './connection.js';
import { EVENTS, MESSAGES } from './sql.js';
import { withoutZeroingSealed } from './erase-sealed.js';
import { inPieces, openPieces, sealForRow, type PieceSweeper, type SealedForRow } from './sealed-pieces.js';

/** A large content's pieces on their way to a row (sealed-pieces.ts): the ids being written, and what drops those no row names. */
export interface Pieces {
  writing: Set<string>;
  sweeper: PieceSweeper;
}

const json = (v: unknown): string => JSON.stringify(v);

/** A message's row and its leases on SQLite: written (with its content's key), saved with its history and events, claimed, released and read. Internal. */
export class SqliteMessageStore {
  readonly #c: SqliteConnection;
  readonly #keysDestroyed: () => void;
  readonly #pieces: Pieces;

  constructor(c: SqliteConnection, keysDestroyed: () => void, pieces: Pieces) {
    this.#c = c;
    this.#keysDestroyed = keysDestroyed;
    this.#pieces = pieces;
  }

  async insert(state: MessageState, lease?: InsertLease): Promise<false | { leaseUntil: Date | null }> {
    return this.#withSealed(state, async (sealed) => {
      const inserted = this.#c.transaction(() => insertRow(this.#c, state, lease, sealed));
      await this.#c.durable();
      return inserted;
    });
  }

  /** {@link insert}'s sealing, for another store's transaction (a replacement's row, people-store.ts). */
  sealedInsert<T>(state: MessageState, write: (sealed: SealedForRow) => Promise<T>): Promise<T> {
    return this.#withSealed(state, write);
  }

  /**
   * Seals a new row's content (in pieces when large: sealed-pieces.ts), then
   * writes the row with `write`. Pieces no row came to name (a duplicate id,
   * a write refused) are swept away at once.
   */
  async #withSealed<T>(state: MessageState, write: (sealed: SealedForRow) => Promise<T>): Promise<T> {
    const sealed = await sealForRow(this.#c, state, this.#pieces.writing);
    if (sealed.contentId === null) return write(sealed);
    let named = false;
    try {
      const result = await write(sealed);
      // false (insert) or a word (a replacement's 'duplicate', 'unknown', 'replaced'): no row was written.
      named = result !== false && typeof result !== 'string';
      return result;
    } finally {
      this.#pieces.writing.delete(sealed.contentId);
      if (!named) void this.#pieces.sweeper.sweep();
    }
  }

  async renewLease(messageId: string, owner: string, until: Date): Promise<boolean> {
    return this.#c.run(MESSAGES.renewLease, { id: messageId, owner, until }) === 1;
  }

  async deleteUnsent(messageId: string, owner: string): Promise<void> {
    const deleted = this.#c.run(MESSAGES.deleteUnsent, { id: messageId, owner });
    await this.#c.durable();
    if (deleted > 0) this.#keysDestroyed();
  }

  async save(t: Transition, owner: string | null, now: Date): Promise<boolean> {
    const s = t.state;
    const erase = s.payload === null;
    const shredded = this.#c.transaction(() => {
      const row = withoutZeroingSealed(this.#c, erase, () => this.#c.get(MESSAGES.save, transitionValues(t, now, owner)));
      if (!row) return undefined;
      for (const h of t.history) {
        this.#c.run(MESSAGES.history, { id: s.messageId, at: now, status: h.status, sub_status: h.subStatus, status_updated: h.updated, source: h.source });
      }
      for (const { kind, ...data } of t.events) this.#c.run(MESSAGES.event, { id: s.messageId, route: String(row.route), kind, at: now, data: json(data) });
      return erase ? this.#c.run(MESSAGES.shredKey, { id: s.messageId }) : 0;
    });
    if (shredded === undefined) return false;
    if (shredded > 0) this.#keysDestroyed();
    return true;
  }

  async claimDue(owner: string, until: Date, now: Date, limit: number): Promise<ClaimedWork[]> {
    const claimed = this.#c.transaction(() =>
      this.#c.all(MESSAGES.dueIds, { now, limit }).flatMap((due) => {
        const row = this.#c.get(MESSAGES.claim, { id: String(due.message_id), owner, until });
        return row ? [{ row, claimedStage: due.stage as TrackerStage }] : [];
      }),
    );
    const work: ClaimedWork[] = [];
    for (const { row, claimedStage } of claimed) work.push({ state: await this.#opened(row), claimedStage });
    return work;
  }

  async claimOne(messageId: string, owner: string, until: Date, now: Date): Promise<MessageState | undefined> {
    const row = this.#c.transaction(() => this.#c.get(MESSAGES.claimOne, { id: messageId, owner, until, now }));
    return row ? this.#opened(row) : undefined;
  }

  /**
   * A claimed row as the tracker's state. A content in pieces is opened
   * after the claim, a piece per turn of the event loop (openPieces): opened
   * whole inside the claim, a 67 MB content held the event loop for half a
   * second. The lease keeps the row the claimer's meanwhile.
   */
  async #opened(row: SqlRow): Promise<MessageState> {
    if (!inPieces(row)) return toState(row);
    return { ...toState({ ...row, sealed: null }), payload: await openPieces(this.#c, row) };
  }

  async release(messageId: string, owner: string): Promise<void> {
    this.#c.run(MESSAGES.release, { id: messageId, owner });
  }

  async releaseAll(owner: string): Promise<void> {
    this.#c.run(MESSAGES.releaseOwn, { owner });
    this.#c.run(EVENTS.releaseOwn, { owner });
  }

  async releaseEveryLease(): Promise<void> {
    this.#c.run(MESSAGES.releaseEvery);
    this.#c.run(EVENTS.releaseEvery);
  }

  async nextDue(): Promise<Date | null> {
    return date(this.#c.get(MESSAGES.nextDue)?.due);
  }

  async get(messageId: string): Promise<MessageState | undefined> {
    const row = this.#c.get(MESSAGES.get, { id: messageId });
    return row ? toState(row) : undefined;
  }

  async history(messageId: string): Promise<StatusChange[]> {
    return this.#c.all(MESSAGES.getHistory, { id: messageId }).map(toStatusChange);
  }

  async list(f: ListFilter): Promise<MessageState[]> {
    return this.#c.all(MESSAGES.list, listValues(f)).map(toState);
  }
}

/** Writes a message: the row and its content's key (sealed by sealForRow); the lease runs from the write, never ending before `lease.until` (D-TRACKER-19). */
export function insertRow(c: SqliteConnection, s: MessageState, lease: InsertLease | undefined, content: SealedForRow): false | { leaseUntil: Date | null } {
  const { sealed, key, contentId } = content;
  const leaseUntil = lease ? new Date(Math.max(lease.until.getTime(), Date.now() + lease.ms)) : null;
  const inserted = c.run(MESSAGES.insert, { ...messageColumns(s), sealed, content_id: contentId, lease_owner: lease?.owner ?? null, lease_until: leaseUntil });
  if (inserted === 0) return false;
  if (key) c.run(MESSAGES.insertKey, { message_id: s.messageId, key });
  return { leaseUntil };
}
