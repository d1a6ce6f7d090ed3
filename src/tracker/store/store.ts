// The store: typed operations on the tracker's ledger, over the statements
// of sql.ts and the conversions of rows.ts. What the rest of the tracker
// calls instead of writing SQL.
import type { SqlDriver, SqlRow } from '../db/driver.js';
import type { TrackerEvent } from '../events.js';
import { toAuditEntry, type TrackerAuditEntry } from '../audit.js';
import type { AttentionReason, StatusChange, TrackedRoute, TrackerStage } from '../types.js';
import { date, insertParams, toState, toStatusChange, transitionParams, type InsertLease } from './rows.js';
import { statements, type Statements } from './sql.js';
import { NotifierStore } from './notifier-store.js';
import { PgAuditChain } from './audit-chain-pg.js';
import type { ChainHead, ChainRow } from './audit-chain.js';
import type { MessageState } from '../model/message-state.js';
import type { Transition } from '../model/transition.js';

/** SQLSTATEs of a step of clearing the server refuses (privileges, or a feature a managed service leaves out). */
const REFUSALS = new Set(['42501', '0A000']);

/** A filter of {@link TrackerStore.list}. */
export interface ListFilter {
  status?: string | undefined;
  route?: TrackedRoute | undefined;
  stage?: TrackerStage | undefined;
  attention?: boolean | undefined;
  after?: { createdAt: Date; messageId: string } | undefined;
  limit: number;
}

/** A filter of {@link TrackerStore.audit}. */
export interface AuditFilter {
  messageId?: string | undefined;
  since?: Date | undefined;
  /** An entry id: only entries after it (before it, newest first). */
  after?: string | undefined;
  limit: number;
  newestFirst: boolean;
}

/** Who acts, and the note they left. */
export interface PersonAct {
  by: string | null;
  note: string | null;
}

/** How a message came to replace another: sent again (`send` with `replaces`), or its next GP-route version (`replace`). */
export type ReplacingAction = Extract<TrackerAuditEntry['action'], 'resend' | 'replace'>;

/** What a person's conditional action found: the message, and whether it changed. */
export interface ActionResult {
  found: boolean;
  changed: boolean;
}

/** The lease's end as a written row returns it. */
const leaseUntilOf = (row: SqlRow): Date | null => date(row.lease_until);

function actionResult(rows: SqlRow[]): ActionResult {
  const [row] = rows;
  return { found: Number(row?.found ?? 0) > 0, changed: Number(row?.changed ?? 0) > 0 };
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
  /** Notifiers whose last deliveries failed, at least the number asked for in a row. */
  failingNotifiers: FailingNotifier[];
}

/** A notifier whose deliveries keep failing: its name, failures in a row, and the last error (named safely). */
export interface FailingNotifier {
  name: string;
  attempts: number;
  lastError: string | null;
}

/** What a purge deleted (one batch, or all of them). */
export interface Purged {
  /** Messages deleted. */
  messages: number;
  /** Their history rows. */
  histories: number;
  /** Their events. */
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
  /** Told when a content's key was destroyed, so the files are cleared of it soon (see `shredKeys`). */
  keysDestroyed: () => void = () => undefined;
  /** The notifiers' places in the attention events. */
  readonly notifiers: NotifierStore;
  readonly #chain: PgAuditChain;

