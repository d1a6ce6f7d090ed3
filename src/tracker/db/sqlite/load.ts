// node:sqlite, the runtime's own SQLite, loaded only when an embedded ledger
// is opened: on a runtime without it (Node before 22.13, Bun) the tracker
// says which Node line it needs and what to use instead, never the runtime's
// raw ERR_UNKNOWN_BUILTIN_MODULE. Node 22 and 23 print an ExperimentalWarning
// when it loads; that warning alone is kept quiet (the app's own are not).
import { ConfigurationError } from '../../../core/errors/cdms-error.js';

/** A value SQLite stores: what the ledger's statements bind. */
export type SqliteValue = null | number | bigint | string | Uint8Array;

/** One prepared statement of `node:sqlite` (the part the tracker uses). */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
}

/** A `node:sqlite` DatabaseSync (the part the tracker uses). */
export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
  readonly isOpen: boolean;
}

/** The options of `new DatabaseSync` the tracker gives. */
export interface SqliteOpenOptions {
  readOnly?: boolean;
  timeout?: number;
  enableForeignKeyConstraints?: boolean;
}

/** The constructor `node:sqlite` exports. */
export type SqliteConstructor = new (path: string, options?: SqliteOpenOptions) => SqliteDatabase;

/** The Node lines that carry `node:sqlite` without a flag. */
export const SQLITE_NODE_LINES = 'Node.js 22.13 or later (22.13+, 23.4+, 24, 26)';

let loaded: SqliteConstructor | undefined;

/** Whether this runtime has `node:sqlite` (tests skip the embedded engine loudly where it has not). */
export function hasSqlite(): boolean {
  try {
    loadSqlite();
    return true;
  } catch {
    return false;
  }
}

/**
 * The DatabaseSync class of `node:sqlite`.
 *
 * @throws ConfigurationError naming the Node line needed and the PostgreSQL alternative.
 */
export function loadSqlite(): SqliteConstructor {
  if (loaded) return loaded;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const module = quietly(() => getBuiltin?.call(process, 'node:sqlite')) as { DatabaseSync?: SqliteConstructor } | undefined;
  if (!module?.DatabaseSync) {
    throw new ConfigurationError(
      `The embedded tracker database needs node:sqlite, which this runtime (Node.js ${process.versions.node}) does not have: ` +
        `run the app on ${SQLITE_NODE_LINES}, or give the tracker a PostgreSQL database (database: "postgres://...").`,
    );
  }
  loaded = module.DatabaseSync;
  return loaded;
}

/** Runs `load` with the SQLite ExperimentalWarning (and only it) left unsaid. */
function quietly<T>(load: () => T): T {
  const original = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  const emit = process.emitWarning.bind(process);
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const kind = typeof warning === 'string' ? type : warning.name;
    if (kind === 'ExperimentalWarning' && /SQLite/i.test(text)) return;
    Reflect.apply(emit, process, [warning, ...rest]);
  };
  try {
    return load();
  } finally {
    if (original) Object.defineProperty(process, 'emitWarning', original);
    else delete (process as { emitWarning?: unknown }).emitWarning;
  }
}
