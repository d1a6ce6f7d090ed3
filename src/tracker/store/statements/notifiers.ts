// The notifiers' places in the attention events, and the reads they deliver from.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** The notifiers' places in the attention events, and the reads they deliver from. `s` is the quoted schema. Internal. */
export function notifierStatements(s: string) {
  return {
    /** A notifier's place, made at its first start: from the events recorded by then on. */
    notifierInit: `
      INSERT INTO ${s}.notifiers (name, last_event_id, next_attempt_at)
      SELECT :name, coalesce((SELECT max(id) FROM ${s}.events), 0), :now
      ON CONFLICT (name) DO NOTHING`,

    /** The notifiers' places, and the last attention event, to see which have work (read only). */
    notifierPlaces: `
      SELECT name, last_event_id::text AS last_event_id, next_attempt_at,
        (SELECT coalesce(max(id), 0)::text FROM ${s}.events WHERE kind = 'attention') AS last_attention
      FROM ${s}.notifiers WHERE name = ANY(:names::text[])`,

    /** Claims a notifier that is due and free, for one instance. */
    notifierClaim: `
      UPDATE ${s}.notifiers SET lease_owner = :owner, lease_until = :until
      WHERE name = :name AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until < :now)
      RETURNING last_event_id::text AS last_event_id, attempts`,

    /** Attention events after a notifier's place, oldest first, with what a notice says of their message. */
    attentionAfter: `
      SELECT e.id::text AS id, e.message_id, e.route, e.at, e.data->>'reason' AS reason,
        m.topic, m.recipient, m.sent_at, m.expiry_at
      FROM ${s}.events e LEFT JOIN ${s}.messages m ON m.message_id = e.message_id
      WHERE e.kind = 'attention' AND e.id > :after::bigint
      ORDER BY e.id LIMIT :limit`,

    /** Attention raised after a place up to and including another, by reason. */
    attentionCounts: `
      SELECT data->>'reason' AS reason, count(*)::int AS n, min(at) AS first_at, max(at) AS last_at
      FROM ${s}.events WHERE kind = 'attention' AND id > :after::bigint AND id <= :up_to::bigint
      GROUP BY 1`,

    /** Messages waiting for a person, by reason. */
    waitingByReason: `
      SELECT attention AS reason, count(*)::int AS n FROM ${s}.messages
      WHERE attention IS NOT NULL AND replaced_by IS NULL GROUP BY attention`,

    /** A notifier delivered up to an event: its new place, and when it may deliver next. */
    notifierDelivered: `
      UPDATE ${s}.notifiers SET last_event_id = :event_id::bigint, attempts = 0, last_error = NULL, last_sent_at = :now, next_attempt_at = :next_at
      WHERE name = :name AND lease_owner = :owner`,

    /** A notifier's delivery failed: the same place, tried again at `:retry`. */
    notifierFailed: `
      UPDATE ${s}.notifiers SET attempts = attempts + 1, last_error = :error, next_attempt_at = :retry, lease_owner = NULL, lease_until = NULL
      WHERE name = :name AND lease_owner = :owner`,

    notifierRelease: `UPDATE ${s}.notifiers SET lease_owner = NULL, lease_until = NULL WHERE name = :name AND lease_owner = :owner`,
  } as const;
}
