/**
 * The embedded ledger's migration of the rejected-content verdicts: the same
 * table as on PostgreSQL (../rejected-content-schema.ts), in SQLite's terms
 * (the time in whole milliseconds). Hashes only, never content.
 */
export const SQLITE_REJECTED_CONTENT_MIGRATION = `
  CREATE TABLE rejected_content (
    sha256 TEXT PRIMARY KEY,
    rejection TEXT NOT NULL,
    rejected_at INTEGER NOT NULL
  ) WITHOUT ROWID;
`;
