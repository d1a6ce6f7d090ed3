// The tracker's database opened read-only, for tools (the `cdms track`
// commands) rather than apps: no client, so nothing is sent or polled, and
// no migration, so a tool of another SDK version never moves an app's schema.
// Its writes are the ones a person asks for: acknowledging, assigning (each
// audited, for the worklist that `cdms track serve` serves), and a one-off
// purge of settled messages.
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { assertUuid } from '../../core/path.js';
import type { SqlDriver } from '../db/driver.js';
import { installedVersion, latestVersion } from '../db/migrate.js';
import { embeddedDirectory, openDatabase } from '../db/open.js';
import { openDirectorySqliteReadOnly } from '../db/sqlite/open-reader.js';
import { embeddedDatabaseExists } from '../db/embedded-exists.js';
import { checkSchema, DEFAULT_POLL_INTERVAL_MS, DEFAULT_SCHEMA } from './options.js';
import { getMessage, listMessages, removedAt, type TrackerListOptions, type TrackerListPage } from '../report/queries.js';
import { collectStats, overdueGraceMs, type TrackerStats } from '../report/stats.js';
import { toHealth, type TrackerHealth, type TrackerHealthOptions } from '../report/health.js';
import { healthTimeoutMs, readLedgerFacts } from '../report/ledger-facts.js';
import { purgeAll, type PurgeResult } from '../work/purge.js';
import type { LedgerStore } from '../store/ledger-store.js';
import { storeFor } from '../store/store-for.js';
import type { TrackedMessage } from '../model/types.js';
import { acknowledgeAs, assignTo, type AcknowledgeOptions, type AssignOptions } from '../work/people.js';
import { readAudit, type TrackerAuditOptions, type TrackerAuditPage } from '../report/audit.js';
import { previewPurge, type PurgePreview } from '../work/purge-preview.js';
import { verifyAudit, type AuditVerification } from '../report/audit-verify.js';

/** Options of {@link openReadOnlyTracker}. */
export interface ReadOnlyTrackerOptions {
  /** A directory of an embedded database, or a `postgres://` URL. */
  database: string;
  /** The PostgreSQL schema of the tracker's tables. @defaultValue 'cdms_tracker' */
  schema?: string | undefined;
  /**
   * Whether this opener writes (acknowledges, assigns, purges). An embedded
   * ledger opened only to read takes no lock: it is read beside the app that
   * owns it (SQLite's write-ahead log lets readers in while it writes), so
   * `cdms track health`, `show` and `attention` work while the app runs. One
   * that writes needs the ledger to itself. @defaultValue true
   */
  writes?: boolean | undefined;
  /** Caps how long a PostgreSQL connection, and each statement, may wait, in milliseconds (`cdms track health --timeout`). */
  limitMs?: number | undefined;
}

/**
 * An existing tracker database, opened without a client: read, attention
 * acknowledged and messages assigned by people, but nothing sent or polled, and the schema never created or
 * migrated. What the `cdms track` commands use. Internal.
 */
export interface ReadOnlyTracker {
  /** A message with its history, or undefined. */
  get(messageId: string): Promise<TrackedMessage | undefined>;
  /** When retention removed a message the audit names (as `tracker.removedAt`). */
  removedAt(messageId: string): Promise<Date | undefined>;
  /** Messages, newest first, a page at a time (the filters of `tracker.list`). */
  list(options?: TrackerListOptions): Promise<TrackerListPage>;
  /** The counts of `tracker.stats`; polls count as overdue a minute late. */
  stats(): Promise<TrackerStats>;
  /**
   * Clears a message's attention (as `tracker.acknowledge`; with a person and a
   * note, audited, and a conflict when it is already cleared); false when the
   * database holds no such message.
   */
  acknowledge(messageId: string, options?: AcknowledgeOptions): Promise<boolean>;
  /** Assigns a message (as `tracker.assign`, audited). */
  assign(messageId: string, personId: string | null, options?: AssignOptions): Promise<void>;
  /** The audit of people's actions (as `tracker.audit`). */
  audit(options?: TrackerAuditOptions): Promise<TrackerAuditPage>;
  /** Walks the audit's hash chain (as `tracker.verifyAudit`). */
  verifyAudit(): Promise<AuditVerification>;
  /**
   * The ledger's side of `tracker.health`: the database answering, the last
   * poll by any instance, overdue polls (failing when nothing has polled for
   * two minutes), events waiting and attention. The loops of the app's
   * tracker are another process's: `loops` is null.
   */
  health(options?: TrackerHealthOptions): Promise<TrackerHealth>;
  /** Deletes the settled messages (as retention does) last changed more than `olderThanMs` ago, with their history and events. */
  purge(olderThanMs: number): Promise<PurgeResult>;
  /** What `purge(olderThanMs)` would delete, counted; nothing is changed. */
  previewPurge(olderThanMs: number): Promise<PurgePreview>;
  /** Closes the database (and frees the embedded database's lock). */
  close(): Promise<void>;
}

