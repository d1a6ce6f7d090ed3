import { SQLITE_REJECTED_CONTENT_MIGRATION } from './rejected-content-schema.js';
import { SQLITE_AUDIT_CHAIN_MIGRATION } from './audit-chain-schema.js';

/**
 * The embedded ledger's tables in SQLite, as numbered migrations (the
 * database's `user_version` is the last one applied). The same shape as the
 * PostgreSQL schema (../schema.ts), in SQLite's terms: times are whole
 * milliseconds since the epoch (INTEGER), ids and JSON are TEXT, the sealed
 * content and its key are BLOBs. One ledger per file, so no schema name.
 * Never edit a released migration: add the next one.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE messages (
    message_id TEXT PRIMARY KEY,
    route TEXT NOT NULL,
    stage TEXT NOT NULL,
    status TEXT,
    sub_status TEXT,
    status_updated TEXT,
    topic TEXT,
    recipient TEXT,
    created_at INTEGER NOT NULL,
    sent_at INTEGER,
    expiry_at INTEGER,
    follow_until INTEGER,
    due_at INTEGER,
    polls INTEGER NOT NULL DEFAULT 0,
    poll_times TEXT NOT NULL DEFAULT '[]',
    send_attempts INTEGER NOT NULL DEFAULT 0,
    failed_since INTEGER,
    attention TEXT,
    attention_at INTEGER,
    attention_detail TEXT,
    attention_raised TEXT NOT NULL DEFAULT '[]',
    last_error TEXT,
    lease_owner TEXT,
    lease_until INTEGER,
    payload TEXT,
    metadata TEXT,
    changed_at INTEGER NOT NULL,
    unclear_at INTEGER,
    sealed BLOB,
    assignee TEXT,
    replaces TEXT,
    replaced_by TEXT,
    version_number INTEGER
  );
  CREATE INDEX messages_due ON messages (due_at) WHERE stage IN ('sending', 'queued', 'following');
  CREATE INDEX messages_attention ON messages (attention_at) WHERE attention IS NOT NULL;
  CREATE INDEX messages_created ON messages (created_at DESC, message_id DESC);
  CREATE INDEX messages_replaces ON messages (replaces) WHERE replaces IS NOT NULL;
  CREATE INDEX messages_settled ON messages (changed_at) WHERE stage IN ('settled', 'failed') AND attention IS NULL;

  CREATE TABLE message_keys (
    message_id TEXT PRIMARY KEY REFERENCES messages (message_id) ON DELETE CASCADE,
    key BLOB NOT NULL
  );

  CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES messages (message_id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    status TEXT NOT NULL,
    sub_status TEXT,
    status_updated TEXT,
    source TEXT NOT NULL
  );
  CREATE INDEX history_message ON history (message_id, id);

  -- AUTOINCREMENT: an event id is never given twice, as the notifiers keep their place by it.
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL REFERENCES messages (message_id) ON DELETE CASCADE,
    route TEXT NOT NULL,
    kind TEXT NOT NULL,
    at INTEGER NOT NULL,
    data TEXT NOT NULL,
    handled_at INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until INTEGER,
    last_error TEXT
  );
  CREATE INDEX events_unhandled ON events (message_id, id) WHERE handled_at IS NULL;
  CREATE INDEX events_attention ON events (id) WHERE kind = 'attention';

  CREATE TABLE budget (
    name TEXT PRIMARY KEY,
    next_slot REAL NOT NULL
  );

  CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    message_id TEXT NOT NULL,
    actor TEXT,
    action TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT,
    assignee TEXT,
    related TEXT,
    note TEXT,
    detail TEXT
  );
  CREATE INDEX audit_message ON audit (message_id, id);
  CREATE INDEX audit_at ON audit (at, id);
  -- Append-only, as on PostgreSQL: an UPDATE or DELETE of the audit does nothing.
  CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(IGNORE); END;
  CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(IGNORE); END;

  CREATE TABLE notifiers (
    name TEXT PRIMARY KEY,
    last_event_id INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_sent_at INTEGER,
    last_error TEXT,
    lease_owner TEXT,
    lease_until INTEGER
  );
  `,
  // The service's verdicts on attachment content, kept across restarts (D-TRACKER-36).
  SQLITE_REJECTED_CONTENT_MIGRATION,
  // When retention removed a message the audit names (D-TRACKER-37).
  `
  CREATE TABLE removed (
    message_id TEXT PRIMARY KEY,
    removed_at INTEGER NOT NULL
  );
  `,
  // The audit chained: each entry holds the hash of the one before (D-TRACKER-38).
  SQLITE_AUDIT_CHAIN_MIGRATION,
  // The event dispatcher's two questions answered from the unhandled events alone: without these, "the
  // oldest due event of each message" scanned every event ever recorded, once per claim (D-TRACKER-39).
  `
  CREATE INDEX events_due ON events (id) WHERE handled_at IS NULL;
  CREATE INDEX events_next ON events (next_attempt_at) WHERE handled_at IS NULL;
  `,
  // A large sealed content in pieces of about a megabyte, each written by a small statement of its own, so
  // that writing it never holds the event loop for long; `content_id` names the row's pieces (D-TRACKER-41).
  `
  CREATE TABLE sealed_pieces (
    content_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    PRIMARY KEY (content_id, seq)
  );
  ALTER TABLE messages ADD COLUMN content_id TEXT;
  CREATE INDEX messages_content ON messages (content_id) WHERE content_id IS NOT NULL;
  `,
  // The newest-first index in ascending order, which SQLite reads backwards for the same lists: each new
  // message's key is the largest, so it is appended and the pages stay full. In descending order every key
  // went in at the far left, each split left two half-full pages, and the index took twice the room on disk
  // and in a `memory:` ledger (D-TRACKER-44).
  `
  DROP INDEX messages_created;
  CREATE INDEX messages_created ON messages (created_at, message_id);
  `,
];
