// The audit's hash chain, whichever engine holds it: each entry keeps the
// SHA-256 of its own fields and of the entry before it, so an entry changed,
// removed or slipped in after the fact no longer links (D-TRACKER-38). The
// serialisation here is the one the PostgreSQL trigger (audit-chain-sql.ts)
// writes in SQL and the SQLite store (sqlite/audit-chain.ts) in TypeScript:
// change one, change both, and the format's tag.
import { createHash } from 'node:crypto';
import type { SqlRow } from '../db/driver.js';
import { text } from './rows.js';

/** The hash the first entry follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** The serialisation's tag: its first line. */
export const CHAIN_FORMAT = 'cdms-audit-1';

/** One chained entry as the chain sees it: every field as text. Internal. */
export interface ChainEntry {
  /** Its place in the chain: 1, 2, 3... with no gaps. */
  seq: number;
  /** When, in UTC to the microsecond: `2026-03-01T09:15:00.123000Z`. */
  at: string;
  messageId: string;
  actor: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  assignee: string | null;
  related: string | null;
  note: string | null;
  detail: string | null;
  /** The hash of the entry before (GENESIS_HASH for the first). */
  prevHash: string | null;
}

/** A chained entry as stored: its id and the hash written with it. Internal. */
export interface ChainRow extends ChainEntry {
  id: string;
  hash: string | null;
}

/** A chained row of either engine once its time is text. Internal. */
export function toChainRow(row: SqlRow, at: string): ChainRow {
  return {
    id: String(row.id),
    seq: Number(row.seq),
    at,
    messageId: String(row.message_id),
    actor: text(row.actor),
    action: String(row.action),
    outcome: String(row.outcome),
    reason: text(row.reason),
    assignee: text(row.assignee),
    related: text(row.related),
    note: text(row.note),
    detail: text(row.detail),
    prevHash: text(row.prev_hash),
    hash: text(row.hash),
  };
}

/** The chain's head as the ledger keeps it, and the entries written before the chain. Internal. */
export interface ChainHead {
  /** The last entry's place (0: none yet). */
  seq: number;
  /** The last entry's hash. */
  hash: string;
  /** Entries from before the chain (written by an earlier version of the ledger). */
  unchained: number;
  /** An entry without a place in the chain written after the chain began: one taken out of it. */
  strayId: string | null;
}

/** Where a walk of the chain has reached: the last entry checked. Internal. */
export interface ChainPosition {
  seq: number;
  hash: string;
  at: string | null;
}

/** The chain's start, before its first entry. */
export const CHAIN_START: ChainPosition = { seq: 0, hash: GENESIS_HASH, at: null };

/** How the chain breaks. See {@link AuditChainBreak}. */
export type AuditChainBreakKind = 'altered' | 'missing' | 'backwards' | 'unchained';

/** The first broken link of the audit's chain. */
export interface AuditChainBreak {
  /**
   * - `altered`: an entry no longer matches its hash, or no longer follows the
   *   one before (it, or the one before, was changed after it was written);
   * - `missing`: entries are gone (deleted from the middle or the end);
   * - `backwards`: an entry's time is earlier than the one before it (back-dated);
   * - `unchained`: an entry outside the chain, written after the chain began.
   */
  kind: AuditChainBreakKind;
  /** The place in the chain where it breaks (the entry found, or the first one missing). */
  seq: number;
  /** The id of the entry that does not link, when there is one. */
  entryId: string | null;
  /** One plain sentence saying what was found. */
  message: string;
}

/** A time as the chain writes it: UTC, six digits of fraction. */
export const chainTime = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '000Z');

/** A field as the chain writes it: its length in UTF-8 bytes, a colon and the text; `-` for null. */
const field = (v: string | null): string => (v === null ? '-' : `${Buffer.byteLength(v, 'utf8')}:${v}`);

/**
 * The serialisation an entry's hash is taken over: the tag, then each field
 * on a line of its own (place, time, message, who, action, outcome, reason,
 * assignee, related message, note, detail, previous hash).
 */
export function canonicalEntry(e: ChainEntry): string {
  const fields = [String(e.seq), e.at, e.messageId, e.actor, e.action, e.outcome, e.reason, e.assignee, e.related, e.note, e.detail, e.prevHash];
  return [CHAIN_FORMAT, ...fields.map(field)].join('\n');
}

/** An entry's hash: SHA-256 of its serialisation, in lower-case hex. */
export const entryHash = (e: ChainEntry): string => createHash('sha256').update(canonicalEntry(e), 'utf8').digest('hex');

const broken = (kind: AuditChainBreakKind, seq: number, entryId: string | null, message: string): AuditChainBreak => ({ kind, seq, entryId, message });

/**
 * Follows the chain over `rows` (in place order) from `from`: the position
 * reached, or the first broken link.
 */
export function followChain(from: ChainPosition, rows: readonly ChainRow[]): { position: ChainPosition; broken: AuditChainBreak | null } {
  let position = from;
  for (const row of rows) {
    const expected = position.seq + 1;
    if (row.seq < expected) {
      return { position, broken: broken('altered', row.seq, row.id, `The audit's entry ${row.seq} (id ${row.id}) is out of its place in the chain: rewritten.`) };
    }
    if (row.seq > expected) {
      const gone = row.seq - 1 === expected ? `entry ${expected} is` : `entries ${expected} to ${row.seq - 1} are`;
      return { position, broken: broken('missing', expected, row.id, `The audit's ${gone} missing: deleted from the ledger.`) };
    }
    const hash = entryHash(row);
    if (hash !== row.hash) {
      return { position, broken: broken('altered', row.seq, row.id, `The audit's entry ${row.seq} (id ${row.id}) was changed after it was written: it no longer matches its hash.`) };
    }
    if (row.prevHash !== position.hash) {
      return { position, broken: broken('altered', row.seq, row.id, `The audit's entry ${row.seq} (id ${row.id}) does not follow the entry before it: one of them was rewritten or put in its place.`) };
    }
    if (position.at !== null && row.at < position.at) {
      return { position, broken: broken('backwards', row.seq, row.id, `The audit's entry ${row.seq} (id ${row.id}) is dated ${row.at}, before the entry written ahead of it (${position.at}): back-dated.`) };
    }
    position = { seq: row.seq, hash, at: row.at };
  }
  return { position, broken: null };
}

/** The end of the walk against the head the ledger keeps: the last entries deleted, or the head's hash not the last entry's. */
export function checkHead(position: ChainPosition, head: ChainHead): AuditChainBreak | null {
  if (position.seq < head.seq) {
    const gone = head.seq === position.seq + 1 ? `entry ${head.seq} is` : `entries ${position.seq + 1} to ${head.seq} are`;
    return broken('missing', position.seq + 1, null, `The audit's last ${gone} missing: deleted from the ledger.`);
  }
  if (position.hash !== head.hash) return broken('altered', position.seq, null, `The audit's latest entry does not match the chain's head: it was rewritten.`);
  if (head.strayId !== null) {
    return broken('unchained', position.seq, head.strayId, `The audit's entry id ${head.strayId} has no place in the chain: it was taken out of it or written around it.`);
  }
  return null;
}
