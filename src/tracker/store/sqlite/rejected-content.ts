// The service's verdicts on attachment content in the embedded ledger: the
// same reads and writes as the PostgreSQL store (../rejected-content.ts),
// over the same table in SQLite's terms. Hashes only, never content.
/* eslint-disable @typescript-eslint/require-await -- async for the store's interface; SQLite answers synchronously, and `async` turns its throws into rejections. */
import type { ContentRejection } from '../../../core/errors/content-rejection.js';
import type { RejectedContentStore } from '../../../rejected-content/store.js';
import type { SqliteDatabase } from '../../db/sqlite/load.js';
import { checkedHash } from '../rejected-content.js';
import { SqliteConnection } from './connection.js';

// Parameter names are letters and underscores only (the connection binds by them).
const HAS = `SELECT 1 AS found FROM rejected_content WHERE sha256 = :hash`;
const ADD = `INSERT INTO rejected_content (sha256, rejection, rejected_at) VALUES (:hash, :rejection, :at) ON CONFLICT (sha256) DO NOTHING`;
const ANY = `SELECT EXISTS (SELECT 1 FROM rejected_content) AS found`;

/** The verdicts on SQLite (one process owns the ledger, so what it adds is all there is). Internal. */
export class SqliteRejectedContentStore implements RejectedContentStore {
  readonly #c: SqliteConnection;

  constructor(db: SqliteDatabase) {
    this.#c = new SqliteConnection(db);
  }

  async has(sha256: string): Promise<boolean> {
    return this.#c.get(HAS, { hash: sha256 }) !== undefined;
  }

  async add(sha256: string, rejection: ContentRejection = 'virus-scan'): Promise<void> {
    this.#c.run(ADD, { hash: checkedHash(sha256), rejection, at: new Date() });
  }

  async isEmpty(): Promise<boolean> {
    return Number(this.#c.get(ANY)?.found ?? 0) === 0;
  }
}
