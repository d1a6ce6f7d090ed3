// Server settings of the embedded engine that erasure relies on (D-TRACKER-24),
// apart from its other settings. On the embedded engine the tracker sets
// them all; a PostgreSQL server's are its operator's (the guide says which).

/**
 * - `wal_recycle=off`: a write-ahead log segment no longer needed is removed,
 *   not renamed for reuse with its old bytes (destroyed keys among them)
 *   still in it until they are written over.
 * - `wal_init_zero=off`: a new segment is created by writing its last byte
 *   (a sparse file), not 16 MB of zeros, so starting one after each clearing
 *   of keys costs next to nothing.
 */
export const ERASURE_SETTINGS: readonly string[] = ['-c', 'wal_recycle=off', '-c', 'wal_init_zero=off'];
