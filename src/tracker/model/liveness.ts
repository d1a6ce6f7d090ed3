// How instances sharing a PostgreSQL ledger prove they are alive (decision
// D-TRACKER-20): each writes its row of `instances` every HEARTBEAT_MS with
// the database's clock, and an instance whose row is older than
// DEAD_AFTER_MS is dead, its leases free at once whatever their end. One
// place for both numbers, read by the SQL and by the heartbeat loop.

/** How often a live instance writes its heartbeat, in milliseconds. */
export const HEARTBEAT_MS = 2_000;

/**
 * How old a heartbeat may be before its instance counts as dead, in
 * milliseconds: five missed beats, so a busy moment is not taken for a death,
 * and a dead instance's work is taken over within about ten seconds.
 */
export const DEAD_AFTER_MS = 10_000;

/** How long the row of an instance that stopped without saying so is kept, in milliseconds. */
export const FORGET_AFTER_MS = 86_400_000;
