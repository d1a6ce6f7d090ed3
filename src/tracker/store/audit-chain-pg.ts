// The audit's chain read from PostgreSQL, for verification: the entries in
// their chain's order with every field as the trigger hashed it (the time
// rendered by the server, to the microsecond), and the chain's head
// (../db/audit-chain-schema.ts writes both).
import type { SqlDriver } from '../db/driver.js';
import { bind, namedTable } from '../db/named.js';
import { quoteIdentifier } from '../db/quote-identifier.js';
import { toChainRow, type ChainHead, type ChainRow } from './audit-chain.js';
import { text } from './rows.js';

/** The chain's statements for one schema (`s`, quoted), their parameters named as the SQLite ones (sqlite/audit-chain.ts). */
function chainStatements(s: string) {
  return namedTable({
    rows: `
      SELECT id::text AS id, seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_text, message_id::text AS message_id,
        actor, action, outcome, reason, assignee, related::text AS related, note, detail, prev_hash, hash
      FROM ${s}.audit WHERE seq > :after AND seq <= :upto ORDER BY seq LIMIT :limit`,
    head: `
      SELECT h.seq, h.hash,
        (SELECT count(*) FROM ${s}.audit WHERE seq IS NULL)::int AS unchained,
        (SELECT min(a.id)::text FROM ${s}.audit a WHERE a.seq IS NULL AND a.id > (SELECT min(c.id) FROM ${s}.audit c WHERE c.seq IS NOT NULL)) AS stray
      FROM ${s}.audit_head h`,
  });
}

/** The chain of one schema's audit. Internal. */
export class PgAuditChain {
  readonly #db: SqlDriver;
  readonly #sql: ReturnType<typeof chainStatements>;

  constructor(db: SqlDriver, schema: string) {
    this.#db = db;
    this.#sql = chainStatements(quoteIdentifier(schema));
  }

  /** Up to `limit` entries after place `afterSeq`, up to place `upTo`, in the chain's order. */
  async rows(afterSeq: number, upTo: number, limit: number): Promise<ChainRow[]> {
    const rows = await this.#db.query(...bind(this.#sql.rows, { after: afterSeq, upto: upTo, limit }));
    return rows.map((r) => toChainRow(r, String(r.at_text)));
  }

  /** The chain's head. */
  async head(): Promise<ChainHead> {
    const [r] = await this.#db.query(...bind(this.#sql.head));
    return { seq: Number(r?.seq ?? 0), hash: text(r?.hash) ?? '', unchained: Number(r?.unchained ?? 0), strayId: text(r?.stray) };
  }
}
