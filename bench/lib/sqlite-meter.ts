// The SQLite side of db-meter.ts: wraps node:sqlite's prepared statements on
// their prototype in this process, so every statement the tracker runs on
// its embedded ledger (opened inside cdms-sdk/tracker) is metered, by its
// text, with the milliseconds it held the thread. The ledger's database is
// the one whose statements name its `messages` table (the lock database
// beside it never does); the bench's own statements run on that same
// connection, outside the meter, so `memory:` can be filled too.
import { statSync } from 'node:fs';
import type { DbMeter } from './db-meter.js';
import { statementLabel } from './db-meter.js';

type Method = (this: unknown, ...args: unknown[]) => unknown;
interface Statement {
  readonly sourceSQL: string;
  all: Method;
  get: Method;
  run: Method;
}
interface Database {
  prepare(sql: string): Statement;
  location?(): string | null;
}
interface SqliteModule {
  DatabaseSync: { prototype: { prepare: (this: Database, sql: string) => Statement } };
  StatementSync: { prototype: Record<'all' | 'get' | 'run', Method> };
}

/** What the bench needs of the ledger the tracker opened. */
export interface SqliteHandle {
  /** Bytes of the ledger's write-ahead log file (0 in memory). */
  walBytes(): number;
  /** Runs a statement of the bench's own on the tracker's own connection, outside the meter. */
  unmetered(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
}

/** Meters node:sqlite statements into `meter`; the tracker's ledger once it ran a statement (never, where the runtime has no node:sqlite). */
export function meterSqlite(meter: DbMeter): { instance: () => SqliteHandle | undefined } {
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const sqlite = getBuiltin?.call(process, 'node:sqlite') as SqliteModule | undefined;
  if (!sqlite) return { instance: () => undefined };
  let seen: Database | undefined;
  let bypass = false;
  const remember = (db: Database): void => {
    seen = db;
  };
  const dbProto = sqlite.DatabaseSync.prototype;
  const prepare = dbProto.prepare;
  dbProto.prepare = function (this: Database, sql: string) {
    if (!bypass && /\bmessages\b/.test(sql)) remember(this);
    return prepare.call(this, sql);
  };
  const stmtProto = sqlite.StatementSync.prototype;
  // Each prepared statement's label, worked out once: the tracker keeps its statements prepared, and three
  // regular expressions per call were the meter's own CPU in the tracker's figure (about a tenth of a steady poll).
  const labels = new WeakMap<object, string>();
  const labelOf = (statement: Statement): string => {
    let label = labels.get(statement);
    if (label === undefined) labels.set(statement, (label = statementLabel(statement.sourceSQL)));
    return label;
  };
  for (const name of ['all', 'get', 'run'] as const) {
    const original = stmtProto[name];
    stmtProto[name] = function (this: unknown, ...args: unknown[]) {
      if (bypass) return original.apply(this, args);
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        meter.record(labelOf(this as Statement), performance.now() - started);
      }
    };
  }
  const handle = (db: Database): SqliteHandle => ({
    walBytes() {
      const file = db.location?.();
      if (!file) return 0;
      try {
        return statSync(`${file}-wal`).size;
      } catch {
        return 0;
      }
    },
    unmetered(sql, params) {
      bypass = true;
      try {
        return Promise.resolve(db.prepare(sql).all(...params) as Record<string, unknown>[]);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        bypass = false;
      }
    },
  });
  return { instance: () => (seen ? handle(seen) : undefined) };
}
