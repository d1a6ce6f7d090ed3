// The tracker's ledger on SQLite: the same operations as the PostgreSQL
// store (store.ts one folder up), over the statements of sql.ts here. What
// PostgreSQL writes in one statement is written here in one transaction.
// The calls are async for the tracker's sake, but each runs to its end
// without yielding, so the ledger one process owns needs no row locks. The
// writes a caller relies on once its call returns then wait for the log to
// reach the disk (connection.durable(), D-TRACKER-36).
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { SqlRow } from '../../db/driver.js';
import type { TrackerEvent } from '../../events.js';
import { toAuditEntry, type TrackerAuditEntry } from '../../audit.js';
import type { AttentionReason, StatusChange, TrackedRoute, TrackerStage } from '../../types.js';
import type { MessageState } from '../../model/message-state.js';
import type { Transition } from '../../model/transition.js';
import type { SqliteDatabase } from '../../db/sqlite/load.js';
import type { LedgerStore } from '../ledger-store.js';
import { date, sealContent, toState, toStatusChange, type InsertLease } from '../rows.js';
import type { ActionResult, AuditFilter, ClaimedWork, FailingNotifier, HealthTotals, ListFilter, PersonAct, Purged, ReplacingAction, StageCount, Totals } from '../store.js';
import { SqliteConnection, type WriteFault } from './connection.js';
import { SqliteNotifierStore } from './notifier-store.js';
import * as people from './people.js';
import { BUDGET, EVENTS, MESSAGES, PEOPLE } from './sql.js';
import { shredKeys } from './shred.js';
import { withoutZeroingSealed } from './erase-sealed.js';

const json = (v: unknown): string => JSON.stringify(v);

/** The SQLite ledger. Internal. */
export class SqliteStore implements LedgerStore {
  readonly #c: SqliteConnection;
  readonly #db: SqliteDatabase;
  keysDestroyed: () => void = () => undefined;
  readonly notifiers: SqliteNotifierStore;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#c = new SqliteConnection(db);
    this.notifiers = new SqliteNotifierStore(this.#c);
  }

  async insert(state: MessageState, lease?: InsertLease): Promise<false | { leaseUntil: Date | null }> {
    const inserted = this.#c.transaction(() => this.#insert(state, lease));
    await this.#c.durable();
    return inserted;
  }

