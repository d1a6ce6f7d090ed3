// The counts the stats and the health check read.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).
import { ACTIVE } from './shared.js';

/** The counts the stats and the health check read. `s` is the quoted schema. Internal. */
export function totalStatements(s: string) {
  return {
    countsByRoute: `
      SELECT route, stage, coalesce(status, '') AS status, count(*)::int AS n
      FROM ${s}.messages GROUP BY route, stage, status`,

    totals: `
      SELECT count(*) FILTER (WHERE attention IS NOT NULL)::int AS attention,
        count(*) FILTER (WHERE stage IN ${ACTIVE} AND due_at < :before)::int AS overdue,
        (SELECT count(*)::int FROM ${s}.events WHERE handled_at IS NULL) AS unhandled_events
      FROM ${s}.messages`,

    oldestUnresolved: `
      SELECT message_id, created_at, stage FROM ${s}.messages
      WHERE stage IN ${ACTIVE} ORDER BY created_at, message_id LIMIT 1`,

    /** The health check's facts from the ledger, in one round trip (each count on a partial index). */
    healthTotals: `
      SELECT (SELECT count(*)::int FROM ${s}.messages WHERE attention IS NOT NULL) AS attention,
        (SELECT count(*)::int FROM ${s}.messages WHERE stage IN ${ACTIVE} AND due_at < :before) AS overdue,
        (SELECT count(*)::int FROM ${s}.events WHERE handled_at IS NULL) AS unhandled_events,
        (SELECT min(at) FROM ${s}.events WHERE handled_at IS NULL) AS oldest_unhandled_at,
        (SELECT next_slot FROM ${s}.budget WHERE name = 'status-requests') AS last_slot,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('name', name, 'attempts', attempts, 'lastError', last_error) ORDER BY name), '[]'::jsonb)::text
          FROM ${s}.notifiers WHERE attempts >= :failures) AS failing_notifiers`,
  } as const;
}
