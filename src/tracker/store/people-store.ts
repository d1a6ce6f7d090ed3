// What people do to messages (acknowledge, assign, send again or replace),
// each written with its audit entry, and the audit read back.
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver, SqlRow } from '../db/driver.js';
import { bind } from '../db/named.js';
import { auditValues, toAuditEntry, type TrackerAuditEntry } from './audit-entry.js';
import type { AttentionReason } from '../model/types.js';
import { insertValues, type InsertLease } from './rows.js';
import type { Statements } from './sql.js';
import type { MessageState } from '../model/message-state.js';
import { leaseUntilOf } from './message-store.js';

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

function actionResult(rows: SqlRow[]): ActionResult {
  const [row] = rows;
  return { found: Number(row?.found ?? 0) > 0, changed: Number(row?.changed ?? 0) > 0 };
}

/** What people do to messages (acknowledge, assign, send again or replace), each written with its audit entry, and the audit read back. Internal. */
export class PeopleStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /**
   * Clears a message's attention, recording who did it and why in the audit
   * (an attempt by a named person is recorded even when it changes nothing).
   * With `person.reason`, only while that reason is still the one raised.
   */
  async acknowledge(messageId: string, now: Date, person?: PersonAct & { reason: AttentionReason | null }): Promise<ActionResult> {
    const values = { id: messageId, now, actor: person?.by ?? null, note: person?.note ?? null, reason: person?.reason ?? null };
    return actionResult(await this.#db.query(...bind(this.#sql.acknowledge, values)));
  }

  /** Assigns a message (null: nobody); with `expected`, only while its assignee is still that one. Audited either way. */
  async assign(messageId: string, now: Date, by: string, assignee: string | null, expected?: { assignee: string | null }): Promise<ActionResult> {
    const values = { id: messageId, now, actor: by, assignee, conditional: expected !== undefined, expected: expected?.assignee ?? null };
    return actionResult(await this.#db.query(...bind(this.#sql.assign, values)));
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
      const [locked] = await tx.query(...bind(this.#sql.lockEarlier, { id: earlier }));
      if (!locked) return 'unknown';
      if (locked.replaced_by !== null && locked.replaced_by !== undefined) return 'replaced';
      const [row] = await tx.query(...bind(this.#sql.insertMessage, await insertValues({ ...state, replaces: earlier }, lease)));
      if (!row) return 'duplicate';
      await tx.query(...bind(this.#sql.markReplaced, { id: earlier, replacement: state.messageId }));
      return { leaseUntil: leaseUntilOf(row) };
    });
  }

  /** The replacement was recorded: the earlier message leaves the attention list; the audit says who resent (or replaced) it. */
  async completeReplacement(earlier: string, replacement: string, now: Date, person: PersonAct & { action: ReplacingAction }): Promise<void> {
    const values = { id: earlier, replacement, now, actor: person.by, note: person.note, action: person.action };
    await this.#db.query(...bind(this.#sql.completeReplacement, values));
  }

  /** A replacement refused before any request: removed, its earlier message no longer replaced, the refusal audited. */
  async dropReplacement(replacement: string, owner: string, now: Date, person: PersonAct & { action: ReplacingAction }, detail: string): Promise<void> {
    const values = { replacement, now, actor: person.by, note: person.note, detail, owner, action: person.action };
    await this.#db.query(...bind(this.#sql.dropReplacement, values));
  }

  /** Writes one audit entry as it is. */
  async insertAudit(e: Omit<TrackerAuditEntry, 'id'>): Promise<void> {
    await this.#db.query(...bind(this.#sql.insertAudit, auditValues(e)));
  }

  /** Audit rows matching a filter, in id order (or reversed). */
  async audit(f: AuditFilter): Promise<SqlRow[]> {
    const sql = f.newestFirst ? this.#sql.auditNewestFirst : this.#sql.auditOldestFirst;
    return this.#db.query(...bind(sql, { id: f.messageId ?? null, since: f.since ?? null, after: f.after ?? null, limit: f.limit }));
  }

  /** The last action of these kinds on a message that took effect, if any. */
  async lastDone(messageId: string, actions: readonly TrackerAuditEntry['action'][]): Promise<TrackerAuditEntry | undefined> {
    const [row] = await this.#db.query(...bind(this.#sql.lastDone, { id: messageId, actions }));
    return row ? toAuditEntry(row) : undefined;
  }
}
