// What people do (acknowledge, assign, send again or replace) and the audit that records it.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** What people do (acknowledge, assign, send again or replace) and the audit that records it. `s` is the quoted schema. Internal. */
export function peopleStatements(s: string) {
  return {
    /**
     * A person clears a message's attention ($3 who, $4 their note; $5 the
     * reason they saw, when given, must still be the one raised). The audit
     * records the attempt whatever its outcome when a person is named: of two
     * people acting at once, the second finds nothing to clear (PostgreSQL
     * re-reads the row once the first commits) and is recorded as `conflict`
     * (decisions D-TRACKER-26 and D-TRACKER-27).
     */
    acknowledge: `
      WITH changed AS (
        UPDATE ${s}.messages SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = $2
        WHERE message_id = $1 AND attention IS NOT NULL AND ($5::text IS NULL OR attention = $5)
        RETURNING message_id
      ), found AS (
        SELECT message_id, attention FROM ${s}.messages WHERE message_id = $1
      ), logged AS (
        INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, note)
        SELECT $2, f.message_id, $3, 'acknowledge', CASE WHEN EXISTS (SELECT 1 FROM changed) THEN 'done' ELSE 'conflict' END,
          coalesce($5, f.attention), $4
        FROM found f WHERE EXISTS (SELECT 1 FROM changed) OR $3::text IS NOT NULL
        RETURNING id
      )
      SELECT (SELECT count(*) FROM found)::int AS found, (SELECT count(*) FROM changed)::int AS changed`,

    /**
     * Assigns a message to $4 (null: nobody), by $3. With $5, only while its
     * assignee is still $6 (what the person saw), so of two people taking it
     * at once one wins; the audit records both attempts.
     */
    assign: `
      WITH changed AS (
        UPDATE ${s}.messages SET assignee = $4, changed_at = $2
        WHERE message_id = $1 AND (NOT $5::boolean OR assignee IS NOT DISTINCT FROM $6::text)
        RETURNING message_id
      ), found AS (
        SELECT message_id, attention, assignee FROM ${s}.messages WHERE message_id = $1
      ), logged AS (
        INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, assignee)
        SELECT $2, f.message_id, $3, CASE WHEN $4::text IS NULL THEN 'unassign' ELSE 'assign' END,
          CASE WHEN EXISTS (SELECT 1 FROM changed) THEN 'done' ELSE 'conflict' END, f.attention, coalesce($4, f.assignee)
        FROM found f
        RETURNING id
      )
      SELECT (SELECT count(*) FROM found)::int AS found, (SELECT count(*) FROM changed)::int AS changed`,

    /** The earlier message of a replacement, locked until the replacement is written (in a transaction). */
    lockEarlier: `SELECT message_id, replaced_by FROM ${s}.messages WHERE message_id = $1 FOR UPDATE`,

    /** Links the earlier message to its replacement, in the transaction that writes the replacement. */
    markReplaced: `UPDATE ${s}.messages SET replaced_by = $2 WHERE message_id = $1 AND replaced_by IS NULL RETURNING message_id`,

    /**
     * The replacement is recorded (sent, queued, or failed for good): the
     * earlier message leaves the attention list, and the audit says who sent
     * it again (or sent its next version: $6, the action) and why.
     */
    completeReplacement: `
      WITH earlier AS (
        SELECT message_id, attention FROM ${s}.messages WHERE message_id = $1 AND replaced_by = $2
      ), cleared AS (
        UPDATE ${s}.messages m SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = $3
        FROM earlier e WHERE m.message_id = e.message_id
        RETURNING m.message_id
      )
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, related, note)
      SELECT $3, e.message_id, $4, $6, 'done', e.attention, $2, $5 FROM earlier e`,

    /**
     * A replacement refused before any request (invalid, or content rejected
     * before): it goes, the earlier message is no longer replaced, and the
     * audit records the refusal ($5, the error's name and message; $7, the
     * action).
     */
    dropReplacement: `
      WITH gone AS (
        DELETE FROM ${s}.messages WHERE message_id = $1 AND stage = 'sending' AND sent_at IS NULL AND lease_owner = $6 RETURNING replaces
      ), undone AS (
        UPDATE ${s}.messages SET replaced_by = NULL
        WHERE message_id = (SELECT replaces FROM gone) AND replaced_by = $1
        RETURNING message_id, attention
      )
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, related, note, detail)
      SELECT $2, u.message_id, $3, $7, 'refused', u.attention, $1, $4, $5 FROM undone u`,

    /** One audit entry, written as it is (conflicts and refusals found outside the statements above). */
    insertAudit: `
      INSERT INTO ${s}.audit (at, message_id, actor, action, outcome, reason, assignee, related, note, detail)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid, $9, $10)`,

    /** Audit entries in the order they were written, filtered by message and time, after a cursor (an id). */
    auditOldestFirst: `
      SELECT * FROM ${s}.audit
      WHERE ($1::uuid IS NULL OR message_id = $1) AND ($2::timestamptz IS NULL OR at >= $2) AND ($3::bigint IS NULL OR id > $3)
      ORDER BY id LIMIT $4`,

    /** The same, newest first. */
    auditNewestFirst: `
      SELECT * FROM ${s}.audit
      WHERE ($1::uuid IS NULL OR message_id = $1) AND ($2::timestamptz IS NULL OR at >= $2) AND ($3::bigint IS NULL OR id < $3)
      ORDER BY id DESC LIMIT $4`,

    /** The last action of these kinds ($2) on a message that took effect (who won a conflict). */
    lastDone: `SELECT * FROM ${s}.audit WHERE message_id = $1 AND outcome = 'done' AND action = ANY($2::text[]) ORDER BY id DESC LIMIT 1`,
  } as const;
}
