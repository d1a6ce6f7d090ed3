// The audit's hash chain on the embedded ledger, as one migration
// (schema.ts lists it): each entry's place, the previous entry's hash and
// its own, written by the store (../../store/sqlite/audit-chain.ts) from the
// chain's head (D-TRACKER-38). SQLite has no TRUNCATE: a DELETE without
// WHERE meets the audit's DELETE trigger like any other. Entries written
// before this migration stay outside the chain.

/** The migration. An entry written without its hash (around the store) is refused. */
export const SQLITE_AUDIT_CHAIN_MIGRATION = `
  ALTER TABLE audit ADD COLUMN seq INTEGER;
  ALTER TABLE audit ADD COLUMN prev_hash TEXT;
  ALTER TABLE audit ADD COLUMN hash TEXT;
  CREATE UNIQUE INDEX audit_seq ON audit (seq);
  CREATE TRIGGER audit_chained BEFORE INSERT ON audit WHEN NEW.seq IS NULL OR NEW.hash IS NULL
  BEGIN SELECT RAISE(ABORT, 'The audit is chained: an entry is written by the tracker, with its hash.'); END;

  CREATE TABLE audit_head (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    seq INTEGER NOT NULL,
    hash TEXT NOT NULL,
    at INTEGER
  );
  INSERT INTO audit_head (one, seq, hash, at) SELECT 1, 0, '${'0'.repeat(64)}', max(at) FROM audit;
  CREATE TRIGGER audit_head_no_delete BEFORE DELETE ON audit_head BEGIN SELECT RAISE(IGNORE); END;
`;
