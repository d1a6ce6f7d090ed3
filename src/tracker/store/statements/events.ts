// The events waiting for the handlers: claimed, handled, put back.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).
import { leaseFreeIn } from './shared.js';

/** The events waiting for the handlers: claimed, handled, put back. `s` is the quoted schema. Internal. */
export function eventStatements(s: string) {
  const leaseFree = leaseFreeIn(s);
  return {
    /**
     * Claims events to deliver: only the oldest unhandled event of each
     * message, so a message's events are handled in order even across
     * instances.
     */
    claimEvents: `
      UPDATE ${s}.events e SET lease_owner = :owner, lease_until = :until, attempts = e.attempts + 1
      FROM (
        SELECT x.id FROM ${s}.events x
        WHERE x.handled_at IS NULL AND x.next_attempt_at <= :now AND ${leaseFree('x', ':owner', ':now')}
          AND NOT EXISTS (
            SELECT 1 FROM ${s}.events p WHERE p.message_id = x.message_id AND p.handled_at IS NULL AND p.id < x.id)
        ORDER BY x.id LIMIT :limit
        FOR UPDATE SKIP LOCKED
      ) c
      WHERE e.id = c.id
      RETURNING e.id::text AS id, e.message_id, e.route, e.kind, e.at, e.data, e.attempts`,

    eventHandled: `
      UPDATE ${s}.events SET handled_at = :now, lease_owner = NULL, lease_until = NULL, last_error = NULL
      WHERE id = :id::bigint AND lease_owner = :owner`,

    eventFailed: `
      UPDATE ${s}.events SET next_attempt_at = :retry, last_error = :error, lease_owner = NULL, lease_until = NULL
      WHERE id = :id::bigint AND lease_owner = :owner`,

    nextEventDue: `SELECT min(next_attempt_at) AS due FROM ${s}.events WHERE handled_at IS NULL`,
  } as const;
}
