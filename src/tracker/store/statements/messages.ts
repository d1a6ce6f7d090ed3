// A message's row and its leases: written, saved with its history and events, claimed, released, read.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).
import { ACTIVE, leaseFreeIn } from './shared.js';

/** A message's row and its leases: written, saved with its history and events, claimed, released, read. `s` is the quoted schema. Internal. */
export function messageStatements(s: string) {
  const leaseFree = leaseFreeIn(s);
  /** In saveTransition: the step raised a reason the row had not raised yet. */
  const raised = `jsonb_array_length($16::jsonb) > jsonb_array_length(attention_raised)`;
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
        WHERE stage IN ${ACTIVE} AND due_at <= $3 AND ${leaseFree('messages', '$1', '$3')}
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

    nextDue: `SELECT min(due_at) AS due FROM ${s}.messages WHERE stage IN ${ACTIVE}`,

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
  } as const;
}
