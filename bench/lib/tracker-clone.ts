// Brings a ledger to the scenario's size in seconds. A share of the messages
// is adopted with tracker.track() (timed: that is the adopt figure); the rest
// are copies of the first adopted row with their own messageId, inserted by
// SQL in chunks. Adopting 100,000 one by one would take about 5 minutes on
// the embedded engine and 11 on PostgreSQL (fsync on) on this machine, and
// tell nothing the first thousands do not. A copy is the row track() wrote (route,
// stage, due time, follow-until, poll count), so the tracker treats it alike.
//
// Also the set-aside between the scenario's first-poll stretch and its steady
// stretch: the messages never polled are made due a day later, so that the
// steady stretch polls again those polled once (status unchanged), with the
// whole ledger in the tables, as a tracker spends most of its days. And the
// count of events not yet handled, which the scenario lets reach zero before
// a measured stretch (a backlog's deliveries would be counted in its polls).

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

/** Makes the followed messages never polled due a day from now; answers how many as `n`. */
export function setAsideSql(schema: string): string {
  return (
    `WITH moved AS (UPDATE ${quote(schema)}.messages SET due_at = now() + interval '1 day' ` +
    `WHERE polls = 0 AND stage = 'following' RETURNING 1) SELECT count(*)::int AS n FROM moved`
  );
}

const count = (rows: readonly Record<string, unknown>[]): number => Number(rows[0]?.['n'] ?? 0);

/** Copies the row of `templateId` once for each of `ids`; returns the rows inserted. */
export async function cloneMessages(run: RunSql, templateId: string, ids: readonly string[], schema = LEDGER_SCHEMA): Promise<number> {
  if (ids.length === 0) return 0;
  const columns = (await run(COLUMNS_SQL, [schema])).map((r) => String(r['name']));
  const sql = cloneSql(schema, columns);
  let inserted = 0;
  for (let i = 0; i < ids.length; i += CHUNK) inserted += count(await run(sql, [JSON.stringify(ids.slice(i, i + CHUNK)), templateId]));
  if (inserted !== ids.length) throw new Error(`copied ${inserted} rows of ${templateId}, expected ${ids.length}`);
  return inserted;
}

/** Runs {@link setAsideSql}; returns the rows moved. */
export async function setAside(run: RunSql, schema = LEDGER_SCHEMA): Promise<number> {
  return count(await run(setAsideSql(schema), []));
}

/** Events no handler has handled yet, as `n`. */
export const UNHANDLED_EVENTS_SQL = `SELECT count(*)::int AS n FROM ${quote(LEDGER_SCHEMA)}.events WHERE handled_at IS NULL`;

/** Runs {@link UNHANDLED_EVENTS_SQL}. */
export async function unhandledEvents(run: RunSql): Promise<number> {
  return count(await run(UNHANDLED_EVENTS_SQL, []));
}
