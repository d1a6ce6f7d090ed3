// People's actions on the SQLite ledger (acknowledge, assign, replacements)
// and the audit that records them: each action and its audit entry in one
// transaction, as the PostgreSQL store does in one statement. What the
// action found is read before it changes anything, as PostgreSQL's snapshot
// gives it there (decisions D-TRACKER-26 and D-TRACKER-27).
import type { SqlRow } from '../../db/driver.js';
import type { AttentionReason } from '../../model/types.js';
import { auditValues, type TrackerAuditEntry } from '../audit-entry.js';
import type { ActionResult, AuditFilter, PersonAct, ReplacingAction } from '../store.js';
import type { SqliteConnection } from './connection.js';
import { PEOPLE } from './sql.js';
import { appendAudit, type AuditValues } from './audit-chain.js';

// Chained to the entry before, in the caller's transaction (audit-chain.ts).
const audit = (c: SqliteConnection, e: Pick<AuditValues, 'at' | 'message_id' | 'actor' | 'action' | 'outcome'> & Partial<AuditValues>): void => {
  appendAudit(c, { assignee: null, related: null, note: null, detail: null, reason: null, ...e });
};

/** Clears a message's attention; audited when it changed or a person is named. */
export function acknowledge(c: SqliteConnection, id: string, now: Date, person?: PersonAct & { reason: AttentionReason | null }): ActionResult {
  return c.transaction(() => {
    const found = c.get(PEOPLE.found, { id });
    if (!found) return { found: false, changed: false };
    const changed = c.run(PEOPLE.acknowledge, { id, now, reason: person?.reason ?? null }) > 0;
    if (changed || person?.by != null) {
      audit(c, {
        at: now, message_id: id, actor: person?.by ?? null, action: 'acknowledge', outcome: changed ? 'done' : 'conflict',
        reason: person?.reason ?? (found.attention as string | null), note: person?.note ?? null,
      });
    }
    return { found: true, changed };
  });
}

/** Assigns a message (null: nobody); with `expected`, only while its assignee is still that one. Audited either way. */
export function assign(c: SqliteConnection, id: string, now: Date, by: string, assignee: string | null, expected?: { assignee: string | null }): ActionResult {
  return c.transaction(() => {
    const found = c.get(PEOPLE.found, { id });
    if (!found) return { found: false, changed: false };
    const changed = c.run(PEOPLE.assign, { id, now, assignee, conditional: expected !== undefined, expected: expected?.assignee ?? null }) > 0;
    audit(c, {
      at: now, message_id: id, actor: by, action: assignee === null ? 'unassign' : 'assign', outcome: changed ? 'done' : 'conflict',
      reason: found.attention as string | null, assignee: assignee ?? (found.assignee as string | null),
    });
    return { found: true, changed };
  });
}

/** The replacement was recorded: the earlier message leaves the attention list, and the audit says who sent it again. */
export function completeReplacement(c: SqliteConnection, earlier: string, replacement: string, now: Date, person: PersonAct & { action: ReplacingAction }): void {
  c.transaction(() => {
    const row = c.get(PEOPLE.earlier, { id: earlier, replacement });
    if (!row) return;
    c.run(PEOPLE.clearAttention, { id: earlier, now });
    audit(c, {
      at: now, message_id: earlier, actor: person.by, action: person.action, outcome: 'done',
      reason: row.attention as string | null, related: replacement, note: person.note,
    });
  });
}

/** A replacement refused before any request: removed, its earlier message no longer replaced, the refusal audited. */
export function dropReplacement(c: SqliteConnection, replacement: string, owner: string, now: Date, person: PersonAct & { action: ReplacingAction }, detail: string): boolean {
  return c.transaction(() => {
    const gone = c.get(PEOPLE.dropReplacement, { id: replacement, owner });
    if (!gone) return false;
    if (typeof gone.replaces === 'string') {
      for (const undone of c.all(PEOPLE.undoReplaced, { id: gone.replaces, replacement })) {
        audit(c, {
          at: now, message_id: String(undone.message_id), actor: person.by, action: person.action, outcome: 'refused',
          reason: undone.attention as string | null, related: replacement, note: person.note, detail,
        });
      }
    }
    return true;
  });
}

/** Writes one audit entry as it is. */
export function insertAudit(c: SqliteConnection, e: Omit<TrackerAuditEntry, 'id'>): void {
  c.transaction(() => audit(c, auditValues(e)));
}

/** Audit rows matching a filter, in id order (or reversed). */
export function auditRows(c: SqliteConnection, f: AuditFilter): SqlRow[] {
  const sql = f.newestFirst ? PEOPLE.auditNewestFirst : PEOPLE.auditOldestFirst;
  return c.all(sql, { id: f.messageId ?? null, since: f.since ?? null, after: f.after === undefined ? null : Number(f.after), limit: f.limit });
}
