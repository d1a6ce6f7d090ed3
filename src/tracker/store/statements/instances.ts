// The instances' heartbeats (decision D-TRACKER-20).
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).
import { FORGET_AFTER_MS } from '../../model/liveness.js';

/** The instances' heartbeats (decision D-TRACKER-20). `s` is the quoted schema. Internal. */
export function instanceStatements(s: string) {
  return {
    /** An instance's heartbeat, by the database's clock (decision D-TRACKER-20); rows of instances long gone are dropped with it. */
    heartbeat: `
      WITH forgotten AS (
        DELETE FROM ${s}.instances WHERE seen_at < clock_timestamp() - ${FORGET_AFTER_MS} * interval '1 millisecond' AND instance_id <> :instance_id
      )
      INSERT INTO ${s}.instances (instance_id, seen_at, started_at) VALUES (:instance_id, clock_timestamp(), clock_timestamp())
      ON CONFLICT (instance_id) DO UPDATE SET seen_at = clock_timestamp()`,

    /** An instance that stops cleanly leaves: its leases are already released. */
    leave: `DELETE FROM ${s}.instances WHERE instance_id = :instance_id`,
  } as const;
}