  constructor(db: SqlDriver, schema: string) {
    this.#db = db;
    this.#sql = statements(schema);
    this.notifiers = new NotifierStore(db, this.#sql);
    this.#chain = new PgAuditChain(db, schema);
  }

  /** The audit's chain in place order, after `afterSeq` up to `upTo` (audit-chain-pg.ts). */
  auditChain = (afterSeq: number, upTo: number, limit: number): Promise<ChainRow[]> => this.#chain.rows(afterSeq, upTo, limit);

  /** The audit chain's head. */
  auditChainHead = (): Promise<ChainHead> => this.#chain.head();

  /**
   * Inserts a new message; false when its id is already in the ledger. With
   * a lease, it runs `ms` from when the row is written, by the database's
   * clock, and never ends before `until` (decision D-TRACKER-19); the
   * lease's end as written is returned.
   */
  async insert(state: MessageState, lease?: InsertLease): Promise<false | { leaseUntil: Date | null }> {
    const [row] = await this.#db.query(this.#sql.insertMessage, insertParams(state, lease));
    if (!row) return false;
    return { leaseUntil: leaseUntilOf(row) };
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

  /** Removes a message `owner` holds that was never sent (refused locally before any request); its key goes with it. */
  async deleteUnsent(messageId: string, owner: string): Promise<void> {
    if ((await this.#db.query(this.#sql.deleteUnsent, [messageId, owner])).length > 0) this.keysDestroyed();
  }

  /**
   * Writes a transition with its history and events, atomically (one
   * statement). With `owner`, only while that instance holds the lease:
   * false when it was lost (another instance took the work over).
   */
  async save(t: Transition, owner: string | null, now: Date): Promise<boolean> {
    const [row] = await this.#db.query<{ saved: number; shredded: number }>(this.#sql.saveTransition, transitionParams(t, now, owner));
    if ((row?.shredded ?? 0) > 0) this.keysDestroyed();
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

  /**
   * Frees every lease, whoever holds it: only when this process alone uses
   * the database (the embedded engine), so every holder is a process that died.
   */
  async releaseEveryLease(): Promise<void> {
    await this.#db.query(this.#sql.releaseEveryMessage);
    await this.#db.query(this.#sql.releaseEveryEvent);
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
  async healthTotals(overdueBefore: Date, notifierFailures: number): Promise<HealthTotals> {
    const [r] = await this.#db.query(this.#sql.healthTotals, [overdueBefore, notifierFailures]);
    return {
      attention: Number(r?.attention ?? 0),
      overduePolls: Number(r?.overdue ?? 0),
      unhandledEvents: Number(r?.unhandled_events ?? 0),
      oldestUnhandledEventAt: date(r?.oldest_unhandled_at),
      lastSlotAt: date(r?.last_slot),
      failingNotifiers: typeof r?.failing_notifiers === 'string' ? (JSON.parse(r.failing_notifiers) as FailingNotifier[]) : [],
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

  /**
   * Clears a message's attention, recording who did it and why in the audit
   * (an attempt by a named person is recorded even when it changes nothing).
   * With `person.reason`, only while that reason is still the one raised.
   */
  async acknowledge(messageId: string, now: Date, person?: PersonAct & { reason: AttentionReason | null }): Promise<ActionResult> {
    const params = [messageId, now, person?.by ?? null, person?.note ?? null, person?.reason ?? null];
    return actionResult(await this.#db.query(this.#sql.acknowledge, params));
  }

  /** Assigns a message (null: nobody); with `expected`, only while its assignee is still that one. Audited either way. */
  async assign(messageId: string, now: Date, by: string, assignee: string | null, expected?: { assignee: string | null }): Promise<ActionResult> {
    const params = [messageId, now, by, assignee, expected !== undefined, expected?.assignee ?? null];
    return actionResult(await this.#db.query(this.#sql.assign, params));
  }

  /**
   * Inserts a message that replaces `earlier`, and links the two, in one
   * transaction: of two replacements of one message, the second finds it
   * replaced already and is not written.
   */
  async insertReplacing(
    state: MessageState,
    lease: InsertLease,
    earlier: string,
  ): Promise<{ leaseUntil: Date | null } | 'duplicate' | 'unknown' | 'replaced'> {
    return this.#db.transaction(async (tx) => {
      const [locked] = await tx.query(this.#sql.lockEarlier, [earlier]);
      if (!locked) return 'unknown';
      if (locked.replaced_by !== null && locked.replaced_by !== undefined) return 'replaced';
      const [row] = await tx.query(this.#sql.insertMessage, insertParams({ ...state, replaces: earlier }, lease));
      if (!row) return 'duplicate';
      await tx.query(this.#sql.markReplaced, [earlier, state.messageId]);
      return { leaseUntil: leaseUntilOf(row) };
    });
  }

  /** The replacement was recorded: the earlier message leaves the attention list; the audit says who resent (or replaced) it. */
  async completeReplacement(earlier: string, replacement: string, now: Date, person: PersonAct & { action: ReplacingAction }): Promise<void> {
    await this.#db.query(this.#sql.completeReplacement, [earlier, replacement, now, person.by, person.note, person.action]);
  }

  /** A replacement refused before any request: removed, its earlier message no longer replaced, the refusal audited. */
  async dropReplacement(replacement: string, owner: string, now: Date, person: PersonAct & { action: ReplacingAction }, detail: string): Promise<void> {
    await this.#db.query(this.#sql.dropReplacement, [replacement, now, person.by, person.note, detail, owner, person.action]);
  }

  /** Writes one audit entry as it is. */
  async insertAudit(e: Omit<TrackerAuditEntry, 'id'>): Promise<void> {
    await this.#db.query(this.#sql.insertAudit, [e.at, e.messageId, e.by, e.action, e.outcome, e.reason, e.assignee, e.replacement, e.note, e.detail]);
  }

  /** Audit rows matching a filter, in id order (or reversed). */
  async audit(f: AuditFilter): Promise<SqlRow[]> {
    const sql = f.newestFirst ? this.#sql.auditNewestFirst : this.#sql.auditOldestFirst;
    return this.#db.query(sql, [f.messageId ?? null, f.since ?? null, f.after ?? null, f.limit]);
  }

  /** The last action of these kinds on a message that took effect, if any. */
  async lastDone(messageId: string, actions: readonly TrackerAuditEntry['action'][]): Promise<TrackerAuditEntry | undefined> {
    const [row] = await this.#db.query(this.#sql.lastDone, [messageId, actions]);
    return row ? toAuditEntry(row) : undefined;
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
