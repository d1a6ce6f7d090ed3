// Every SQLite statement of the tracker's store, by concern: the SQL lives
// here and nowhere else, as sql.ts beside it is PostgreSQL's. SQLite has no
// writable CTEs, so what PostgreSQL does in one statement the store does in
// one transaction of these (store.ts). Named parameters (`:name`); times are
// whole milliseconds; a ledger one process owns, so a lease is free when it
// is absent or ended.

const ACTIVE = `('sending', 'queued', 'following')`;
const LEASE_FREE = `(lease_until IS NULL OR lease_until < :now)`;
/**
 * A claimed row as an UPDATE's RETURNING gives it (the row as written), with
 * its content's key: one statement per claimed row, not a claim and a read.
 */
const KEYED_ROW = `*, (SELECT k.key FROM message_keys k WHERE k.message_id = messages.message_id) AS payload_key`;

/** Messages and their leases. */
export const MESSAGES = {
  insert: `
    INSERT INTO messages (message_id, route, stage, status, sub_status, status_updated, topic, recipient,
      created_at, sent_at, expiry_at, follow_until, due_at, polls, poll_times, send_attempts, failed_since,
      attention, attention_at, attention_detail, attention_raised, last_error, payload, metadata, changed_at,
      lease_owner, lease_until, sealed, content_id, replaces, version_number)
    VALUES (:message_id, :route, :stage, :status, :sub_status, :status_updated, :topic, :recipient,
      :created_at, :sent_at, :expiry_at, :follow_until, :due_at, :polls, :poll_times, :send_attempts, :failed_since,
      :attention, :attention_at, :attention_detail, :attention_raised, :last_error, NULL, :metadata, :created_at,
      :lease_owner, :lease_until, :sealed, :content_id, :replaces, :version_number)
    ON CONFLICT (message_id) DO NOTHING`,
  insertKey: `INSERT INTO message_keys (message_id, key) VALUES (:message_id, :key)`,
  renewLease: `UPDATE messages SET lease_until = :until WHERE message_id = :id AND lease_owner = :owner`,
  /**
   * The row of a transition, only by the lease holder when one is named (see the PostgreSQL store's
   * saveTransition for the attention rule, D-TRACKER-30). A reason is raised when the transition's list
   * of raised reasons is longer than the row's; SET reads the row as it was, so one statement both
   * decides and writes, and RETURNING hands back the route its events need.
   */
  save: `
    UPDATE messages SET stage = :stage, status = :status, sub_status = :sub_status, status_updated = :status_updated,
      sent_at = :sent_at, follow_until = :follow_until, due_at = :due_at, polls = :polls, poll_times = :poll_times,
      send_attempts = :send_attempts, failed_since = :failed_since,
      attention = CASE WHEN :raised_count > json_array_length(attention_raised) THEN :attention WHEN attention = :resolved THEN NULL ELSE attention END,
      attention_at = CASE WHEN :raised_count > json_array_length(attention_raised) THEN :attention_at WHEN attention = :resolved THEN NULL ELSE attention_at END,
      attention_detail = CASE WHEN :raised_count > json_array_length(attention_raised) THEN :attention_detail WHEN attention = :resolved THEN NULL ELSE attention_detail END,
      attention_raised = :attention_raised, last_error = :last_error,
      payload = CASE WHEN :erase THEN NULL ELSE payload END, sealed = CASE WHEN :erase THEN NULL ELSE sealed END,
      content_id = CASE WHEN :erase THEN NULL ELSE content_id END, changed_at = :changed_at, lease_owner = NULL, lease_until = NULL, unclear_at = :unclear_at
    WHERE message_id = :id AND (:owner IS NULL OR lease_owner = :owner)
    RETURNING route`,
  history: `INSERT INTO history (message_id, at, status, sub_status, status_updated, source)
    VALUES (:id, :at, :status, :sub_status, :status_updated, :source)`,
  event: `INSERT INTO events (message_id, route, kind, at, data, next_attempt_at) VALUES (:id, :route, :kind, :at, :data, :at)`,
  shredKey: `DELETE FROM message_keys WHERE message_id = :id`,
  deleteUnsent: `DELETE FROM messages WHERE message_id = :id AND stage = 'sending' AND sent_at IS NULL AND lease_owner = :owner`,
  dueIds: `
    SELECT message_id, stage FROM messages
    WHERE stage IN ${ACTIVE} AND due_at <= :now AND ${LEASE_FREE}
    ORDER BY due_at LIMIT :limit`,
  /** Leases a due row and hands it back as claimed, with its content's key to open the sealed content with. */
  claim: `
    UPDATE messages SET lease_owner = :owner, lease_until = :until,
      stage = CASE WHEN stage = 'queued' THEN 'sending' ELSE stage END
    WHERE message_id = :id
    RETURNING ${KEYED_ROW}`,
  /** Leases one row whatever its due time, when free; the row as claimed, keyed (no row: unknown or leased). */
  claimOne: `UPDATE messages SET lease_owner = :owner, lease_until = :until WHERE message_id = :id AND ${LEASE_FREE} RETURNING ${KEYED_ROW}`,
  release: `UPDATE messages SET lease_owner = NULL, lease_until = NULL WHERE message_id = :id AND lease_owner = :owner`,
  releaseOwn: `UPDATE messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = :owner`,
  releaseEvery: `UPDATE messages SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
  nextDue: `SELECT min(due_at) AS due FROM messages WHERE stage IN ${ACTIVE}`,
  get: `SELECT * FROM messages WHERE message_id = :id`,
  getHistory: `SELECT at, status, sub_status, status_updated, source FROM history WHERE message_id = :id ORDER BY id`,
  list: `
    SELECT * FROM messages
    WHERE (:status IS NULL OR status = :status) AND (:route IS NULL OR route = :route) AND (:stage IS NULL OR stage = :stage)
      AND (:attention IS NULL OR (attention IS NOT NULL) = :attention)
      AND (:after_at IS NULL OR (created_at, message_id) < (:after_at, :after_id))
    ORDER BY created_at DESC, message_id DESC
    LIMIT :limit`,
  counts: `SELECT route, stage, coalesce(status, '') AS status, count(*) AS n FROM messages GROUP BY route, stage, status`,
  totals: `
    SELECT (SELECT count(*) FROM messages WHERE attention IS NOT NULL) AS attention,
      (SELECT count(*) FROM messages WHERE stage IN ${ACTIVE} AND due_at < :before) AS overdue,
      (SELECT count(*) FROM events WHERE handled_at IS NULL) AS unhandled_events`,
  oldestUnresolved: `SELECT message_id, created_at, stage FROM messages WHERE stage IN ${ACTIVE} ORDER BY created_at, message_id LIMIT 1`,
  healthTotals: `
    SELECT (SELECT count(*) FROM messages WHERE attention IS NOT NULL) AS attention,
      (SELECT count(*) FROM messages WHERE stage IN ${ACTIVE} AND due_at < :before) AS overdue,
      (SELECT count(*) FROM events WHERE handled_at IS NULL) AS unhandled_events,
      (SELECT min(at) FROM events WHERE handled_at IS NULL) AS oldest_unhandled_at,
      (SELECT next_slot FROM budget WHERE name = 'status-requests') AS last_slot,
      (SELECT coalesce(json_group_array(json_object('name', name, 'attempts', attempts, 'lastError', last_error)), '[]')
        FROM (SELECT name, attempts, last_error FROM notifiers WHERE attempts >= :failures ORDER BY name)) AS failing_notifiers`,
  /** Settled messages retention may delete (a final stage, no open attention, every event handled, not leased). */
  doomed: `
    SELECT m.message_id FROM messages m
    WHERE m.stage IN ('settled', 'failed') AND m.attention IS NULL AND m.changed_at < :before
      AND (m.lease_until IS NULL OR m.lease_until < :now)
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.message_id = m.message_id AND e.handled_at IS NULL)
    ORDER BY m.changed_at LIMIT :limit`,
  /** Keeps when retention removed a message the audit names (the audit stays; its link says when the message went). */
  keepRemoval: `
    INSERT INTO removed (message_id, removed_at) SELECT :id, :now WHERE EXISTS (SELECT 1 FROM audit WHERE message_id = :id)
    ON CONFLICT (message_id) DO UPDATE SET removed_at = excluded.removed_at`,
  removedAt: `SELECT removed_at FROM removed WHERE message_id = :id`,
  purgeHistory: `DELETE FROM history WHERE message_id = :id`,
  purgeEvents: `DELETE FROM events WHERE message_id = :id`,
  purgeMessage: `DELETE FROM messages WHERE message_id = :id`,
} as const;

/** A large sealed content's pieces (sealed-pieces.ts). */
export const PIECES = {
  insert: `INSERT INTO sealed_pieces (content_id, seq, bytes) VALUES (:content_id, :seq, :bytes)`,
  /** One piece, so that opening 67 MB never holds the event loop for long. */
  readOne: `SELECT bytes FROM sealed_pieces WHERE content_id = :content_id AND seq = :seq`,
  /** Contents no row names any more: erased, deleted, or written by a process that died before its row. */
  orphans: `SELECT DISTINCT content_id FROM sealed_pieces p WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.content_id = p.content_id)`,
  /** One piece of a content at a time, so that dropping 67 MB never holds the event loop for long. */
  dropOne: `DELETE FROM sealed_pieces WHERE content_id = :content_id AND seq = (SELECT min(seq) FROM sealed_pieces WHERE content_id = :content_id)`,
} as const;

/** People's actions on messages, and the audit that records them. */
export const PEOPLE = {
  found: `SELECT message_id, attention, assignee, replaced_by FROM messages WHERE message_id = :id`,
  acknowledge: `
    UPDATE messages SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = :now
    WHERE message_id = :id AND attention IS NOT NULL AND (:reason IS NULL OR attention = :reason)`,
  assign: `
    UPDATE messages SET assignee = :assignee, changed_at = :now
    WHERE message_id = :id AND (NOT :conditional OR assignee IS :expected)`,
  markReplaced: `UPDATE messages SET replaced_by = :replacement WHERE message_id = :id AND replaced_by IS NULL`,
  earlier: `SELECT message_id, attention FROM messages WHERE message_id = :id AND replaced_by = :replacement`,
  clearAttention: `UPDATE messages SET attention = NULL, attention_at = NULL, attention_detail = NULL, changed_at = :now WHERE message_id = :id`,
  dropReplacement: `
    DELETE FROM messages WHERE message_id = :id AND stage = 'sending' AND sent_at IS NULL AND lease_owner = :owner
    RETURNING replaces`,
  undoReplaced: `UPDATE messages SET replaced_by = NULL WHERE message_id = :id AND replaced_by = :replacement RETURNING message_id, attention`,
  // Audit entries are written chained, by ./audit-chain.ts.
  auditOldestFirst: `
    SELECT * FROM audit WHERE (:id IS NULL OR message_id = :id) AND (:since IS NULL OR at >= :since) AND (:after IS NULL OR id > :after)
    ORDER BY id LIMIT :limit`,
  auditNewestFirst: `
    SELECT * FROM audit WHERE (:id IS NULL OR message_id = :id) AND (:since IS NULL OR at >= :since) AND (:after IS NULL OR id < :after)
    ORDER BY id DESC LIMIT :limit`,
  lastDone: `
    SELECT * FROM audit WHERE message_id = :id AND outcome = 'done' AND action IN (SELECT value FROM json_each(:actions))
    ORDER BY id DESC LIMIT 1`,
} as const;

/** The events of messages, delivered in order to the app's handler. */
export const EVENTS = {
  /** Only the oldest unhandled event of each message, so a message's events are handled in order. */
  due: `
    SELECT x.id FROM events x
    WHERE x.handled_at IS NULL AND x.next_attempt_at <= :now AND (x.lease_until IS NULL OR x.lease_until < :now)
      AND NOT EXISTS (SELECT 1 FROM events p WHERE p.message_id = x.message_id AND p.handled_at IS NULL AND p.id < x.id)
    ORDER BY x.id LIMIT :limit`,
  claim: `
    UPDATE events SET lease_owner = :owner, lease_until = :until, attempts = attempts + 1 WHERE id = :id
    RETURNING id, message_id, route, kind, at, data, attempts`,
  handled: `UPDATE events SET handled_at = :now, lease_owner = NULL, lease_until = NULL, last_error = NULL WHERE id = :id AND lease_owner = :owner`,
  failed: `UPDATE events SET next_attempt_at = :retry, last_error = :error, lease_owner = NULL, lease_until = NULL WHERE id = :id AND lease_owner = :owner`,
  releaseOwn: `UPDATE events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = :owner AND handled_at IS NULL`,
  releaseEvery: `UPDATE events SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL AND handled_at IS NULL`,
  nextDue: `SELECT min(next_attempt_at) AS due FROM events WHERE handled_at IS NULL`,
} as const;

/** The request budget every status request is paced by. */
export const BUDGET = {
  reserve: `
    INSERT INTO budget (name, next_slot) VALUES (:name, :now + :count * :spacing)
    ON CONFLICT (name) DO UPDATE SET next_slot = max(next_slot, :now) + :count * :spacing
    RETURNING next_slot`,
} as const;

/** The notifiers' places in the attention events. */
export const NOTIFIERS = {
  init: `
    INSERT INTO notifiers (name, last_event_id, next_attempt_at)
    VALUES (:name, coalesce((SELECT max(id) FROM events), 0), :now)
    ON CONFLICT (name) DO NOTHING`,
  places: `
    SELECT name, last_event_id, next_attempt_at,
      (SELECT coalesce(max(id), 0) FROM events WHERE kind = 'attention') AS last_attention
    FROM notifiers WHERE name IN (SELECT value FROM json_each(:names))`,
  claim: `
    UPDATE notifiers SET lease_owner = :owner, lease_until = :until
    WHERE name = :name AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until < :now)
    RETURNING last_event_id, attempts`,
  attentionAfter: `
    SELECT e.id, e.message_id, e.route, e.at, json_extract(e.data, '$.reason') AS reason,
      m.topic, m.recipient, m.sent_at, m.expiry_at
    FROM events e LEFT JOIN messages m ON m.message_id = e.message_id
    WHERE e.kind = 'attention' AND e.id > :after
    ORDER BY e.id LIMIT :limit`,
  attentionCounts: `
    SELECT json_extract(data, '$.reason') AS reason, count(*) AS n, min(at) AS first_at, max(at) AS last_at
    FROM events WHERE kind = 'attention' AND id > :after AND id <= :up_to
    GROUP BY 1`,
  waiting: `SELECT attention AS reason, count(*) AS n FROM messages WHERE attention IS NOT NULL AND replaced_by IS NULL GROUP BY attention`,
  delivered: `
    UPDATE notifiers SET last_event_id = :event_id, attempts = 0, last_error = NULL, last_sent_at = :now, next_attempt_at = :next_at
    WHERE name = :name AND lease_owner = :owner`,
  failed: `
    UPDATE notifiers SET attempts = attempts + 1, last_error = :error, next_attempt_at = :retry, lease_owner = NULL, lease_until = NULL
    WHERE name = :name AND lease_owner = :owner`,
  release: `UPDATE notifiers SET lease_owner = NULL, lease_until = NULL WHERE name = :name AND lease_owner = :owner`,
} as const;
