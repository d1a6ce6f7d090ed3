// Every SQL statement of the tracker, in one table, for one schema. Nothing
// else writes SQL, so the queries are read, reviewed and tuned in one place.
import { quoteIdentifier } from '../db/quote-identifier.js';
import { DEAD_AFTER_MS, FORGET_AFTER_MS } from '../model/liveness.js';

/**
 * Every statement the tracker runs, for one schema: the SQL lives here and
 * nowhere else. One dialect (PostgreSQL) for both engines. Parameters are
 * `$n`; JSON goes in as text cast to `jsonb`, ids come out as text.
 */
export function statements(schema: string) {
  const s = quoteIdentifier(schema);
  const active = `('sending', 'queued', 'following')`;
  /** In saveTransition: the step raised a reason the row had not raised yet. */
  const raised = `jsonb_array_length($16::jsonb) > jsonb_array_length(attention_raised)`;
  /**
   * Whether a row's lease is free for `claimer` at `now`: none, ended, or held
   * by another instance that is dead (its heartbeat older than DEAD_AFTER_MS
   * by the database's clock; decision D-TRACKER-20). An owner without a
   * heartbeat row (the embedded engine) is judged by the lease's end alone.
   */
  const leaseFree = (row: string, claimer: string, now: string): string => `(${row}.lease_until IS NULL OR ${row}.lease_until < ${now}
          OR (${row}.lease_owner <> ${claimer} AND EXISTS (SELECT 1 FROM ${s}.instances i WHERE i.instance_id = ${row}.lease_owner
            AND i.seen_at < clock_timestamp() - ${DEAD_AFTER_MS} * interval '1 millisecond')))`;
  return {
    /**
     * A new message, with its content's key in `message_keys` ($28, when it
     * has content) in the same statement: never a sealed content without its
     * key, nor a key without its row.
     */
    insertMessage: `
      WITH inserted AS (
        INSERT INTO ${s}.messages (message_id, route, stage, status, sub_status, status_updated, topic, recipient,
          created_at, sent_at, expiry_at, follow_until, due_at, polls, poll_times, send_attempts, failed_since,
          attention, attention_at, attention_detail, attention_raised, last_error, payload, metadata, changed_at,
          lease_owner, lease_until, sealed, replaces, version_number)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18, $19, $20,
          $21::jsonb, $22, $23::jsonb, $24::jsonb, $9, $25,
          -- The lease runs from when the row is written, not from before a slow insert (decision D-TRACKER-19).
          greatest($26::timestamptz, clock_timestamp() + $29::float8 * interval '1 millisecond'),
          $27, $30::uuid, $31::integer)
        ON CONFLICT (message_id) DO NOTHING
        RETURNING message_id, lease_until
      ), keyed AS (
        INSERT INTO ${s}.message_keys (message_id, key) SELECT message_id, $28 FROM inserted WHERE $28::bytea IS NOT NULL
      )
      SELECT message_id, lease_until FROM inserted`,

    /** Extends the lease of a row its owner still holds; no row when another instance took it. */
    renewLease: `
      UPDATE ${s}.messages SET lease_until = $3 WHERE message_id = $1 AND lease_owner = $2
      RETURNING lease_until`,

    /**
     * Writes a transition in one statement, so one round trip: the row (only
     * by the lease holder when one is named; the lease is cleared), its
     * history rows ($21) and its events ($22), in order. Nothing is written
     * when the lease was lost. When $18 says the content is erased, its
     * sealed copy and its key go with it (`shredded` counts the keys). The
     * attention columns are written only when the step raised a new reason:
     * a person may have acknowledged the message while the step ran, and a
     * step never clears a person's attention (decision D-TRACKER-30). The one
     * exception is a reason that clears itself once answered ($24: the
     * message found after `delivery-unknown`, delivered after
     * `nearing-expiry`), cleared only while the row still holds it.
     */
    saveTransition: `
      WITH updated AS (
        UPDATE ${s}.messages SET stage = $2, status = $3, sub_status = $4, status_updated = $5, sent_at = $6,
          follow_until = $7, due_at = $8, polls = $9, poll_times = $10::jsonb, send_attempts = $11, failed_since = $12,
          attention = CASE WHEN ${raised} THEN $13 WHEN attention = $24::text THEN NULL ELSE attention END,
          attention_at = CASE WHEN ${raised} THEN $14 WHEN attention = $24::text THEN NULL ELSE attention_at END,
          attention_detail = CASE WHEN ${raised} THEN $15 WHEN attention = $24::text THEN NULL ELSE attention_detail END,
          attention_raised = $16::jsonb, last_error = $17,
          payload = CASE WHEN $18::boolean THEN NULL ELSE payload END, sealed = CASE WHEN $18::boolean THEN NULL ELSE sealed END,
          changed_at = $19, lease_owner = NULL, lease_until = NULL, unclear_at = $23
        WHERE message_id = $1 AND ($20::text IS NULL OR lease_owner = $20)
        RETURNING message_id, route
      ), history AS (
        INSERT INTO ${s}.history (message_id, at, status, sub_status, status_updated, source)
        SELECT u.message_id, $19, h.item->>'status', h.item->>'sub_status', h.item->>'status_updated', h.item->>'source'
        FROM updated u, jsonb_array_elements($21::jsonb) WITH ORDINALITY AS h(item, n)
        ORDER BY h.n
        RETURNING 1
      ), events AS (
        INSERT INTO ${s}.events (message_id, route, kind, at, data, next_attempt_at)
        SELECT u.message_id, u.route, e.item->>'kind', $19, e.item->'data', $19
        FROM updated u, jsonb_array_elements($22::jsonb) WITH ORDINALITY AS e(item, n)
        ORDER BY e.n
        RETURNING 1
      ), shredded AS (
        DELETE FROM ${s}.message_keys k USING updated u WHERE k.message_id = u.message_id AND $18::boolean
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM updated)::int AS saved,
        (SELECT count(*) FROM history)::int AS histories, (SELECT count(*) FROM events)::int AS events,
        (SELECT count(*) FROM shredded)::int AS shredded`,

    /** Only by the instance that holds it; its key goes with it (ON DELETE CASCADE). */
    deleteUnsent: `DELETE FROM ${s}.messages WHERE message_id = $1 AND stage = 'sending' AND sent_at IS NULL AND lease_owner = $2 RETURNING message_id`,

    /**
     * Claims due work for one instance: rows locked by another claim are
     * skipped, rows leased to a live instance are left alone. A queued resend
     * becomes `sending` as it is claimed, so whoever takes over after a crash
     * asks the status endpoint before sending again.
     */
    claimDue: `
      UPDATE ${s}.messages m SET lease_owner = $1, lease_until = $2,
        stage = CASE WHEN m.stage = 'queued' THEN 'sending' ELSE m.stage END
      FROM (
        SELECT message_id, stage FROM ${s}.messages
        WHERE stage IN ${active} AND due_at <= $3 AND ${leaseFree('messages', '$1', '$3')}
        ORDER BY due_at LIMIT $4
        FOR UPDATE SKIP LOCKED
      ) d
      WHERE m.message_id = d.message_id
      RETURNING m.*, d.stage AS claimed_stage, (SELECT k.key FROM ${s}.message_keys k WHERE k.message_id = m.message_id) AS payload_key`,

    claimOne: `
      UPDATE ${s}.messages SET lease_owner = $2, lease_until = $3
      WHERE message_id = $1 AND ${leaseFree('messages', '$2', '$4')}
      RETURNING *, (SELECT k.key FROM ${s}.message_keys k WHERE k.message_id = $1) AS payload_key`,

    releaseLease: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE message_id = $1 AND lease_owner = $2`,

    /** A restarted instance holds nothing: whatever its name still leases is free again. */
    releaseOwnMessages: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`,
    releaseOwnEvents: `UPDATE ${s}.events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1 AND handled_at IS NULL`,

    /** On a database only this process uses, every lease left in it is a dead process's. */
    releaseEveryMessage: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
    releaseEveryEvent: `UPDATE ${s}.events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL AND handled_at IS NULL`,

    nextDue: `SELECT min(due_at) AS due FROM ${s}.messages WHERE stage IN ${active}`,

    getMessage: `SELECT * FROM ${s}.messages WHERE message_id = $1`,

    getHistory: `
      SELECT at, status, sub_status, status_updated, source FROM ${s}.history
      WHERE message_id = $1 ORDER BY id`,

    list: `
      SELECT * FROM ${s}.messages
      WHERE ($1::text IS NULL OR status = $1)
        AND ($2::text IS NULL OR route = $2)
        AND ($3::text IS NULL OR stage = $3)
        AND ($4::boolean IS NULL OR (attention IS NOT NULL) = $4)
        AND ($5::timestamptz IS NULL OR (created_at, message_id) < ($5, $6::uuid))
      ORDER BY created_at DESC, message_id DESC
      LIMIT $7`,

    countsByRoute: `
      SELECT route, stage, coalesce(status, '') AS status, count(*)::int AS n
      FROM ${s}.messages GROUP BY route, stage, status`,

    totals: `
      SELECT count(*) FILTER (WHERE attention IS NOT NULL)::int AS attention,
        count(*) FILTER (WHERE stage IN ${active} AND due_at < $1)::int AS overdue,
        (SELECT count(*)::int FROM ${s}.events WHERE handled_at IS NULL) AS unhandled_events
      FROM ${s}.messages`,

    oldestUnresolved: `
      SELECT message_id, created_at, stage FROM ${s}.messages
      WHERE stage IN ${active} ORDER BY created_at, message_id LIMIT 1`,

    /** The health check's facts from the ledger, in one round trip (each count on a partial index). */
    healthTotals: `
      SELECT (SELECT count(*)::int FROM ${s}.messages WHERE attention IS NOT NULL) AS attention,
        (SELECT count(*)::int FROM ${s}.messages WHERE stage IN ${active} AND due_at < $1) AS overdue,
        (SELECT count(*)::int FROM ${s}.events WHERE handled_at IS NULL) AS unhandled_events,
        (SELECT min(at) FROM ${s}.events WHERE handled_at IS NULL) AS oldest_unhandled_at,
        (SELECT next_slot FROM ${s}.budget WHERE name = 'status-requests') AS last_slot,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('name', name, 'attempts', attempts, 'lastError', last_error) ORDER BY name), '[]'::jsonb)::text
          FROM ${s}.notifiers WHERE attempts >= $2) AS failing_notifiers`,

    /**
     * Deletes up to `$3` settled messages (a final stage, no open attention,
     * every event handled, not leased) last changed before `$1`, with their
     * history and events, keeping when ($2) each one the audit names went;
     * each table is named, so a table added later that
     * refers to messages must be added here too. Rows another instance is
     * deleting are skipped.
     */
    purgeSettled: `
      WITH doomed AS (
        SELECT m.message_id FROM ${s}.messages m
        WHERE m.stage IN ('settled', 'failed') AND m.attention IS NULL AND m.changed_at < $1
          AND (m.lease_until IS NULL OR m.lease_until < $2)
          AND NOT EXISTS (SELECT 1 FROM ${s}.events e WHERE e.message_id = m.message_id AND e.handled_at IS NULL)
        ORDER BY m.changed_at LIMIT $3
        FOR UPDATE SKIP LOCKED
      ), removed AS (
        INSERT INTO ${s}.removed (message_id, removed_at)
        SELECT d.message_id, $2 FROM doomed d WHERE EXISTS (SELECT 1 FROM ${s}.audit a WHERE a.message_id = d.message_id)
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
    removedAt: `SELECT removed_at FROM ${s}.removed WHERE message_id = $1`,

    /** Reclaims the space of deleted rows (the embedded engine has no autovacuum); outside a transaction. */
    vacuum: `VACUUM ${s}.messages, ${s}.history, ${s}.events`,

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

    /**
     * Claims events to deliver: only the oldest unhandled event of each
     * message, so a message's events are handled in order even across
     * instances.
     */
    claimEvents: `
      UPDATE ${s}.events e SET lease_owner = $1, lease_until = $2, attempts = e.attempts + 1
      FROM (
        SELECT x.id FROM ${s}.events x
        WHERE x.handled_at IS NULL AND x.next_attempt_at <= $3 AND ${leaseFree('x', '$1', '$3')}
          AND NOT EXISTS (
            SELECT 1 FROM ${s}.events p WHERE p.message_id = x.message_id AND p.handled_at IS NULL AND p.id < x.id)
        ORDER BY x.id LIMIT $4
        FOR UPDATE SKIP LOCKED
      ) c
      WHERE e.id = c.id
      RETURNING e.id::text AS id, e.message_id, e.route, e.kind, e.at, e.data, e.attempts`,

    eventHandled: `
      UPDATE ${s}.events SET handled_at = $2, lease_owner = NULL, lease_until = NULL, last_error = NULL
      WHERE id = $1::bigint AND lease_owner = $3`,

    eventFailed: `
      UPDATE ${s}.events SET next_attempt_at = $2, last_error = $3, lease_owner = NULL, lease_until = NULL
      WHERE id = $1::bigint AND lease_owner = $4`,

    /** An instance's heartbeat, by the database's clock (decision D-TRACKER-20); rows of instances long gone are dropped with it. */
    heartbeat: `
      WITH forgotten AS (
        DELETE FROM ${s}.instances WHERE seen_at < clock_timestamp() - ${FORGET_AFTER_MS} * interval '1 millisecond' AND instance_id <> $1
      )
      INSERT INTO ${s}.instances (instance_id, seen_at, started_at) VALUES ($1, clock_timestamp(), clock_timestamp())
      ON CONFLICT (instance_id) DO UPDATE SET seen_at = clock_timestamp()`,

    /** An instance that stops cleanly leaves: its leases are already released. */
    leave: `DELETE FROM ${s}.instances WHERE instance_id = $1`,

    nextEventDue: `SELECT min(next_attempt_at) AS due FROM ${s}.events WHERE handled_at IS NULL`,

    /** A notifier's place, made at its first start: from the events recorded by then on. */
    notifierInit: `
      INSERT INTO ${s}.notifiers (name, last_event_id, next_attempt_at)
      SELECT $1, coalesce((SELECT max(id) FROM ${s}.events), 0), $2
      ON CONFLICT (name) DO NOTHING`,

    /** The notifiers' places, and the last attention event, to see which have work (read only). */
    notifierPlaces: `
      SELECT name, last_event_id::text AS last_event_id, next_attempt_at,
        (SELECT coalesce(max(id), 0)::text FROM ${s}.events WHERE kind = 'attention') AS last_attention
      FROM ${s}.notifiers WHERE name = ANY($1::text[])`,

    /** Claims a notifier that is due and free, for one instance. */
    notifierClaim: `
      UPDATE ${s}.notifiers SET lease_owner = $2, lease_until = $3
      WHERE name = $1 AND next_attempt_at <= $4 AND (lease_until IS NULL OR lease_until < $4)
      RETURNING last_event_id::text AS last_event_id, attempts`,

    /** Attention events after a notifier's place, oldest first, with what a notice says of their message. */
    attentionAfter: `
      SELECT e.id::text AS id, e.message_id, e.route, e.at, e.data->>'reason' AS reason,
        m.topic, m.recipient, m.sent_at, m.expiry_at
      FROM ${s}.events e LEFT JOIN ${s}.messages m ON m.message_id = e.message_id
      WHERE e.kind = 'attention' AND e.id > $1::bigint
      ORDER BY e.id LIMIT $2`,

    /** Attention raised after a place up to and including another, by reason. */
    attentionCounts: `
      SELECT data->>'reason' AS reason, count(*)::int AS n, min(at) AS first_at, max(at) AS last_at
      FROM ${s}.events WHERE kind = 'attention' AND id > $1::bigint AND id <= $2::bigint
      GROUP BY 1`,

    /** Messages waiting for a person, by reason. */
    waitingByReason: `
      SELECT attention AS reason, count(*)::int AS n FROM ${s}.messages
      WHERE attention IS NOT NULL AND replaced_by IS NULL GROUP BY attention`,

    /** A notifier delivered up to an event: its new place, and when it may deliver next. */
    notifierDelivered: `
      UPDATE ${s}.notifiers SET last_event_id = $2::bigint, attempts = 0, last_error = NULL, last_sent_at = $3, next_attempt_at = $4
      WHERE name = $1 AND lease_owner = $5`,

    /** A notifier's delivery failed: the same place, tried again at $3. */
    notifierFailed: `
      UPDATE ${s}.notifiers SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3, lease_owner = NULL, lease_until = NULL
      WHERE name = $1 AND lease_owner = $4`,

    notifierRelease: `UPDATE ${s}.notifiers SET lease_owner = NULL, lease_until = NULL WHERE name = $1 AND lease_owner = $2`,

    /**
     * Leaves no copy of a destroyed key in the database's files
     * (D-TRACKER-24): the key table rewritten into a new file (the old one
     * truncated at once), the write-ahead log moved to a new segment, and a
     * checkpoint, after which the segments holding the keys are removed
     * (`wal_recycle = off`). In order; each on its own (VACUUM cannot run in
     * a transaction). The last two need privileges on a PostgreSQL server.
     */
    shredKeys: [`VACUUM FULL ${s}.message_keys`, 'SELECT pg_switch_wal()', 'CHECKPOINT'],

    /**
     * Reserves `$3` request slots, `$4` ms apart, from the budget every
     * instance shares; returns the end of the reservation.
     */
    reserveSlots: `
      INSERT INTO ${s}.budget AS b (name, next_slot) VALUES ($1, $2::timestamptz + ($3::float8 * $4::float8) * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE
        SET next_slot = greatest(b.next_slot, $2::timestamptz) + ($3::float8 * $4::float8) * interval '1 millisecond'
      RETURNING next_slot`,
  } as const;
}

/** The statements of one schema. */
export type Statements = ReturnType<typeof statements>;
