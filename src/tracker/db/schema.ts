import { REJECTED_CONTENT_MIGRATION } from './rejected-content-schema.js';
import { AUDIT_CHAIN_MIGRATION } from './audit-chain-schema.js';

/**
 * The tracker's tables, as numbered migrations. A database records the last
 * one applied; a start applies the rest in order. Never edit a released
 * migration: add the next one.
 *
 * `$schema` stands for the quoted schema name. Times are `timestamptz`, ids
 * `uuid`; nothing here holds patient data except the message itself, kept
 * until the service holds it: sealed in `sealed` (base64: the embedded
 * PostgreSQL this schema first served converted bytea slowly) under its key in
 * `message_keys` (D-TRACKER-24), or in clear in `payload` for rows written
 * before the seal.
 * (The audit's notes are what staff type: the worklist asks them to leave
 * patient details out.)
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE $schema.messages (
    message_id uuid PRIMARY KEY,
    route text NOT NULL,
    stage text NOT NULL,
    status text,
    sub_status text,
    status_updated text,
    topic text,
    recipient text,
    created_at timestamptz NOT NULL,
    sent_at timestamptz,
    expiry_at timestamptz,
    follow_until timestamptz,
    due_at timestamptz,
    polls integer NOT NULL DEFAULT 0,
    poll_times jsonb NOT NULL DEFAULT '[]',
    send_attempts integer NOT NULL DEFAULT 0,
    failed_since timestamptz,
    attention text,
    attention_at timestamptz,
    attention_detail text,
    attention_raised jsonb NOT NULL DEFAULT '[]',
    last_error text,
    lease_owner text,
    lease_until timestamptz,
    payload jsonb,
    metadata jsonb,
    changed_at timestamptz NOT NULL
  );
  CREATE INDEX messages_due ON $schema.messages (due_at) WHERE stage IN ('sending', 'queued', 'following');
  CREATE INDEX messages_attention ON $schema.messages (attention_at) WHERE attention IS NOT NULL;
  CREATE INDEX messages_created ON $schema.messages (created_at DESC, message_id DESC);

  CREATE TABLE $schema.history (
    id bigserial PRIMARY KEY,
    message_id uuid NOT NULL REFERENCES $schema.messages (message_id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    status text NOT NULL,
    sub_status text,
    status_updated text,
    source text NOT NULL
  );
  CREATE INDEX history_message ON $schema.history (message_id, id);

  CREATE TABLE $schema.events (
    id bigserial PRIMARY KEY,
    message_id uuid NOT NULL REFERENCES $schema.messages (message_id) ON DELETE CASCADE,
    route text NOT NULL,
    kind text NOT NULL,
    at timestamptz NOT NULL,
    data jsonb NOT NULL,
    handled_at timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    lease_owner text,
    lease_until timestamptz,
    last_error text
  );
  CREATE INDEX events_unhandled ON $schema.events (message_id, id) WHERE handled_at IS NULL;

  CREATE TABLE $schema.budget (
    name text PRIMARY KEY,
    next_slot timestamptz NOT NULL
  );
  `,
  // A send attempt that may have reached the service (unclear_at: when the
  // latest such attempt ended, so a 404 soon after is not taken as absence),
  // and the instances sharing a PostgreSQL ledger proving they are alive.
  `
  ALTER TABLE $schema.messages ADD COLUMN unclear_at timestamptz;
  CREATE TABLE $schema.instances (
    instance_id text PRIMARY KEY,
    seen_at timestamptz NOT NULL,
    started_at timestamptz NOT NULL
  );
  `,
  // The message's content sealed under a key of its own, the key kept apart so
  // that erasing it erases the content from the files (D-TRACKER-24).
  `
  ALTER TABLE $schema.messages ADD COLUMN sealed text;
  CREATE TABLE $schema.message_keys (
    message_id uuid PRIMARY KEY REFERENCES $schema.messages (message_id) ON DELETE CASCADE,
    key bytea NOT NULL
  );
  `,
  // People's work on the ledger: who a message is assigned to, which message
  // replaced which (lineage), the audit of every person's action (append-only:
  // rules turn an UPDATE or DELETE of it into nothing), and each notifier's
  // place in the attention events (delivered at least once, across restarts).
  `
  ALTER TABLE $schema.messages ADD COLUMN assignee text;
  ALTER TABLE $schema.messages ADD COLUMN replaces uuid;
  ALTER TABLE $schema.messages ADD COLUMN replaced_by uuid;
  CREATE INDEX messages_replaces ON $schema.messages (replaces) WHERE replaces IS NOT NULL;

  CREATE TABLE $schema.audit (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL,
    message_id uuid NOT NULL,
    actor text,
    action text NOT NULL,
    outcome text NOT NULL,
    reason text,
    assignee text,
    related uuid,
    note text,
    detail text
  );
  CREATE INDEX audit_message ON $schema.audit (message_id, id);
  CREATE INDEX audit_at ON $schema.audit (at, id);
  CREATE RULE audit_no_update AS ON UPDATE TO $schema.audit DO INSTEAD NOTHING;
  CREATE RULE audit_no_delete AS ON DELETE TO $schema.audit DO INSTEAD NOTHING;

  CREATE TABLE $schema.notifiers (
    name text PRIMARY KEY,
    last_event_id bigint NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    last_sent_at timestamptz,
    last_error text,
    lease_owner text,
    lease_until timestamptz
  );
  CREATE INDEX events_attention ON $schema.events (id) WHERE kind = 'attention';
  `,
  // Retention: settled messages, oldest change first, found without reading the active ones.
  `
  CREATE INDEX messages_settled ON $schema.messages (changed_at) WHERE stage IN ('settled', 'failed') AND attention IS NULL;
  `,
  // The GP route's version of each message (its versionNumber: 1 for an
  // original, one more for each replacement), kept in a column of its own
  // because the content it came from is erased once the service holds the
  // message, and `replace()` sends the next version long after that
  // (D-TRACKER-34). Null on the other routes, and for a message adopted
  // without it. What `relatesTo` names needs nothing more: it is the earlier
  // message's messageId, the row's key.
  `
  ALTER TABLE $schema.messages ADD COLUMN version_number integer;
  `,
  // The service's verdicts on attachment content, kept across restarts (D-TRACKER-36).
  REJECTED_CONTENT_MIGRATION,
  // When retention removed a message the audit names: the audit stays, and
  // its link to the message says when the message went (D-TRACKER-37).
  `
  CREATE TABLE $schema.removed (
    message_id uuid PRIMARY KEY,
    removed_at timestamptz NOT NULL
  );
  `,
  // The audit chained (each entry holds the hash of the one before) and
  // TRUNCATE refused (D-TRACKER-38): audit-chain-schema.ts.
  AUDIT_CHAIN_MIGRATION,
];
