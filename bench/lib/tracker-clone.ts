// Brings a ledger to the scenario's size in seconds. A share of the messages
// is adopted with tracker.track() (timed: that is the adopt figure); the rest
// are copies of the first adopted row with their own messageId, inserted by
// SQL in chunks. Adopting 100,000 one by one would take about 5 minutes on
// the embedded engine and 11 on PostgreSQL (fsync on) on this machine, and
// tell nothing the first thousands do not. Each statement in PostgreSQL's
// terms (PGlite too) and in the SQLite ledger's. A copy is the row track() wrote (route,
// stage, due time, follow-until, poll count), so the tracker treats it alike.
//
// Also the set-aside between the scenario's first-poll stretch and its steady
// stretch: the messages never polled are made due a day later, so that the
// steady stretch polls again those polled once (status unchanged), with the
// whole ledger in the tables, as a tracker spends most of its days. And the
// count of events not yet handled, which the scenario lets reach zero before
// a measured stretch (a backlog's deliveries would be counted in its polls).

/** The ledger's engine: PostgreSQL (and PGlite, the baseline's embedded engine) or the embedded SQLite. */
export type LedgerEngine = 'postgres' | 'sqlite';

/** The tracker's default schema, where the scenario's ledgers live. */
export const LEDGER_SCHEMA = 'cdms_tracker';

/** Runs one statement and returns its rows (the engine's own connection, not metered). */
export type RunSql = (sql: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;

/** Ids per INSERT: one JSON parameter of about 200 kB. */
const CHUNK = 5_000;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The columns of the ledger's messages table, in order. */
export const COLUMNS_SQL =
  "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'messages' ORDER BY ordinal_position";

/**
 * One INSERT that copies the row of message `$2` once per id in `$1` (a JSON
 * array of UUIDs), every column as it is but `message_id`; answers the rows
 * copied as `n`.
 */
export function cloneSql(schema: string, columns: readonly string[]): string {
  if (!columns.includes('message_id')) throw new Error(`no message_id among the columns of ${schema}.messages`);
  const table = `${quote(schema)}.messages`;
  const values = columns.map((c) => (c === 'message_id' ? 'ids.id::uuid' : `t.${quote(c)}`));
  return (
    `WITH copied AS (INSERT INTO ${table} (${columns.map(quote).join(', ')}) ` +
    `SELECT ${values.join(', ')} FROM ${table} t CROSS JOIN jsonb_array_elements_text($1::jsonb) AS ids(id) ` +
    `WHERE t.message_id = $2::uuid RETURNING 1) SELECT count(*)::int AS n FROM copied`
  );
}

/** The SQLite ledger's columns of its messages table, in order (one ledger per file: no schema). */
export const SQLITE_COLUMNS_SQL = "SELECT name FROM pragma_table_info('messages') ORDER BY cid";

/**
 * {@link cloneSql} on the SQLite ledger: copies the row of message `?2` once
 * per id in `?1` (a JSON array of UUIDs); answers `n` = 1 per row copied
 * (SQLite has no writable CTE to count them in).
 */
export function sqliteCloneSql(columns: readonly string[]): string {
  if (!columns.includes('message_id')) throw new Error('no message_id among the columns of messages');
  const values = columns.map((c) => (c === 'message_id' ? 'ids.value' : `t.${quote(c)}`));
  return (
    `INSERT INTO messages (${columns.map(quote).join(', ')}) ` +
    `SELECT ${values.join(', ')} FROM messages t, json_each(?1) AS ids WHERE t.message_id = ?2 RETURNING 1 AS n`
  );
}

/** {@link setAsideSql} on the SQLite ledger (times in milliseconds): due at `?1`; `n` = 1 per row moved. */
export const SQLITE_SET_ASIDE_SQL = "UPDATE messages SET due_at = ?1 WHERE polls = 0 AND stage = 'following' RETURNING 1 AS n";

/** Makes the followed messages never polled due a day from now; answers how many as `n`. */
export function setAsideSql(schema: string): string {
  return (
    `WITH moved AS (UPDATE ${quote(schema)}.messages SET due_at = now() + interval '1 day' ` +
    `WHERE polls = 0 AND stage = 'following' RETURNING 1) SELECT count(*)::int AS n FROM moved`
  );
}

/** The `n` of the answer: one row with the count on PostgreSQL, one row of 1 per row changed on SQLite. */
const count = (rows: readonly Record<string, unknown>[]): number => rows.reduce((sum, row) => sum + Number(row['n'] ?? 0), 0);

/** Copies the row of `templateId` once for each of `ids`; returns the rows inserted. */
export async function cloneMessages(run: RunSql, templateId: string, ids: readonly string[], schema = LEDGER_SCHEMA, engine: LedgerEngine = 'postgres'): Promise<number> {
  if (ids.length === 0) return 0;
  const sqlite = engine === 'sqlite';
  const columns = (await (sqlite ? run(SQLITE_COLUMNS_SQL, []) : run(COLUMNS_SQL, [schema]))).map((r) => String(r['name']));
  const sql = sqlite ? sqliteCloneSql(columns) : cloneSql(schema, columns);
  let inserted = 0;
  for (let i = 0; i < ids.length; i += CHUNK) inserted += count(await run(sql, [JSON.stringify(ids.slice(i, i + CHUNK)), templateId]));
  if (inserted !== ids.length) throw new Error(`copied ${inserted} rows of ${templateId}, expected ${ids.length}`);
  return inserted;
}

/** Runs {@link setAsideSql} (or its SQLite twin); returns the rows moved. */
export async function setAside(run: RunSql, schema = LEDGER_SCHEMA, engine: LedgerEngine = 'postgres'): Promise<number> {
  if (engine === 'sqlite') return count(await run(SQLITE_SET_ASIDE_SQL, [Date.now() + 86_400_000]));
  return count(await run(setAsideSql(schema), []));
}

/** Events no handler has handled yet, as `n`. */
export const UNHANDLED_EVENTS_SQL = `SELECT count(*)::int AS n FROM ${quote(LEDGER_SCHEMA)}.events WHERE handled_at IS NULL`;

/** {@link UNHANDLED_EVENTS_SQL} on the SQLite ledger. */
export const SQLITE_UNHANDLED_EVENTS_SQL = 'SELECT count(*) AS n FROM events WHERE handled_at IS NULL';

/** Runs {@link UNHANDLED_EVENTS_SQL} (or its SQLite twin). */
export async function unhandledEvents(run: RunSql, engine: LedgerEngine = 'postgres'): Promise<number> {
  return count(await run(engine === 'sqlite' ? SQLITE_UNHANDLED_EVENTS_SQL : UNHANDLED_EVENTS_SQL, []));
}
