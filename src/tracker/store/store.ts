// The store: typed operations on the tracker's ledger, over the statements
// of sql.ts and the conversions of rows.ts. What the rest of the tracker
// calls instead of writing SQL.
import type { SqlDriver, SqlRow } from '../db/driver.js';
import type { TrackerEvent } from '../events.js';
import type { StatusChange, TrackedRoute, TrackerStage } from '../types.js';
import { insertParams, toState, toStatusChange, transitionParams } from './rows.js';
import { statements, type Statements } from './sql.js';
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';

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

/** A row of the `countsByRoute` statement. */
export interface StageCount {
  route: TrackedRoute;
  stage: TrackerStage;
  status: string | null;
  count: number;
}

/** Aggregates of the `totals` statement. */
export interface Totals {
  attention: number;
  overdue: number;
  unhandledEvents: number;
}

/** The health check's facts from the `healthTotals` statement. */
export interface HealthTotals {
  attention: number;
  overduePolls: number;
  unhandledEvents: number;
  oldestUnhandledEventAt: Date | null;
  /** The end of the latest status-request slot reserved by any instance. */
  lastSlotAt: Date | null;
}

/** What one purge deleted. */
export interface Purged {
  messages: number;
  histories: number;
  events: number;
}

/**
 * The tracker's ledger: typed operations over the SQL in `sql.ts`, the same
 * on both engines. A transition's row, history and events are written in
 * one transaction. Internal.
 */
