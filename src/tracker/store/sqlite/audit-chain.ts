// The audit's hash chain on the embedded ledger: SQLite has no SHA-256, so
// the store chains each entry itself, in the transaction that writes it,
// from the chain's head (`audit_head`). One process owns the ledger and a
// transaction runs without yielding, so appends cannot interleave
// (D-TRACKER-38). The serialisation is ../audit-chain.ts's, the one the
// PostgreSQL trigger writes.
import { chainTime, entryHash, toChainRow, type ChainHead, type ChainRow } from '../audit-chain.js';
import { text } from '../rows.js';
import type { SqliteConnection } from './connection.js';

/** An audit row's values, by column. */
export interface AuditValues {
  at: Date;
  message_id: string;
  actor: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  assignee: string | null;
  related: string | null;
  note: string | null;
  detail: string | null;
}

const CHAIN = {
  head: `SELECT seq, hash, at FROM audit_head WHERE one = 1`,
  insert: `
    INSERT INTO audit (at, message_id, actor, action, outcome, reason, assignee, related, note, detail, seq, prev_hash, hash)
    VALUES (:at, :message_id, :actor, :action, :outcome, :reason, :assignee, :related, :note, :detail, :seq, :prev_hash, :hash)`,
  moveHead: `UPDATE audit_head SET seq = :seq, hash = :hash, at = :at WHERE one = 1`,
  rows: `SELECT * FROM audit WHERE seq > :after AND seq <= :upto ORDER BY seq LIMIT :limit`,
  state: `
    SELECT
      (SELECT count(*) FROM audit WHERE seq IS NULL) AS unchained,
      (SELECT min(a.id) FROM audit a WHERE a.seq IS NULL AND a.id > (SELECT min(c.id) FROM audit c WHERE c.seq IS NOT NULL)) AS stray`,
} as const;

/**
 * Appends one entry to the chain; inside the caller's transaction. An entry
 * dated before the head's time takes the head's time, as it was written
 * after it (an action that waited on the service while another was kept).
 */
export function appendAudit(c: SqliteConnection, e: AuditValues): void {
  const head = c.get(CHAIN.head);
  if (!head) throw new Error("The audit's chain head (audit_head) is missing: entries cannot be chained.");
  const atMs = Math.max(e.at.getTime(), typeof head.at === 'number' ? head.at : -Infinity);
  const seq = Number(head.seq) + 1;
  const prevHash = String(head.hash);
  const hash = entryHash({
    seq, at: chainTime(atMs), messageId: e.message_id, actor: e.actor, action: e.action, outcome: e.outcome, reason: e.reason,
    assignee: e.assignee, related: e.related, note: e.note, detail: e.detail, prevHash,
  });
  c.run(CHAIN.insert, { ...e, at: atMs, seq, prev_hash: prevHash, hash });
  c.run(CHAIN.moveHead, { seq, hash, at: atMs });
}

/** Up to `limit` entries after place `afterSeq`, up to place `upTo`, in the chain's order. */
export function chainRows(c: SqliteConnection, afterSeq: number, upTo: number, limit: number): ChainRow[] {
  return c.all(CHAIN.rows, { after: afterSeq, upto: upTo, limit }).map((r) => toChainRow(r, chainTime(Number(r.at))));
}

/** The chain's head. */
export function chainHead(c: SqliteConnection): ChainHead {
  const head = c.get(CHAIN.head);
  const state = c.get(CHAIN.state);
  const stray = state?.stray;
  // An INTEGER id: a number, or a bigint past 2^53.
  return {
    seq: Number(head?.seq ?? 0),
    hash: text(head?.hash) ?? '',
    unchained: Number(state?.unchained ?? 0),
    strayId: typeof stray === 'number' || typeof stray === 'bigint' ? String(stray) : null,
  };
}
