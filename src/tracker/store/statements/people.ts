// What people do (acknowledge, assign, send again or replace) and the audit that records it.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** What people do (acknowledge, assign, send again or replace) and the audit that records it. `s` is the quoted schema. Internal. */
export function peopleStatements(s: string) {
  return {
    /**
     * A person clears a message's attention (`:actor` who, `:note` their
     * note; `:reason` the reason they saw, when given, must still be the one
     * raised). The audit
     * records the attempt whatever its outcome when a person is named: of two
     * people acting at once, the second finds nothing to clear (PostgreSQL
     * re-reads the row once the first commits) and is recorded as `conflict`
     * (decisions D-TRACKER-26 and D-TRACKER-27).
     */
    acknowledge: `
      WITH changed AS (
        UPDATE ${s}.messages SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = :now
        WHERE message_id = :id AND attention IS NOT NULL AND (:reason::text IS NULL OR attention = :reason)
        RETURNING message_id
      ), found AS (
        SELECT message_id, attention FROM ${s}.messages WHERE message_id = :id
      ), logged AS (
        INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, note)
        SELECT :now, f.message_id, :actor, 'acknowledge', CASE WHEN EXISTS (SELECT 1 FROM changed) THEN 'done' ELSE 'conflict' END,
          coalesce(:reason, f.attention), :note
        FROM found f WHERE EXISTS (SELECT 1 FROM changed) OR :actor::text IS NOT NULL
        RETURNING id
      )
      SELECT (SELECT count(*) FROM found)::int AS found, (SELECT count(*) FROM changed)::int AS changed`,

    /**
     * Assigns a message to `:assignee` (null: nobody), by `:actor`. With
     * `:conditional`, only while its assignee is still `:expected` (what the
     * person saw), so of two people taking it at once one wins; the audit
     * records both attempts.
     */
    assign: `
      WITH changed AS (
        UPDATE ${s}.messages SET assignee = :assignee, changed_at = :now
        WHERE message_id = :id AND (NOT :conditional::boolean OR assignee IS NOT DISTINCT FROM :expected::text)
        RETURNING message_id
      ), found AS (
        SELECT message_id, attention, assignee FROM ${s}.messages WHERE message_id = :id
      ), logged AS (
        INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, assignee)
        SELECT :now, f.message_id, :actor, CASE WHEN :assignee::text IS NULL THEN 'unassign' ELSE 'assign' END,
          CASE WHEN EXISTS (SELECT 1 FROM changed) THEN 'done' ELSE 'conflict' END, f.attention, coalesce(:assignee, f.assignee)
        FROM found f
        RETURNING id
      )
      SELECT (SELECT count(*) FROM found)::int AS found, (SELECT count(*) FROM changed)::int AS changed`,

    /** The earlier message of a replacement, locked until the replacement is written (in a transaction). */
    lockEarlier: `SELECT message_id, replaced_by FROM ${s}.messages WHERE message_id = :id FOR UPDATE`,

    /** Links the earlier message to its replacement, in the transaction that writes the replacement. */
    markReplaced: `UPDATE ${s}.messages SET replaced_by = :replacement WHERE message_id = :id AND replaced_by IS NULL RETURNING message_id`,

    /**
     * The replacement is recorded (sent, queued, or failed for good): the
     * earlier message leaves the attention list, and the audit says who sent
     * it again (or sent its next version: `:action`) and why.
     */
    completeReplacement: `
      WITH earlier AS (
        SELECT message_id, attention FROM ${s}.messages WHERE message_id = :id AND replaced_by = :replacement
      ), cleared AS (
        UPDATE ${s}.messages m SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = :now
        FROM earlier e WHERE m.message_id = e.message_id
        RETURNING m.message_id
      )
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, related, note)
      SELECT :now, e.message_id, :actor, :action, 'done', e.attention, :replacement, :note FROM earlier e`,

    /**
     * A replacement refused before any request (invalid, or content rejected
     * before): it goes, the earlier message is no longer replaced, and the
     * audit records the refusal (`:detail`, the error's name and message;
     * `:action`).
     */
    dropReplacement: `
      WITH gone AS (
        DELETE FROM ${s}.messages WHERE message_id = :replacement AND stage = 'sending' AND sent_at IS NULL AND lease_owner = :owner RETURNING replaces
      ), undone AS (
        UPDATE ${s}.messages SET replaced_by = NULL
        WHERE message_id = (SELECT replaces FROM gone) AND replaced_by = :replacement
        RETURNING message_id, attention
      )
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, related, note, detail)
      SELECT :now, u.message_id, :actor, :action, 'refused', u.attention, :replacement, :note, :detail FROM undone u`,

    /** One audit entry, written as it is (conflicts and refusals found outside the statements above). */
    insertAudit: `
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, assignee, related, note, detail)
      VALUES (:at, :message_id, :actor, :action, :outcome, :reason, :assignee, :related::uuid, :note, :detail)`,

    /** Audit entries in the order they were written, filtered by message and time, after a cursor (an id). */
    auditOldestFirst: `
      SELECT * FROM ${s}.audit
      WHERE (:id::uuid IS NULL OR message_id = :id) AND (:since::timestamptz IS NULL OR at >= :since) AND (:after::bigint IS NULL OR id > :after)
      ORDER BY id LIMIT :limit`,

    /** The same, newest first. */
    auditNewestFirst: `
      SELECT * FROM ${s}.audit
      WHERE (:id::uuid IS NULL OR message_id = :id) AND (:since::timestamptz IS NULL OR at >= :since) AND (:after::bigint IS NULL OR id < :after)
      ORDER BY id DESC LIMIT :limit`,

    /** The last action of these kinds (`:actions`) on a message that took effect (who won a conflict). */
    lastDone: `SELECT * FROM ${s}.audit WHERE message_id = :id AND outcome = 'done' AND action = ANY(:actions::text[]) ORDER BY id DESC LIMIT 1`,
  } as const;
}
