// The audit's hash chain and its TRUNCATE guard on PostgreSQL, as one
// migration (schema.ts lists it). A trigger writes each entry's place, the
// previous entry's hash and its own, under the row lock of the chain's head
// (`audit_head`), so instances writing at once take turns and the chain
// never forks (D-TRACKER-38). The serialisation is the one of
// ../store/audit-chain.ts (`canonicalEntry`), in SQL: change both together.
// Entries written before this migration stay outside the chain.

/** The time as the chain writes it: UTC, microseconds. */
const AT = `to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const FIELDS = [
  'NEW.seq::text',
  AT,
  'NEW.message_id::text',
  'NEW.actor',
  'NEW.action',
  'NEW.outcome',
  'NEW.reason',
  'NEW.assignee',
  'NEW.related::text',
  'NEW.note',
  'NEW.detail',
  'NEW.prev_hash',
];

const CANONICAL = `'cdms-audit-1' || ${FIELDS.map((f) => `chr(10) || $schema.audit_field(${f})`).join(' || ')}`;

/**
 * The migration. The entry's id is given under the head's lock (the column
 * loses its default), so ids rise in the chain's order; an entry dated
 * before the head's time takes the head's time, as it was written after it
 * (two instances' clocks, or an action that waited on the service).
 */
export const AUDIT_CHAIN_MIGRATION = `
  ALTER TABLE $schema.audit ADD COLUMN seq bigint;
  ALTER TABLE $schema.audit ADD COLUMN prev_hash text;
  ALTER TABLE $schema.audit ADD COLUMN hash text;
  CREATE UNIQUE INDEX audit_seq ON $schema.audit (seq);
  ALTER TABLE $schema.audit ALTER COLUMN id DROP DEFAULT;

  CREATE TABLE $schema.audit_head (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    seq bigint NOT NULL,
    hash text NOT NULL,
    at timestamptz
  );
  INSERT INTO $schema.audit_head (one, seq, hash, at) SELECT true, 0, repeat('0', 64), max(at) FROM $schema.audit;
  CREATE RULE audit_head_no_delete AS ON DELETE TO $schema.audit_head DO INSTEAD NOTHING;

  CREATE FUNCTION $schema.audit_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN v IS NULL THEN '-' ELSE octet_length(convert_to(v, 'UTF8'))::text || ':' || v END
  $$;

  CREATE FUNCTION $schema.audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    head record;
  BEGIN
    UPDATE $schema.audit_head SET seq = seq + 1 WHERE one RETURNING seq, hash, at INTO head;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'The audit''s chain head (audit_head) is missing: entries cannot be chained.';
    END IF;
    NEW.id := nextval(pg_get_serial_sequence(format('%I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME), 'id'));
    NEW.seq := head.seq;
    IF head.at IS NOT NULL AND NEW.at < head.at THEN
      NEW.at := head.at;
    END IF;
    NEW.prev_hash := head.hash;
    NEW.hash := encode(sha256(convert_to(${CANONICAL}, 'UTF8')), 'hex');
    UPDATE $schema.audit_head SET hash = NEW.hash, at = NEW.at WHERE one;
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER audit_chain BEFORE INSERT ON $schema.audit FOR EACH ROW EXECUTE FUNCTION $schema.audit_chain();

  CREATE FUNCTION $schema.audit_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'The audit is append-only: TRUNCATE of %.% is refused.', TG_TABLE_SCHEMA, TG_TABLE_NAME;
  END
  $$;
  CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON $schema.audit FOR EACH STATEMENT EXECUTE FUNCTION $schema.audit_refuse_truncate();
  CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON $schema.audit_head FOR EACH STATEMENT EXECUTE FUNCTION $schema.audit_refuse_truncate();
`;