  /** The row and its key; the lease runs from the write, never ending before `lease.until` (D-TRACKER-19). */
  #insert(s: MessageState, lease: InsertLease | undefined): false | { leaseUntil: Date | null } {
    const { sealed, key } = sealContent(s);
    const leaseUntil = lease ? new Date(Math.max(lease.until.getTime(), Date.now() + lease.ms)) : null;
    const inserted = this.#c.run(MESSAGES.insert, {
      message_id: s.messageId, route: s.route, stage: s.stage, status: s.status, sub_status: s.subStatus, status_updated: s.statusUpdated,
      topic: s.topic, recipient: s.recipient, created_at: s.createdAt, sent_at: s.sentAt, expiry_at: s.expiryAt, follow_until: s.followUntil,
      due_at: s.dueAt, polls: s.polls, poll_times: json(s.pollTimes), send_attempts: s.sendAttempts, failed_since: s.failedSince,
      attention: s.attention, attention_at: s.attentionAt, attention_detail: s.attentionDetail, attention_raised: json(s.attentionRaised),
      last_error: s.lastError, metadata: s.metadata === null ? null : json(s.metadata), lease_owner: lease?.owner ?? null, lease_until: leaseUntil,
      sealed, replaces: s.replaces, version_number: s.versionNumber,
    });
    if (inserted === 0) return false;
    if (key) this.#c.run(MESSAGES.insertKey, { message_id: s.messageId, key });
    return { leaseUntil };
  }

  async renewLease(messageId: string, owner: string, until: Date): Promise<boolean> {
    return this.#c.run(MESSAGES.renewLease, { id: messageId, owner, until }) === 1;
  }

  /** Instances prove they are alive only on a shared PostgreSQL ledger: one process owns this one. */
  async heartbeat(_instanceId: string): Promise<void> {}

  async leave(_instanceId: string): Promise<void> {}

  async deleteUnsent(messageId: string, owner: string): Promise<void> {
    const deleted = this.#c.run(MESSAGES.deleteUnsent, { id: messageId, owner });
    await this.#c.durable();
    if (deleted > 0) this.keysDestroyed();
  }

  async save(t: Transition, owner: string | null, now: Date): Promise<boolean> {
    const s = t.state;
    const erase = s.payload === null;
    const shredded = this.#c.transaction(() => {
      const row = withoutZeroingSealed(this.#c, erase, () => this.#c.get(MESSAGES.save, {
        id: s.messageId, owner, stage: s.stage, status: s.status, sub_status: s.subStatus, status_updated: s.statusUpdated, sent_at: s.sentAt,
        follow_until: s.followUntil, due_at: s.dueAt, polls: s.polls, poll_times: json(s.pollTimes), send_attempts: s.sendAttempts,
        failed_since: s.failedSince, raised_count: s.attentionRaised.length, attention: s.attention, attention_at: s.attentionAt,
        attention_detail: s.attentionDetail, resolved: t.resolved ?? null, attention_raised: json(s.attentionRaised), last_error: s.lastError,
        erase, changed_at: now, unclear_at: s.unclearAt,
      }));
      if (!row) return undefined;
      for (const h of t.history) {
        this.#c.run(MESSAGES.history, { id: s.messageId, at: now, status: h.status, sub_status: h.subStatus, status_updated: h.updated, source: h.source });
      }
      for (const { kind, ...data } of t.events) this.#c.run(MESSAGES.event, { id: s.messageId, route: String(row.route), kind, at: now, data: json(data) });
      return erase ? this.#c.run(MESSAGES.shredKey, { id: s.messageId }) : 0;
    });
    if (shredded === undefined) return false;
    if (shredded > 0) this.keysDestroyed();
    return true;
  }

  async claimDue(owner: string, until: Date, now: Date, limit: number): Promise<ClaimedWork[]> {
    return this.#c.transaction(() =>
      this.#c.all(MESSAGES.dueIds, { now, limit }).flatMap((due) => {
        this.#c.run(MESSAGES.claim, { id: String(due.message_id), owner, until });
        const row = this.#c.get(MESSAGES.getKeyed, { id: String(due.message_id) });
        return row ? [{ state: toState(row), claimedStage: due.stage as TrackerStage }] : [];
      }),
    );
  }

  async claimOne(messageId: string, owner: string, until: Date, now: Date): Promise<MessageState | undefined> {
    return this.#c.transaction(() => {
      if (this.#c.run(MESSAGES.claimOne, { id: messageId, owner, until, now }) === 0) return undefined;
      const row = this.#c.get(MESSAGES.getKeyed, { id: messageId });
      return row ? toState(row) : undefined;
    });
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
    const params = { status: f.status ?? null, route: f.route ?? null, stage: f.stage ?? null, attention: f.attention ?? null, limit: f.limit };
    return this.#c.all(MESSAGES.list, { ...params, after_at: f.after?.createdAt ?? null, after_id: f.after?.messageId ?? null }).map(toState);
  }

  async counts(): Promise<StageCount[]> {
    return this.#c.all(MESSAGES.counts).map((r) => ({
      route: r.route as TrackedRoute,
      stage: r.stage as TrackerStage,
      status: r.status === '' ? null : String(r.status),
      count: Number(r.n),
    }));
  }

  async totals(overdueBefore: Date): Promise<Totals> {
    const r = this.#c.get(MESSAGES.totals, { before: overdueBefore });
    return { attention: Number(r?.attention ?? 0), overdue: Number(r?.overdue ?? 0), unhandledEvents: Number(r?.unhandled_events ?? 0) };
  }

  async oldestUnresolved(): Promise<{ messageId: string; createdAt: Date; stage: TrackerStage } | undefined> {
    const r = this.#c.get(MESSAGES.oldestUnresolved);
    return r ? { messageId: String(r.message_id), createdAt: date(r.created_at) ?? new Date(0), stage: r.stage as TrackerStage } : undefined;
  }

  async writeFault(): Promise<WriteFault | null> {
    return this.#c.writeFault();
  }

  async healthTotals(overdueBefore: Date, notifierFailures: number): Promise<HealthTotals> {
    const r = this.#c.get(MESSAGES.healthTotals, { before: overdueBefore, failures: notifierFailures });
    return {
      attention: Number(r?.attention ?? 0),
      overduePolls: Number(r?.overdue ?? 0),
      unhandledEvents: Number(r?.unhandled_events ?? 0),
      oldestUnhandledEventAt: date(r?.oldest_unhandled_at),
      lastSlotAt: date(r?.last_slot),
      failingNotifiers: typeof r?.failing_notifiers === 'string' ? (JSON.parse(r.failing_notifiers) as FailingNotifier[]) : [],
    };
  }

  async purgeSettled(before: Date, now: Date, limit: number): Promise<Purged> {
    return this.#c.transaction(() => {
      const purged = { messages: 0, histories: 0, events: 0 };
      for (const { message_id } of this.#c.all(MESSAGES.doomed, { before, now, limit })) {
        const id = String(message_id);
        purged.histories += this.#c.run(MESSAGES.purgeHistory, { id });
        purged.events += this.#c.run(MESSAGES.purgeEvents, { id });
        purged.messages += this.#c.run(MESSAGES.purgeMessage, { id });
      }
      return purged;
    });
  }

  /** Gives the deleted rows' pages back to the file system. */
  async vacuum(): Promise<void> {
    this.#c.exec('VACUUM');
  }

  async acknowledge(messageId: string, now: Date, person?: PersonAct & { reason: AttentionReason | null }): Promise<ActionResult> {
    const result = people.acknowledge(this.#c, messageId, now, person);
    await this.#c.durable();
    return result;
  }

  async assign(messageId: string, now: Date, by: string, assignee: string | null, expected?: { assignee: string | null }): Promise<ActionResult> {
    const result = people.assign(this.#c, messageId, now, by, assignee, expected);
    await this.#c.durable();
    return result;
  }

  async insertReplacing(state: MessageState, lease: InsertLease, earlier: string): Promise<{ leaseUntil: Date | null } | 'duplicate' | 'unknown' | 'replaced'> {
    const result = this.#c.transaction(() => {
      const locked = this.#c.get(PEOPLE.found, { id: earlier });
      if (!locked) return 'unknown';
      if (locked.replaced_by !== null && locked.replaced_by !== undefined) return 'replaced';
      const written = this.#insert({ ...state, replaces: earlier }, lease);
      if (!written) return 'duplicate';
      this.#c.run(PEOPLE.markReplaced, { id: earlier, replacement: state.messageId });
      return written;
    });
    await this.#c.durable();
    return result;
  }

  async completeReplacement(earlier: string, replacement: string, now: Date, person: PersonAct & { action: ReplacingAction }): Promise<void> {
    people.completeReplacement(this.#c, earlier, replacement, now, person);
    await this.#c.durable();
  }

  async dropReplacement(replacement: string, owner: string, now: Date, person: PersonAct & { action: ReplacingAction }, detail: string): Promise<void> {
    const dropped = people.dropReplacement(this.#c, replacement, owner, now, person, detail);
    await this.#c.durable();
    if (dropped) this.keysDestroyed();
  }

  async insertAudit(e: Omit<TrackerAuditEntry, 'id'>): Promise<void> {
    people.insertAudit(this.#c, e);
    await this.#c.durable();
  }

  async audit(f: AuditFilter): Promise<SqlRow[]> {
    return people.auditRows(this.#c, f);
  }

  async lastDone(messageId: string, actions: readonly TrackerAuditEntry['action'][]): Promise<TrackerAuditEntry | undefined> {
    const row = this.#c.get(PEOPLE.lastDone, { id: messageId, actions: json(actions) });
    return row ? toAuditEntry(row) : undefined;
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

  async shredKeys(): Promise<string[]> {
    return shredKeys(this.#db);
  }

  async reserveSlots(name: string, now: Date, count: number, spacingMs: number): Promise<number> {
    const row = this.#c.get(BUDGET.reserve, { name, now, count, spacing: spacingMs });
    return Number(row?.next_slot ?? now.getTime()) - count * spacingMs;
  }
}

function toEvent(row: SqlRow): TrackerEvent {
  const data = JSON.parse(String(row.data)) as Record<string, unknown>;
  return {
    ...data,
    id: String(row.id),
    kind: row.kind,
    messageId: String(row.message_id),
    route: row.route as TrackedRoute,
    at: date(row.at) ?? new Date(0),
    attempt: Number(row.attempts),
  } as TrackerEvent;
}
