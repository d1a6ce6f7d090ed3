// The PGlite side of db-meter.ts: wraps the query lock and the protocol entry
// of PGlite's prototype in this process, so every statement of every PGlite
// instance (the tracker's, opened inside cdms-sdk/tracker) is metered. The
// tracker loads `@electric-sql/pglite` by name, so it gets this same module
// instance; the scenario checks that statements were seen at all.
import { PGlite } from '@electric-sql/pglite';
import { BENCH_SQL, DbMeter, lsnBytes, protocolStatementText, statementLabel, WAL_PROBE } from './db-meter.js';

/** The figures a probe needs from the instance the tracker opened. */
export interface PGliteHandle {
  /** Bytes of WASM memory (PGlite's heap: PostgreSQL's shared buffers, caches, work memory). */
  wasmBytes(): number;
  /** The current WAL position in bytes; the probe's own statement is not metered. */
  walBytes(): Promise<number>;
  /** Runs a statement of the bench's own on the tracker's database, outside the meter. */
  unmetered(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
}

/** Meters every PGlite statement of this process; returns the meter and the tracker's instance once it ran a statement. */
export function meterPGlite(): { meter: DbMeter; instance: () => PGliteHandle | undefined } {
  const meter = new DbMeter();
  const proto = PGlite.prototype;
  // Both originals are called back with the instance's own `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const runExclusive = proto._runExclusiveQuery;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const execStream = proto.execProtocolStream;
  let current: string | undefined;
  let seen: PGlite | undefined;
  const remember = (db: PGlite): void => {
    seen = db;
  };
  proto.execProtocolStream = function (message, options) {
    current ??= protocolStatementText(message);
    return execStream.call(this, message, options);
  };
  proto._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    remember(this);
    return runExclusive.call(this, async () => {
      current = undefined;
      const started = performance.now();
      try {
        return await fn();
      } finally {
        if (!isBenchSql(current)) meter.record(statementLabel(current ?? '(unknown)'), performance.now() - started);
      }
    }) as Promise<T>;
  };
  const handle = (db: PGlite): PGliteHandle => ({
    wasmBytes: () => wasmMemoryBytes((db as { Module: unknown }).Module),
    async walBytes() {
      const { rows } = await db.query<{ lsn: string }>(WAL_PROBE);
      return lsnBytes(rows[0]?.lsn ?? '0/0');
    },
    async unmetered(sql, params) {
      return (await db.query<Record<string, unknown>>(`${BENCH_SQL} ${sql}`, [...params])).rows;
    },
  });
  return { meter, instance: () => (seen ? handle(seen) : undefined) };
}

/** A statement of the bench's own (read through a function: TypeScript does not see the protocol hook set `current`). */
function isBenchSql(text: string | undefined): boolean {
  return text?.startsWith(BENCH_SQL) === true;
}

/** The size of an Emscripten module's WASM memory (its types are not installed, so it is read with care). */
function wasmMemoryBytes(mod: unknown): number {
  const memory = typeof mod === 'object' && mod !== null && 'wasmMemory' in mod ? mod.wasmMemory : undefined;
  const buffer = typeof memory === 'object' && memory !== null && 'buffer' in memory ? memory.buffer : undefined;
  return buffer instanceof ArrayBuffer ? buffer.byteLength : 0;
}
