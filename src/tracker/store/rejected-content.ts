// The service's verdicts on attachment content, kept in the tracker's ledger
// so that a rejected attachment stays refused across restarts (D-TRACKER-36):
// the PostgreSQL store here, the SQLite one in sqlite/rejected-content.ts
// (rejected-content-for.ts picks one). Hashes only, never content.
import type { ContentRejection } from '../../core/errors/content-rejection.js';
import type { RejectedContentStore } from '../../rejected-content/store.js';
import type { SqlDriver } from '../db/driver.js';
import { bind, namedTable } from '../db/named.js';
import { quoteIdentifier } from '../db/quote-identifier.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The statements of one schema's table (`table`, quoted), their parameters named as the SQLite ones (sqlite/rejected-content.ts). */
function rejectedStatements(table: string) {
  return namedTable({
    has: `SELECT 1 AS found FROM ${table} WHERE sha256 = :hash`,
    add: `INSERT INTO ${table} (sha256, rejection, rejected_at) VALUES (:hash, :rejection, :at) ON CONFLICT (sha256) DO NOTHING`,
    any: `SELECT EXISTS (SELECT 1 FROM ${table}) AS found`,
  });
}

/** Refuses what is not a hash: the table must never hold content, or anything else, by mistake. */
export function checkedHash(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new TypeError('The ledger keeps rejected content as a lower-case hex SHA-256 only.');
  return sha256;
}

/**
 * The verdicts on PostgreSQL, which several instances share: one that learns
 * a verdict makes every other refuse the content too. Once the table holds a
 * row it is known not to be empty (rows are never deleted), so the common
 * path costs one query per send until the first rejection, and a look-up per
 * attachment after. Internal.
 */
export class PostgresRejectedContentStore implements RejectedContentStore {
  readonly #db: SqlDriver;
  readonly #sql: ReturnType<typeof rejectedStatements>;
  #nonEmpty = false;

  constructor(db: SqlDriver, schema: string) {
    this.#db = db;
    this.#sql = rejectedStatements(`${quoteIdentifier(schema)}.rejected_content`);
  }

  async has(sha256: string): Promise<boolean> {
    const rows = await this.#db.query(...bind(this.#sql.has, { hash: sha256 }));
    return rows.length > 0;
  }

  async add(sha256: string, rejection: ContentRejection = 'virus-scan'): Promise<void> {
    await this.#db.query(...bind(this.#sql.add, { hash: checkedHash(sha256), rejection, at: new Date() }));
    this.#nonEmpty = true;
  }

  async isEmpty(): Promise<boolean> {
    if (this.#nonEmpty) return false;
    const rows = await this.#db.query(...bind(this.#sql.any));
    this.#nonEmpty = rows[0]?.found === true;
    return !this.#nonEmpty;
  }
}