export class TrackerStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, schema: string) {
    this.#db = db;
    this.#sql = statements(schema);
  }

  /**
   * Inserts a new message; false when its id is already in the ledger. With
   * a lease, it runs `ms` from when the row is written, by the database's
   * clock, and never ends before `until` (decision D-TRACKER-19); the
   * lease's end as written is returned.
   */
  async insert(state: MessageState, lease?: { owner: string; until: Date; ms: number }): Promise<false | { leaseUntil: Date | null }> {
    const params = [...insertParams(state, lease?.owner ?? null, lease?.until ?? null), lease?.ms ?? null];
    const [row] = await this.#db.query(this.#sql.insertMessage, params);
    if (!row) return false;
    const until = row.lease_until;
    return { leaseUntil: until instanceof Date ? until : typeof until === 'string' ? new Date(until) : null };
  }

  /** Extends a lease `owner` still holds to `until`; false when another instance took the row. */
  async renewLease(messageId: string, owner: string, until: Date): Promise<boolean> {
    return (await this.#db.query(this.#sql.renewLease, [messageId, owner, until])).length === 1;
  }

  /** Writes this instance's heartbeat (decision D-TRACKER-20). */
  async heartbeat(instanceId: string): Promise<void> {
    await this.#db.query(this.#sql.heartbeat, [instanceId]);
  }

  /** Removes this instance's heartbeat: it stopped cleanly. */
  async leave(instanceId: string): Promise<void> {
    await this.#db.query(this.#sql.leave, [instanceId]);
  }

  /** Removes a message `owner` holds that was never sent (refused locally before any request). */
  async deleteUnsent(messageId: string, owner: string): Promise<void> {
    await this.#db.query(this.#sql.deleteUnsent, [messageId, owner]);
  }

  /**
   * Writes a transition with its history and events, atomically (one
   * statement). With `owner`, only while that instance holds the lease:
   * false when it was lost (another instance took the work over).
   */
  async save(t: Transition, owner: string | null, now: Date): Promise<boolean> {
    const [row] = await this.#db.query<{ saved: number }>(this.#sql.saveTransition, transitionParams(t, now, owner));
    return row?.saved === 1;
  }

  /** Claims up to `limit` due rows for `owner` until `until`. */
  async claimDue(owner: string, until: Date, now: Date, limit: number): Promise<ClaimedWork[]> {
    const rows = await this.#db.query(this.#sql.claimDue, [owner, until, now, limit]);
    return rows.map((row) => ({ state: toState(row), claimedStage: row.claimed_stage as TrackerStage }));
  }

  /** Claims one message whatever its due time; undefined when unknown or leased to another instance. */
  async claimOne(messageId: string, owner: string, until: Date, now: Date): Promise<MessageState | undefined> {
    const [row] = await this.#db.query(this.#sql.claimOne, [messageId, owner, until, now]);
    return row ? toState(row) : undefined;
  }

  /** Gives up a lease without changing the row (the work is left for later). */
  async release(messageId: string, owner: string): Promise<void> {
    await this.#db.query(this.#sql.releaseLease, [messageId, owner]);
  }

  /** Frees every lease held under `owner` (called at start: a new process holds nothing yet). */
  async releaseAll(owner: string): Promise<void> {
    await this.#db.query(this.#sql.releaseOwnMessages, [owner]);
    await this.#db.query(this.#sql.releaseOwnEvents, [owner]);
  }

  /** The earliest due time of any active message. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.#db.query<{ due: Date | null }>(this.#sql.nextDue);
    return row?.due ?? null;
  }

  /** One message, or undefined. */
  async get(messageId: string): Promise<MessageState | undefined> {
    const [row] = await this.#db.query(this.#sql.getMessage, [messageId]);
    return row ? toState(row) : undefined;
  }

  /** A message's statuses, oldest first. */
  async history(messageId: string): Promise<StatusChange[]> {
    return (await this.#db.query(this.#sql.getHistory, [messageId])).map(toStatusChange);
  }

  /** Messages matching a filter, newest first. */
  async list(f: ListFilter): Promise<MessageState[]> {
    const rows = await this.#db.query(this.#sql.list, [
      f.status ?? null,
      f.route ?? null,
      f.stage ?? null,
      f.attention ?? null,
      f.after?.createdAt ?? null,
      f.after?.messageId ?? null,
      f.limit,
    ]);
    return rows.map(toState);
  }

  /** Message counts by route, stage and status. */
  async counts(): Promise<StageCount[]> {
    const rows = await this.#db.query(this.#sql.countsByRoute);
    return rows.map((r) => ({
      route: r.route as TrackedRoute,
      stage: r.stage as TrackerStage,
      status: r.status === '' ? null : String(r.status),
      count: Number(r.n),
    }));
  }

  /** Attention, overdue (due before `overdueBefore`) and unhandled event counts. */
  async totals(overdueBefore: Date): Promise<Totals> {
    const [r] = await this.#db.query(this.#sql.totals, [overdueBefore]);
    return { attention: Number(r?.attention ?? 0), overdue: Number(r?.overdue ?? 0), unhandledEvents: Number(r?.unhandled_events ?? 0) };
  }

  /** The oldest message not yet followed to its end. */
  async oldestUnresolved(): Promise<{ messageId: string; createdAt: Date; stage: TrackerStage } | undefined> {
    const [r] = await this.#db.query(this.#sql.oldestUnresolved);
    return r ? { messageId: String(r.message_id), createdAt: r.created_at as Date, stage: r.stage as TrackerStage } : undefined;
  }

  /** The health check's counts and times, in one round trip. */
  async healthTotals(overdueBefore: Date): Promise<HealthTotals> {
    const [r] = await this.#db.query(this.#sql.healthTotals, [overdueBefore]);
    const date = (v: unknown): Date | null => (v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null);
    return {
      attention: Number(r?.attention ?? 0),
      overduePolls: Number(r?.overdue ?? 0),
      unhandledEvents: Number(r?.unhandled_events ?? 0),
      oldestUnhandledEventAt: date(r?.oldest_unhandled_at),
      lastSlotAt: date(r?.last_slot),
    };
  }

  /** Deletes up to `limit` settled messages last changed before `before`, with their history and events. */
  async purgeSettled(before: Date, now: Date, limit: number): Promise<Purged> {
    const [r] = await this.#db.query(this.#sql.purgeSettled, [before, now, limit]);
    return { messages: Number(r?.messages ?? 0), histories: Number(r?.histories ?? 0), events: Number(r?.events ?? 0) };
  }

  /** Reclaims deleted rows' space (the embedded engine, which has no autovacuum). */
  async vacuum(): Promise<void> {
    await this.#db.query(this.#sql.vacuum);
  }

  /** Clears a message's attention; false when the message is unknown. */
  async acknowledge(messageId: string, now: Date): Promise<boolean> {
    return (await this.#db.query(this.#sql.acknowledge, [messageId, now])).length === 1;
  }

  /** Claims the next deliverable event of up to `limit` messages. */
  async claimEvents(owner: string, until: Date, now: Date, limit: number): Promise<TrackerEvent[]> {
    return (await this.#db.query(this.#sql.claimEvents, [owner, until, now, limit])).map(toEvent);
  }

  /** Marks an event handled. */
  async eventHandled(id: string, owner: string, now: Date): Promise<void> {
    await this.#db.query(this.#sql.eventHandled, [id, now, owner]);
  }

  /** Puts an event back for another delivery at `retryAt`. */
  async eventFailed(id: string, owner: string, retryAt: Date, error: string): Promise<void> {
    await this.#db.query(this.#sql.eventFailed, [id, retryAt, error, owner]);
  }

  /** When the next unhandled event may be delivered. */
  async nextEventDue(): Promise<Date | null> {
    const [row] = await this.#db.query<{ due: Date | null }>(this.#sql.nextEventDue);
    return row?.due ?? null;
  }

  /** Reserves `count` slots `spacingMs` apart in the shared budget; returns the first slot's time (ms). */
  async reserveSlots(name: string, now: Date, count: number, spacingMs: number): Promise<number> {
    const [row] = await this.#db.query<{ next_slot: Date }>(this.#sql.reserveSlots, [name, now, count, spacingMs]);
    return (row?.next_slot.getTime() ?? now.getTime()) - count * spacingMs;
  }
}

function toEvent(row: SqlRow): TrackerEvent {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  return {
    ...data,
    id: String(row.id),
    kind: row.kind,
    messageId: String(row.message_id),
    route: row.route as TrackedRoute,
    at: row.at as Date,
    attempt: Number(row.attempts),
  } as TrackerEvent;
}
