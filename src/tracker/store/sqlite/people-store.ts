// What people do to messages on SQLite (acknowledge, assign, send again or
// replace), each written with its audit entry, and the audit read back.
// The SQLite store's concern (store.ts joins them), over the statements of
// sql.ts.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface (the PostgreSQL store awaits its driver); SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { SqlRow } from '../../db/driver.js';
import { toAuditEntry, type TrackerAuditEntry } from '../audit-entry.js';
import type { AttentionReason } from '../../model/types.js';
import type { MessageState } from '../../model/message-state.js';
import type { InsertLease } from '../rows.js';
import type { ActionResult, AuditFilter, PersonAct, ReplacingAction } from '../store.js';
import type { SqliteConnection } from './connection.js';
import * as people from './people.js';
import { PEOPLE } from './sql.js';
import { insertRow, type SqliteMessageStore } from './message-store.js';

const json = (v: unknown): string => JSON.stringify(v);

/** What people do to messages on SQLite (acknowledge, assign, send again or replace), each written with its audit entry, and the audit read back. Internal. */
export class SqlitePeopleStore {
  readonly #c: SqliteConnection;
  readonly #keysDestroyed: () => void;
  readonly #sealedInsert: SqliteMessageStore['sealedInsert'];

  /** `sealedInsert` seals a replacement's content as a new message's is (in pieces when large) before its row is written. */
  constructor(c: SqliteConnection, keysDestroyed: () => void, sealedInsert: SqliteMessageStore['sealedInsert']) {
    this.#c = c;
    this.#keysDestroyed = keysDestroyed;
    this.#sealedInsert = sealedInsert;
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
    return this.#sealedInsert(state, async (sealed) => {
      const result = this.#c.transaction(() => {
        const locked = this.#c.get(PEOPLE.found, { id: earlier });
        if (!locked) return 'unknown';
        if (locked.replaced_by !== null && locked.replaced_by !== undefined) return 'replaced';
        const written = insertRow(this.#c, { ...state, replaces: earlier }, lease, sealed);
        if (!written) return 'duplicate';
        this.#c.run(PEOPLE.markReplaced, { id: earlier, replacement: state.messageId });
        return written;
      });
      await this.#c.durable();
      return result;
    });
  }

  async completeReplacement(earlier: string, replacement: string, now: Date, person: PersonAct & { action: ReplacingAction }): Promise<void> {
    people.completeReplacement(this.#c, earlier, replacement, now, person);
    await this.#c.durable();
  }

  async dropReplacement(replacement: string, owner: string, now: Date, person: PersonAct & { action: ReplacingAction }, detail: string): Promise<void> {
    const dropped = people.dropReplacement(this.#c, replacement, owner, now, person, detail);
    await this.#c.durable();
    if (dropped) this.#keysDestroyed();
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
}
