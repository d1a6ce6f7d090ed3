// Database work as the tracker process sees it: every statement it runs,
// counted by kind, and the milliseconds spent in it. A meter per engine,
// none touching the tracker's code:
// - node:sqlite (the embedded ledger) runs each statement synchronously on
//   the tracker's thread: sqlite-meter.ts wraps the prepared statements'
//   calls on their prototype and reads each one's text from it.
// - PGlite (the embedded engine of the baseline before SQLite) runs PostgreSQL in the tracker's own thread, so the time a
//   statement holds PGlite's query lock (protocol encoding, the WASM
//   PostgreSQL, decoding) is database CPU taken from the tracker's process.
//   The meter wraps that lock on PGlite's prototype, and reads each
//   statement's text from the protocol message that carries it.
// - A PostgreSQL server gets a pg.Pool wrapped the same way (the tracker
//   accepts a pool as `database`); there the milliseconds are round trips
//   as the client waits for them (the server's own time is read from
//   pg_stat_statements by the scenario).

/** Work of one kind of statement. */
export interface StatementWork {
  count: number;
  ms: number;
}

/** Totals of a meter, with the split by statement kind. */
export interface DbWork {
  statements: number;
  ms: number;
  byKind: Record<string, StatementWork>;
}

/**
 * A statement's kind: its first four words with schema names and quotes
 * removed, e.g. `UPDATE messages SET stage` or `INSERT INTO budget AS`.
 */
export function statementLabel(sql: string): string {
  return sql
    .replace(/"?[a-z_][a-z0-9_]*"?\.(?=[a-z_])/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 4)
    .join(' ');
}

/** Counts statements by kind, with their milliseconds. */
export class DbMeter {
  #statements = 0;
  #ms = 0;
  readonly #byKind = new Map<string, StatementWork>();

  /** Adds one statement. */
  record(label: string, ms: number): void {
    this.#statements++;
    this.#ms += ms;
    const kind = this.#byKind.get(label) ?? { count: 0, ms: 0 };
    kind.count++;
    kind.ms += ms;
    this.#byKind.set(label, kind);
  }

  /** The totals so far (a copy). */
  snapshot(): DbWork {
    const byKind: Record<string, StatementWork> = {};
    for (const [label, w] of this.#byKind) byKind[label] = { ...w };
    return { statements: this.#statements, ms: this.#ms, byKind };
  }
}

/** The text of a Parse ('P') or simple Query ('Q') protocol message, or undefined for any other. */
export function protocolStatementText(message: Uint8Array): string | undefined {
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return undefined;
  let start = 5;
  // A Parse message names its prepared statement first (empty: one NUL byte).
  if (type === 0x50) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return Buffer.from(message.buffer, message.byteOffset + start, (end === -1 ? message.length : end) - start).toString('utf8');
}

/** Starts every statement of the bench's own (probes, copies, set-aside): meters and server-side figures leave them out. */
export const BENCH_SQL = '/* bench */';

/** The statement that reads the WAL position. */
export const WAL_PROBE = `${BENCH_SQL} SELECT pg_current_wal_lsn()::text AS lsn`;

/** A PostgreSQL LSN (`16/B374D848`) as a byte position. */
export function lsnBytes(lsn: string): number {
  const [high = '0', low = '0'] = lsn.split('/');
  return parseInt(high, 16) * 2 ** 32 + parseInt(low, 16);
}
