// What several concerns' PostgreSQL statements say the same way: which
// stages are still followed, and when a row's lease is free.
import { DEAD_AFTER_MS } from '../../model/liveness.js';

/** The stages of a message still followed. */
export const ACTIVE = `('sending', 'queued', 'following')`;

/**
 * Whether a row's lease is free for `claimer` at `now`: none, ended, or held
 * by another instance that is dead (its heartbeat older than DEAD_AFTER_MS
 * by the database's clock; decision D-TRACKER-20). An owner without a
 * heartbeat row (the embedded engine) is judged by the lease's end alone.
 * `s` is the quoted schema.
 */
export function leaseFreeIn(s: string) {
  // Generic, so the parameters it is given (`:owner`, `:now`) stay in the statement's literal type, where the compiler reads its names.
  return <R extends string, C extends string, N extends string>(row: R, claimer: C, now: N) =>
    `(${row}.lease_until IS NULL OR ${row}.lease_until < ${now}
          OR (${row}.lease_owner <> ${claimer} AND EXISTS (SELECT 1 FROM ${s}.instances i WHERE i.instance_id = ${row}.lease_owner
            AND i.seen_at < clock_timestamp() - ${DEAD_AFTER_MS} * interval '1 millisecond')))` as const;
}
