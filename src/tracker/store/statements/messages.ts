// A message's row and its leases: written, saved with its history and events, claimed, released, read.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).
import { ACTIVE, leaseFreeIn } from './shared.js';

/** A message's row and its leases: written, saved with its history and events, claimed, released, read. `s` is the quoted schema. Internal. */
export function messageStatements(s: string) {
  const leaseFree = leaseFreeIn(s);
  /** In saveTransition: the step raised a reason the row had not raised yet (its list of raised reasons is longer than the row's). */
  const raised = `:raised_count::integer > jsonb_array_length(attention_raised)` as const;
  return {
    /**
     * A new message, with its content's key in `message_keys` (`:key`, when
     * it has content) in the same statement: never a sealed content without its
     * key, nor a key without its row.
     */
    insertMessage: `
      WITH inserted AS (
        INSERT INTO ${s}.messages (message_id, route, stage, status, sub_status, status_updated, topic, recipient,
          created_at, sent_at, expiry_at, follow_until, due_at, polls, poll_times, send_attempts, failed_since,
          attention, attention_at, attention_detail, attention_raised, last_error, payload, metadata, changed_at,
          lease_owner, lease_until, sealed, replaces, version_number)
        VALUES (:message_id, :route, :stage, :status, :sub_status, :status_updated, :topic, :recipient,
          :created_at, :sent_at, :expiry_at, :follow_until, :due_at, :polls, :poll_times::jsonb, :send_attempts, :failed_since,
          :attention, :attention_at, :attention_detail, :attention_raised::jsonb, :last_error, :payload::jsonb, :metadata::jsonb, :created_at,
          :lease_owner,
          -- The lease runs from when the row is written, not from before a slow insert (decision D-TRACKER-19).
          greatest(:lease_until::timestamptz, clock_timestamp() + :lease_ms::float8 * interval '1 millisecond'),
          :sealed, :replaces::uuid, :version_number::integer)
        ON CONFLICT (message_id) DO NOTHING
        RETURNING message_id, lease_until
      ), keyed AS (
        INSERT INTO ${s}.message_keys (message_id, key) SELECT message_id, :key FROM inserted WHERE :key::bytea IS NOT NULL
      )
      SELECT message_id, lease_until FROM inserted`,

    /** Extends the lease of a row its owner still holds; no row when another instance took it. */
    renewLease: `
      UPDATE ${s}.messages SET lease_until = :until WHERE message_id = :id AND lease_owner = :owner
      RETURNING lease_until`,

    /**
     * Writes a transition in one statement, so one round trip: the row (only
     * by the lease holder when one is named; the lease is cleared), its
     * history rows (`:history`) and its events (`:events`), in order.
     * Nothing is written when the lease was lost. When `:erase` says the
     * content is erased, its sealed copy and its key go with it (`shredded`
     * counts the keys). The
     * attention columns are written only when the step raised a new reason:
     * a person may have acknowledged the message while the step ran, and a
     * step never clears a person's attention (decision D-TRACKER-30). The one
     * exception is a reason that clears itself once answered (`:resolved`: the
     * message found after `delivery-unknown`, delivered after
     * `nearing-expiry`), cleared only while the row still holds it.
     */
    saveTransition: `
      WITH updated AS (
        UPDATE ${s}.messages SET stage = :stage, status = :status, sub_status = :sub_status, status_updated = :status_updated,
          sent_at = :sent_at, follow_until = :follow_until, due_at = :due_at, polls = :polls, poll_times = :poll_times::jsonb,
          send_attempts = :send_attempts, failed_since = :failed_since,
          attention = CASE WHEN ${raised} THEN :attention WHEN attention = :resolved::text THEN NULL ELSE attention END,
          attention_at = CASE WHEN ${raised} THEN :attention_at WHEN attention = :resolved::text THEN NULL ELSE attention_at END,
          attention_detail = CASE WHEN ${raised} THEN :attention_detail WHEN attention = :resolved::text THEN NULL ELSE attention_detail END,
          attention_raised = :attention_raised::jsonb, last_error = :last_error,
          payload = CASE WHEN :erase::boolean THEN NULL ELSE payload END, sealed = CASE WHEN :erase::boolean THEN NULL ELSE sealed END,
          changed_at = :changed_at, lease_owner = NULL, lease_until = NULL, unclear_at = :unclear_at
        WHERE message_id = :id AND (:owner::text IS NULL OR lease_owner = :owner)
        RETURNING message_id, route
      ), history AS (
        INSERT INTO ${s}.history (message_id, at, status, sub_status, status_updated, source)
        SELECT u.message_id, :changed_at, h.item->>'status', h.item->>'sub_status', h.item->>'status_updated', h.item->>'source'
        FROM updated u, jsonb_array_elements(:history::jsonb) WITH ORDINALITY AS h(item, n)
        ORDER BY h.n
        RETURNING 1
      ), events AS (
        INSERT INTO ${s}.events (message_id, route, kind, at, data, next_attempt_at)
        SELECT u.message_id, u.route, e.item->>'kind', :changed_at, e.item->'data', :changed_at
        FROM updated u, jsonb_array_elements(:events::jsonb) WITH ORDINALITY AS e(item, n)
        ORDER BY e.n
        RETURNING 1
      ), shredded AS (
        DELETE FROM ${s}.message_keys k USING updated u WHERE k.message_id = u.message_id AND :erase::boolean
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM updated)::int AS saved,
        (SELECT count(*) FROM history)::int AS histories, (SELECT count(*) FROM events)::int AS events,
        (SELECT count(*) FROM shredded)::int AS shredded`,

    /** Only by the instance that holds it; its key goes with it (ON DELETE CASCADE). */
    deleteUnsent: `DELETE FROM ${s}.messages WHERE message_id = :id AND stage = 'sending' AND sent_at IS NULL AND lease_owner = :owner RETURNING message_id`,

    /**
     * Claims due work for one instance: rows locked by another claim are
     * skipped, rows leased to a live instance are left alone. A queued resend
     * becomes `sending` as it is claimed, so whoever takes over after a crash
     * asks the status endpoint before sending again.
     */
    claimDue: `
      UPDATE ${s}.messages m SET lease_owner = :owner, lease_until = :until,
        stage = CASE WHEN m.stage = 'queued' THEN 'sending' ELSE m.stage END
      FROM (
        SELECT message_id, stage FROM ${s}.messages
        WHERE stage IN ${ACTIVE} AND due_at <= :now AND ${leaseFree('messages', ':owner', ':now')}
        ORDER BY due_at LIMIT :limit
        FOR UPDATE SKIP LOCKED
      ) d
      WHERE m.message_id = d.message_id
      RETURNING m.*, d.stage AS claimed_stage, (SELECT k.key FROM ${s}.message_keys k WHERE k.message_id = m.message_id) AS payload_key`,

    claimOne: `
      UPDATE ${s}.messages SET lease_owner = :owner, lease_until = :until
      WHERE message_id = :id AND ${leaseFree('messages', ':owner', ':now')}
      RETURNING *, (SELECT k.key FROM ${s}.message_keys k WHERE k.message_id = :id) AS payload_key`,

    releaseLease: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE message_id = :id AND lease_owner = :owner`,

    /** A restarted instance holds nothing: whatever its name still leases is free again. */
    releaseOwnMessages: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = :owner`,
    releaseOwnEvents: `UPDATE ${s}.events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = :owner AND handled_at IS NULL`,

    /** On a database only this process uses, every lease left in it is a dead process's. */
    releaseEveryMessage: `UPDATE ${s}.messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
    releaseEveryEvent: `UPDATE ${s}.events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL AND handled_at IS NULL`,

    nextDue: `SELECT min(due_at) AS due FROM ${s}.messages WHERE stage IN ${ACTIVE}`,

    getMessage: `SELECT * FROM ${s}.messages WHERE message_id = :id`,

    getHistory: `
      SELECT at, status, sub_status, status_updated, source FROM ${s}.history
      WHERE message_id = :id ORDER BY id`,

    list: `
      SELECT * FROM ${s}.messages
      WHERE (:status::text IS NULL OR status = :status)
        AND (:route::text IS NULL OR route = :route)
        AND (:stage::text IS NULL OR stage = :stage)
        AND (:attention::boolean IS NULL OR (attention IS NOT NULL) = :attention)
        AND (:after_at::timestamptz IS NULL OR (created_at, message_id) < (:after_at, :after_id::uuid))
      ORDER BY created_at DESC, message_id DESC
      LIMIT :limit`,
  } as const;
}
