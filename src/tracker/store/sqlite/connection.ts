// The store's way to SQLite: prepared statements kept by their text, named
// parameters taken from a plain object and bound by position (a Date as milliseconds, a boolean as
// 1 or 0), transactions, and every failure as the tracker's own error.
// Synchronous underneath: a transaction's statements run without the event
// loop between them, so nothing else in the process can come between.
// A write the disk refused (full, failing, read-only) is remembered until a
// write succeeds again, so health() can say the ledger cannot write even
// while its reads answer.
import type { SqlRow } from '../../db/driver.js';
import { sqliteFailure } from '../../db/sqlite/failure.js';
import { DatabaseUnavailableError } from '../../model/errors.js';
import type { SqliteDatabase, SqliteStatement, SqliteValue } from '../../db/sqlite/load.js';
import { WalSync, databaseFileOf } from '../../db/sqlite/wal-sync.js';
import { checkpointerOf } from '../../db/sqlite/wal-checkpointer.js';
import { positional } from '../../db/named.js';

/** Values a statement's named parameters take. */
export type Params = Record<string, SqliteValue | Date | boolean | undefined>;

interface Prepared {
  statement: SqliteStatement;
  /** The name of each `?` in order (named.ts, positional). */
  names: readonly string[];
}

/** A write the disk refused, and since when: none after a write succeeds. Internal. */
export interface WriteFault {
  /** SQLite's result code (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_READONLY`). */
  code: string;
  /** When a write was first refused. */
  since: Date;
}

/** Result codes that say the disk, not the statement, refused a write. */
const DISK_FAULTS = new Set(['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY']);

const bindable = (value: SqliteValue | Date | boolean | undefined): SqliteValue =>
  value instanceof Date ? value.getTime() : typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null);

/** One SQLite database as the store uses it. Internal. */
export class SqliteConnection {
  readonly #db: SqliteDatabase;
  readonly #prepared = new Map<string, Prepared>();
  #writeFault: WriteFault | null = null;
  #inTransaction = false;
  readonly #wal: WalSync;
  #largeWrites = 0;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#wal = new WalSync(db);
  }

  /** Resolves once the commits made so far are on the disk (wal-sync.ts): awaited by the writes a caller relies on. */
  durable(): Promise<void> {
    return this.#wal.durable();
  }

  /**
   * A large content is being written (sealed-pieces.ts): until
   * {@link endLarge}, this connection makes no checkpoint of its own, and
   * {@link checkpointSoon} asks the worker thread for one instead
   * (wal-checkpointer.ts), so the main thread never copies the log.
   */
  beginLarge(): void {
    if (this.#largeWrites++ === 0) this.#quiet('PRAGMA wal_autocheckpoint = 0');
  }

  /** After a piece of a large content: a checkpoint off the main thread (none for `memory:`). */
  checkpointSoon(): void {
    checkpointerOf(this.#db, databaseFileOf(this.#db))?.request();
  }

  /** The large content is written: the connection's own checkpoints again, after one more off the main thread. */
  endLarge(): void {
    if (--this.#largeWrites > 0) return;
    this.checkpointSoon();
    this.#quiet('PRAGMA wal_autocheckpoint = 1000');
  }

  /** A setting changed where a failure must not hide the error being handled (the next statement reports the disk's state). */
  #quiet(sql: string): void {
    try {
      this.#db.exec(sql);
    } catch {
      // See above.
    }
  }

  /** Every row of a statement. */
  all(sql: string, params: Params = {}): SqlRow[] {
    return this.#guard(() => {
      const { statement, names } = this.#prepare(sql);
      return statement.all(...this.#bind(names, params));
    });
  }

  /** The first row, or undefined. */
  get(sql: string, params: Params = {}): SqlRow | undefined {
    return this.#guard(() => {
      const { statement, names } = this.#prepare(sql);
      return statement.get(...this.#bind(names, params));
    });
  }

  /** Runs a statement; returns how many rows it changed. */
  run(sql: string, params: Params = {}): number {
    return this.#writing(() =>
      this.#guard(() => {
        const { statement, names } = this.#prepare(sql);
        return Number(statement.run(...this.#bind(names, params)).changes);
      }),
    );
  }

  /**
   * The write the disk last refused, or null when writes succeed. While one
   * is remembered, a small write (the schema's version set to itself) finds
   * out whether space has come back, so the answer clears without waiting
   * for the tracker's own next write.
   */
  writeFault(): WriteFault | null {
    if (!this.#writeFault) return null;
    try {
      const version = Number(this.get('PRAGMA user_version')?.user_version ?? 0);
      this.transaction(() => this.exec(`PRAGMA user_version = ${version}`));
    } catch {
      // Still refused: the fault stays (transaction() kept it up to date).
    }
    return this.#writeFault;
  }

  /** A statement of its own kind (a PRAGMA, VACUUM), not kept. */
  exec(sql: string): void {
    this.#guard(() => this.#db.exec(sql));
  }

  /** Runs `work` in one write transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: () => T): T {
    return this.#writing(() => {
      this.exec('BEGIN IMMEDIATE');
      this.#inTransaction = true;
      try {
        const result = work();
        this.exec('COMMIT');
        return result;
      } catch (error) {
        try {
          this.#db.exec('ROLLBACK');
        } catch {
          // SQLite rolled back by itself (a full disk may do that): nothing is left to undo.
        }
        throw sqliteFailure(error);
      } finally {
        this.#inTransaction = false;
      }
    });
  }

  /** Runs a write, remembering a disk's refusal and forgetting it once a write succeeds (inside a transaction: its commit decides). */
  #writing<T>(work: () => T): T {
    if (this.#inTransaction) return work();
    try {
      const result = work();
      this.#writeFault = null;
      return result;
    } catch (error) {
      if (error instanceof DatabaseUnavailableError && error.code !== undefined && DISK_FAULTS.has(error.code)) {
        this.#writeFault ??= { code: error.code, since: new Date() };
      }
      throw error;
    }
  }

  #guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw sqliteFailure(error);
    }
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#prepared.get(sql);
    if (!prepared) {
      const { text, names } = positional(sql);
      prepared = { statement: this.#db.prepare(text), names };
      this.#prepared.set(sql, prepared);
    }
    return prepared;
  }

  /** The values of the statement's `?`, in order: an array, not an object of names, on every call (named.ts, positional). */
  #bind(names: readonly string[], params: Params): SqliteValue[] {
    const bound: SqliteValue[] = new Array<SqliteValue>(names.length);
    for (let i = 0; i < names.length; i++) bound[i] = bindable(params[names[i] ?? '']);
    return bound;
  }
}
