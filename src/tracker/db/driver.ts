// The seam between the tracker and its engines: PostgreSQL's store speaks
// its dialect to this interface (postgres.ts implements it); the SQLite
// driver (sqlite/open.ts) implements it too for the shared callers
// (migrations, versions), and its store reaches SQLite directly.
/** A row as the database returns it: column name to value. */
export type SqlRow = Record<string, unknown>;

/** Runs statements: the whole database, or one transaction of it. Internal. */
export interface SqlExecutor {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<R extends SqlRow = SqlRow>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

/**
 * One connection to the tracker's database, whichever engine holds it. Both
 * engines speak PostgreSQL, so the store above this has one SQL dialect.
 * Internal.
 */
export interface SqlDriver extends SqlExecutor {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Releases what the driver opened (not a pool the app passed in). */
  close(): Promise<void>;
  /**
   * True when this process alone uses the database (the embedded engine,
   * under its lock): any lease found in it at opening was held by a process
   * that is gone.
   */
  readonly soleUser?: boolean;
}
