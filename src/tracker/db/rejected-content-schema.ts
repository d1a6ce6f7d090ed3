/**
 * The PostgreSQL migration of the rejected-content verdicts: one row per
 * content hash the service rejected, with why and when (D-TRACKER-36). The
 * hash of the bytes only (or of the bytes with their declared type, for a
 * format rejection): never the content, a file name, a messageId or anything
 * of the patient. Kept apart from the messages so that retention and erasure
 * of a message never take a verdict with them.
 */
export const REJECTED_CONTENT_MIGRATION = `
  CREATE TABLE $schema.rejected_content (
    sha256 text PRIMARY KEY,
    rejection text NOT NULL,
    rejected_at timestamptz NOT NULL
  );
`;
