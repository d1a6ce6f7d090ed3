// Retention: settled messages deleted, their space reclaimed, destroyed keys cleared from the files.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** Retention: settled messages deleted, their space reclaimed, destroyed keys cleared from the files. `s` is the quoted schema. Internal. */
export function retentionStatements(s: string) {
  return {
    /**
     * Deletes up to `:limit` settled messages (a final stage, no open attention,
     * every event handled, not leased) last changed before `:before`, with their
     * history and events, keeping when (`:now`) each one the audit names went;
     * each table is named, so a table added later that
     * refers to messages must be added here too. Rows another instance is
     * deleting are skipped.
     */
    purgeSettled: `
      WITH doomed AS (
        SELECT m.message_id FROM ${s}.messages m
        WHERE m.stage IN ('settled', 'failed') AND m.attention IS NULL AND m.changed_at < :before
          AND (m.lease_until IS NULL OR m.lease_until < :now)
          AND NOT EXISTS (SELECT 1 FROM ${s}.events e WHERE e.message_id = m.message_id AND e.handled_at IS NULL)
        ORDER BY m.changed_at LIMIT :limit
        FOR UPDATE SKIP LOCKED
      ), removed AS (
        INSERT INTO ${s}.removed (message_id, removed_at)
        SELECT d.message_id, :now FROM doomed d WHERE EXISTS (SELECT 1 FROM ${s}.audit a WHERE a.message_id = d.message_id)
        ON CONFLICT (message_id) DO UPDATE SET removed_at = EXCLUDED.removed_at
      ), history AS (
        DELETE FROM ${s}.history h USING doomed d WHERE h.message_id = d.message_id RETURNING 1
      ), events AS (
        DELETE FROM ${s}.events e USING doomed d WHERE e.message_id = d.message_id RETURNING 1
      ), messages AS (
        DELETE FROM ${s}.messages m USING doomed d WHERE m.message_id = d.message_id RETURNING 1
      )
      SELECT (SELECT count(*) FROM messages)::int AS messages, (SELECT count(*) FROM history)::int AS histories,
        (SELECT count(*) FROM events)::int AS events`,

    /** When retention removed a message the audit names. */
    removedAt: `SELECT removed_at FROM ${s}.removed WHERE message_id = :id`,

    /** Reclaims the space of deleted rows (the embedded engine has no autovacuum); outside a transaction. */
    vacuum: `VACUUM ${s}.messages, ${s}.history, ${s}.events`,

    /**
     * Leaves no copy of a destroyed key in the database's files
     * (D-TRACKER-24): the key table rewritten into a new file (the old one
     * truncated at once), the write-ahead log moved to a new segment, and a
     * checkpoint, after which the segments holding the keys are removed
     * (`wal_recycle = off`). In order; each on its own (VACUUM cannot run in
     * a transaction). The last two need privileges on a PostgreSQL server.
     */
    shredKeys: [`VACUUM FULL ${s}.message_keys`, 'SELECT pg_switch_wal()', 'CHECKPOINT'],
  } as const;
}