/**
 * Opens an existing tracker database read-only. Unlike `createTracker`
 * it never creates or migrates anything: a reader of another SDK version
 * must not move the app's schema under it, and a mistyped path must not
 * leave a new, empty database behind.
 *
 * @throws ConfigurationError when there is no tracker database there, it is
 * at another schema version, the embedded database is in use by another
 * process (`DatabaseInUseError`), or the engine's package is missing.
 */
export async function openReadOnlyTracker(options: ReadOnlyTrackerOptions): Promise<ReadOnlyTracker> {
  const schema = checkSchema(options.schema ?? DEFAULT_SCHEMA);
  const directory = embeddedDirectory(options.database);
  if (directory !== undefined && !(await embeddedDatabaseExists(directory))) {
    throw new ConfigurationError(`There is no tracker database in ${directory}. Check the path: a tracker creates its database on its first start.`);
  }
  const db = directory !== undefined && options.writes === false ? openDirectorySqliteReadOnly(directory) : await openDatabase(options.database, options.limitMs);
  try {
    await checkVersion(db, schema);
  } catch (error) {
    await db.close();
    throw error;
  }
  return readOnlyOver(db, schema, db.soleUser === true);
}

async function checkVersion(db: SqlDriver, schema: string): Promise<void> {
  const version = await installedVersion(db, schema);
  if (version === 0) {
    throw new ConfigurationError(
      `The database has no tracker tables in the schema "${schema}". Check the database and the schema name: a tracker creates its tables on its first start.`,
    );
  }
  const latest = latestVersion(db);
  if (version !== latest) {
    const whose = version > latest ? 'a newer' : 'an older';
    throw new ConfigurationError(
      `The tracker database is at schema version ${version}, made by ${whose} cdms-sdk than this one (which reads version ${latest}). ` +
        "Use the cdms-sdk version of the app that runs the tracker (for example `npx cdms` in the app's directory).",
    );
  }
}

/** Without the app's options, the health check judges against the defaults: a lease of two minutes, events late after five. */
const READ_ONLY_LIMITS = { stuckAfterMs: 120_000, stalledAfterMs: 120_000, eventsLateAfterMs: 300_000 };

function readOnlyOver(db: SqlDriver, schema: string, embedded: boolean): ReadOnlyTracker {
  const store: LedgerStore = storeFor(db, schema);
  const cutOff = (olderThanMs: number): Date => {
    if (!Number.isSafeInteger(olderThanMs) || olderThanMs <= 0) throw new ConfigurationError('The period must be a positive whole number of milliseconds.');
    return new Date(Date.now() - olderThanMs);
  };
  return {
    get(messageId) {
      assertUuid('messageId', messageId);
      return getMessage(store, messageId);
    },
    removedAt: (messageId) => removedAt(store, messageId),
    list: (options) => listMessages(store, options),
    // Without the app's options, polls are judged against the default interval (a minute's grace).
    stats: () => collectStats(store, Date.now(), overdueGraceMs(DEFAULT_POLL_INTERVAL_MS)),
    async acknowledge(messageId, options) {
      assertUuid('messageId', messageId);
      if (options === undefined) return (await store.acknowledge(messageId, new Date())).found;
      await acknowledgeAs(store, messageId, options);
      return true;
    },
    assign: (messageId, personId, options) => assignTo(store, messageId, personId, options),
    audit: (options) => readAudit(store, options),
    verifyAudit: () => verifyAudit(store),
    async health(options) {
      const now = Date.now();
      const { database, ledger } = await readLedgerFacts(store, now, overdueGraceMs(DEFAULT_POLL_INTERVAL_MS), healthTimeoutMs(options));
      return toHealth({ now, state: 'elsewhere', database, loops: null, ledger }, READ_ONLY_LIMITS);
    },
    async purge(olderThanMs) {
      return await purgeAll(store, cutOff(olderThanMs), { vacuum: embedded });
    },
    async previewPurge(olderThanMs) {
      return await previewPurge(db, schema, cutOff(olderThanMs), new Date());
    },
    close: () => db.close(),
  };
}
