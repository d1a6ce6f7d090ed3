// A message's row and its leases: written (with its content's key), saved with
// its history and events, claimed, released and read.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver, SqlRow } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { StatusChange, TrackedRoute, TrackerStage } from '../model/types.js';
import { date, insertValues, toState, toStatusChange, transitionValues, type InsertLease } from './rows.js';
import type { Statements } from './sql.js';
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';
import { openedInPieces, unsealBase64 } from './sealed-base64.js';

/** A filter of {@link TrackerStore.list}. */
export interface ListFilter {
  status?: string | undefined;
  route?: TrackedRoute | undefined;
  stage?: TrackerStage | undefined;
  attention?: boolean | undefined;
  after?: { createdAt: Date; messageId: string } | undefined;
  limit: number;
}

/** A claimed row and the stage it had before the claim. */
export interface ClaimedWork {
  state: MessageState;
  claimedStage: TrackerStage;
}

/** A list's filter as both engines' `list` statements name its values. */
export const listValues = (f: ListFilter) => ({
  status: f.status ?? null, route: f.route ?? null, stage: f.stage ?? null, attention: f.attention ?? null,
  after_at: f.after?.createdAt ?? null, after_id: f.after?.messageId ?? null, limit: f.limit,
});

/** The lease's end as a written row returns it. */
export const leaseUntilOf = (row: SqlRow): Date | null => date(row.lease_until);

/** A message's row and its leases: written (with its content's key), saved with its history and events, claimed, released and read. Internal. */
export class MessageStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;
  readonly #keysDestroyed: () => void;

  /** `keysDestroyed` is told when a content's key was destroyed. */
  constructor(db: SqlDriver, sql: Statements, keysDestroyed: () => void) {
    this.#db = db;
    this.#sql = sql;
    this.#keysDestroyed = keysDestroyed;
  }

  /**
   * Inserts a new message; false when its id is already in the ledger. With
   * a lease, it runs `ms` from when the row is written, by the database's
   * clock, and never ends before `until` (decision D-TRACKER-19); the
   * lease's end as written is returned.
   */
  async insert(state: MessageState, lease?: InsertLease): Promise<false | { leaseUntil: Date | null }> {
    const [row] = await this.#db.query(...bind(this.#sql.insertMessage, await insertValues(state, lease)));
    if (!row) return false;
    return { leaseUntil: leaseUntilOf(row) };
  }

  /** Extends a lease `owner` still holds to `until`; false when another instance took the row. */
  async renewLease(messageId: string, owner: string, until: Date): Promise<boolean> {
    return (await this.#db.query(...bind(this.#sql.renewLease, { id: messageId, owner, until }))).length === 1;
  }

  /** Removes a message `owner` holds that was never sent (refused locally before any request); its key goes with it. */
  async deleteUnsent(messageId: string, owner: string): Promise<void> {
    if ((await this.#db.query(...bind(this.#sql.deleteUnsent, { id: messageId, owner }))).length > 0) this.#keysDestroyed();
  }

  /**
   * Writes a transition with its history and events, atomically (one
   * statement). With `owner`, only while that instance holds the lease:
   * false when it was lost (another instance took the work over).
   */
  async save(t: Transition, owner: string | null, now: Date): Promise<boolean> {
    const history = t.history.map((h) => ({ status: h.status, sub_status: h.subStatus, status_updated: h.updated, source: h.source }));
    const events = t.events.map(({ kind, ...data }) => ({ kind, data }));
    const values = { ...transitionValues(t, now, owner), history: JSON.stringify(history), events: JSON.stringify(events) };
    const [row] = await this.#db.query<{ saved: number; shredded: number }>(...bind(this.#sql.saveTransition, values));
    if ((row?.shredded ?? 0) > 0) this.#keysDestroyed();
    return row?.saved === 1;
  }

  /** Claims up to `limit` due rows for `owner` until `until`. */
  async claimDue(owner: string, until: Date, now: Date, limit: number): Promise<ClaimedWork[]> {
    const rows = await this.#db.query(...bind(this.#sql.claimDue, { owner, until, now, limit }));
    const work: ClaimedWork[] = [];
    for (const row of rows) work.push({ state: await openedState(row), claimedStage: row.claimed_stage as TrackerStage });
    return work;
  }

  /** Claims one message whatever its due time; undefined when unknown or leased to another instance. */
  async claimOne(messageId: string, owner: string, until: Date, now: Date): Promise<MessageState | undefined> {
    const [row] = await this.#db.query(...bind(this.#sql.claimOne, { id: messageId, owner, until, now }));
    return row ? openedState(row) : undefined;
  }

  /** Gives up a lease without changing the row (the work is left for later). */
  async release(messageId: string, owner: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.releaseLease, { id: messageId, owner }));
  }

  /** Frees every lease held under `owner` (called at start: a new process holds nothing yet). */
  async releaseAll(owner: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.releaseOwnMessages, { owner }));
    await this.#db.query(...bind(this.#sql.releaseOwnEvents, { owner }));
  }

  /**
   * Frees every lease, whoever holds it: only when this process alone uses
   * the database (the embedded engine), so every holder is a process that died.
   */
  async releaseEveryLease(): Promise<void> {
    await this.#db.query(...bind(this.#sql.releaseEveryMessage));
    await this.#db.query(...bind(this.#sql.releaseEveryEvent));
  }

  /** The earliest due time of any active message. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.#db.query<{ due: Date | null }>(...bind(this.#sql.nextDue));
    return row?.due ?? null;
  }

  /** One message, or undefined. */
  async get(messageId: string): Promise<MessageState | undefined> {
    const [row] = await this.#db.query(...bind(this.#sql.getMessage, { id: messageId }));
    return row ? toState(row) : undefined;
  }

  /** A message's statuses, oldest first. */
  async history(messageId: string): Promise<StatusChange[]> {
    return (await this.#db.query(...bind(this.#sql.getHistory, { id: messageId }))).map(toStatusChange);
  }

  /** Messages matching a filter, newest first. */
  async list(f: ListFilter): Promise<MessageState[]> {
    return (await this.#db.query(...bind(this.#sql.list, listValues(f)))).map(toState);
  }
}

/**
 * A claimed row as the tracker's state. A long content is opened after the
 * claim, a piece per turn of the event loop (sealed-base64.ts); one that does
 * not open (altered) is no longer held, as in toState.
 */
async function openedState(row: SqlRow): Promise<MessageState> {
  if (!(openedInPieces(row.sealed) && row.payload_key instanceof Uint8Array)) return toState(row);
  const state = toState({ ...row, sealed: null });
  try {
    return { ...state, payload: await unsealBase64(row.sealed, row.payload_key, String(row.message_id)) };
  } catch {
    return state;
  }
}
