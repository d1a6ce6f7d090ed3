// The tracker's options as an app gives them, and the checked configuration
// with defaults that the rest of the tracker reads. Bad options fail here,
// before a database is opened.
import { hostname } from 'node:os';
import type { CdmsClient } from '../../client.js';
import { checkTimeout } from '../../core/client-config.js';
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { silentLogger, type Logger } from '../../core/logger.js';
import { POLL_BEFORE_EXPIRY_MS, STATUS_POLL_INTERVAL_MS } from '../../schemas/vocabulary.js';
import type { MeterProviderLike, TracerProviderLike } from '../../telemetry/telemetry.js';
import { embeddedDirectory } from '../db/open.js';
import { DEFAULT_BUSINESS_ACK_MS, DEFAULT_INFRASTRUCTURE_ACK_MS } from '../decide/gp-route-acks.js';
import type { PgPoolLike } from '../db/postgres.js';
import type { TrackerNotifier } from '../notify/notifier.js';
import type { TrackerConfig } from '../work/config.js';

const HOUR_MS = 3_600_000;

/** Options of {@link createTracker}. Only `client` is required. */
export interface TrackerOptions {
  /** The client the tracker sends and polls through. */
  client: CdmsClient;
  /**
   * Where the ledger lives:
   * - a directory path: the embedded ledger (`node:sqlite`, Node 22.13 and
   *   later), one SQLite file with its write-ahead log, for one process;
   * - `'memory:'`: an embedded ledger in memory, as long as the tracker (tests);
   * - a `postgres://` URL or a `pg.Pool`: a PostgreSQL database that several
   *   instances share.
   * Leave it out for the default: `undefined` (an unset environment variable) is refused.
   * @defaultValue './.cdms/tracker'
   */
  database?: string | PgPoolLike;
  /**
   * The PostgreSQL schema that holds the tracker's tables; trackers with
   * different schemas can share one database.
   * @defaultValue 'cdms_tracker'
   */
  schema?: string | undefined;
  /**
   * Spacing of one message's polls, in milliseconds. The service asks for no
   * more than four polls a day; a message is never polled more than four
   * times in any `4 × pollIntervalMs`. Shorten it only against the sandbox:
   * it also paces resends (from `pollIntervalMs / 360` doubling to `/ 12`)
   * and sets the in-flight grace, `pollIntervalMs / 360` (a minute; at
   * least a second, at most a minute), during which a 404 after an unclear
   * or crashed send is asked again before the message is resent.
   * @defaultValue 21_600_000 (6 hours)
   */
  pollIntervalMs?: number | undefined;
  /**
   * How long before a message's expiry its last poll before expiry is made,
   * in milliseconds; the poll that reads its final status (EXPIRED, if the
   * practice never took it) comes as long after the expiry.
   * @defaultValue 900_000 (15 minutes)
   */
  beforeExpiryMs?: number | undefined;
  /**
   * Status requests per second, across every instance on the same database
   * together (the operator may rate-limit status requests). Resends and
   * confirmations made in the background count too. Fractions allowed.
   * @defaultValue 5
   */
  maxPollsPerSecond?: number | undefined;
  /**
   * How long a message without an expiry (or past its expiry without a final
   * status) is followed before it is flagged `unresolved`, in milliseconds;
   * at least `beforeExpiryMs` (following must outlast the poll after expiry).
   * @defaultValue 1_209_600_000 (14 days)
   */
  followForMs?: number | undefined;
  /** How long a FAILED status may last before it needs attention, in milliseconds. @defaultValue 86_400_000 (1 day) */
  failedAttentionMs?: number | undefined;
  /**
   * GP route: how long a message may stay 'Sent to MESH' (no infrastructure
   * acknowledgement from the practice's system) before it needs attention
   * (`no-infrastructure-ack`), in milliseconds, counted from the send. The
   * default is MESH's five days, after which an uncollected message is
   * removed; lower it to hear sooner.
   * @defaultValue 432_000_000 (5 days)
   */
  infrastructureAckMs?: number | undefined;
  /**
   * GP route: how long a message may stay at '20013 - Success' (received,
   * no business response) before it needs attention (`no-business-ack`), in
   * milliseconds, counted from the service's `updated` time of that status.
   * @defaultValue 432_000_000 (5 days)
   */
  businessAckMs?: number | undefined;
  /**
   * How long before its expiry a message that is still not delivered
   * (`queued`, or `sending` after an unclear send) needs attention
   * (`nearing-expiry`, raised once a second attempt in that time failed
   * too), in milliseconds: time for a person to reach the practice another
   * way. Messages without an expiry count from the end of following
   * (`followForMs`).
   * @defaultValue 14_400_000 (4 hours)
   */
  nearingExpiryMs?: number | undefined;
  /**
   * How long a settled message is kept after its last change, in
   * milliseconds; then it is deleted with its history and events, a small
   * batch at a time in the background. Settled means followed to its end (a
   * final status, removed after expiry, unresolved) or failed for good, with
   * no attention left unacknowledged and every event handled. `Infinity`
   * keeps everything. See the guide on retention for the default.
   * @defaultValue 7_776_000_000 (90 days)
   */
  keepSettledForMs?: number | undefined;
  /**
   * How long work claimed by an instance stays reserved to it, in
   * milliseconds. Work of an instance that died is taken over after this.
   * @defaultValue 120_000 (2 minutes)
   */
  leaseMs?: number | undefined;
  /** This instance's name in leases. @defaultValue host name and process id */
  instanceId?: string | undefined;
  /** Receives the tracker's log events (no patient data). @defaultValue silent */
  logger?: Logger | undefined;
  /**
   * Where the tracker's spans (`cdms.tracker.poll`) go, instead of the global
   * tracer provider. Needs `@opentelemetry/api` installed (see the
   * observability guide). Give the client the same provider to see its
   * status calls under the tracker's polls.
   * @defaultValue the provider registered with `@opentelemetry/api`
   */
  tracerProvider?: TracerProviderLike | undefined;
  /**
   * Where the tracker's metrics (messages by status, attention, overdue
   * polls, polls, event handler failures) go, instead of the global meter
   * provider. Needs `@opentelemetry/api` installed.
   * @defaultValue the provider registered with `@opentelemetry/api`
   */
  meterProvider?: MeterProviderLike | undefined;
  /**
   * Who is told when a message needs a person: `emailDigest(...)`,
   * `webhook(...)`, or the app's own notifiers. Each is delivered from the
   * attention events at least once, across restarts, by one instance at a
   * time; a failing one is retried and never holds up the others or `onEvent`.
   * @defaultValue none
   */
  notify?: readonly TrackerNotifier[] | undefined;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The `schema` option's default. */
export const DEFAULT_SCHEMA = 'cdms_tracker';

/** The `pollIntervalMs` option's default: the service's guidance, four polls a day. */
export const DEFAULT_POLL_INTERVAL_MS = STATUS_POLL_INTERVAL_MS;

/**
 * The `nearingExpiryMs` option's default: half a working day for a person to
 * reach the practice another way, several resends (30 minutes apart at
 * most) still to come meanwhile (D-TRACKER-33).
 */
export const DEFAULT_NEARING_EXPIRY_MS = 4 * HOUR_MS;

/**
 * The `keepSettledForMs` option's default: long enough to answer "did it
 * arrive?" and to look into an incident, short enough that the ledger is not
 * a second, unmanaged record of who was sent what (D-TRACKER-15).
 */
export const DEFAULT_KEEP_SETTLED_MS = 90 * 24 * HOUR_MS;

/** The `database` option's default: an embedded database in the working directory. */
export const DEFAULT_DATABASE = './.cdms/tracker';

/** Checks a schema name (it is written into SQL, quoted). @throws ConfigurationError */
export function checkSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new ConfigurationError('schema must be a lower-case PostgreSQL identifier: letters, digits and underscores, not starting with a digit.');
  }
  return schema;
}

/** Checks the options and fills in the defaults. */
export function resolveTrackerOptions(options: TrackerOptions): TrackerConfig {
  const client: unknown = options?.client;
  if (!isClient(client)) {
    throw new ConfigurationError('createTracker needs `client`: a CdmsClient the tracker sends and polls through.');
  }
  const schema = checkSchema(options.schema ?? DEFAULT_SCHEMA);
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}`;
  if (!/^[\x21-\x7e][\x20-\x7e]{0,199}$/.test(instanceId)) {
    throw new ConfigurationError('instanceId must be 1 to 200 printable ASCII characters.');
  }
  const pollIntervalMs = checkTimeout('pollIntervalMs', options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
  const beforeExpiryMs = checkTimeout('beforeExpiryMs', options.beforeExpiryMs ?? POLL_BEFORE_EXPIRY_MS);
  const followForMs = checkTimeout('followForMs', options.followForMs ?? 14 * 24 * HOUR_MS);
  if (followForMs < beforeExpiryMs) {
    // The poll that reads a final status after expiry comes beforeExpiryMs after it: following must last until then.
    throw new ConfigurationError(
      `followForMs (${followForMs}) is shorter than beforeExpiryMs (${beforeExpiryMs}): a message would stop being followed before the poll after its expiry that reads EXPIRED. Make followForMs at least beforeExpiryMs.`,
    );
  }
  return {
    client,
    database: checkDatabase(Object.prototype.hasOwnProperty.call(options, 'database') ? options.database : DEFAULT_DATABASE),
    schema,
    pollIntervalMs,
    beforeExpiryMs,
    maxPollsPerSecond: checkRate(options.maxPollsPerSecond ?? 5),
    followForMs,
    failedAttentionMs: checkTimeout('failedAttentionMs', options.failedAttentionMs ?? 24 * HOUR_MS),
    infrastructureAckMs: checkTimeout('infrastructureAckMs', options.infrastructureAckMs ?? DEFAULT_INFRASTRUCTURE_ACK_MS),
    businessAckMs: checkTimeout('businessAckMs', options.businessAckMs ?? DEFAULT_BUSINESS_ACK_MS),
    nearingExpiryMs: checkTimeout('nearingExpiryMs', options.nearingExpiryMs ?? DEFAULT_NEARING_EXPIRY_MS),
    keepSettledForMs: checkRetention(options.keepSettledForMs ?? DEFAULT_KEEP_SETTLED_MS),
    leaseMs: checkTimeout('leaseMs', options.leaseMs ?? 120_000),
    instanceId,
    logger: options.logger ?? silentLogger,
    notify: checkNotifiers(options.notify ?? []),
    // Often enough that a shortened interval (tests) is kept, never busier than once a second otherwise.
    idleCheckMs: Math.min(1_000, Math.max(10, Math.floor(pollIntervalMs / 20))),
  };
}

function checkNotifiers(notifiers: unknown): readonly TrackerNotifier[] {
  const list: unknown[] = Array.isArray(notifiers) ? notifiers : [notifiers];
  const names = new Set<string>();
  for (const item of list) {
    const n = item as Partial<{ kind: unknown; everyMs: unknown; notify: unknown; name: unknown }> | null;
    const ok = (n?.kind === 'each' || (n?.kind === 'digest' && typeof n.everyMs === 'number' && n.everyMs > 0)) && typeof n.notify === 'function';
    if (!ok || typeof n.name !== 'string' || n.name.trim() === '' || n.name.length > 200) {
      throw new ConfigurationError('notify takes notifiers made by emailDigest() or webhook() (or { name, kind, notify } of your own).');
    }
    if (names.has(n.name)) throw new ConfigurationError(`notify: two notifiers are named "${n.name}"; give one a name of its own (the name option).`);
    names.add(n.name);
  }
  return list as TrackerNotifier[];
}

function isClient(value: unknown): value is CdmsClient {
  const c = value as Partial<CdmsClient> | null | undefined;
  return typeof c?.messages?.status === 'function' && typeof c.gpconnect?.status === 'function';
}

/**
 * The `database` option checked. Present but `undefined` (an environment
 * variable that is not set) is refused rather than read as the default: a
 * sender meaning to share a PostgreSQL ledger would otherwise get a private
 * embedded one.
 */
function checkDatabase(value: unknown): string | PgPoolLike {
  if (typeof value === 'string' && value.trim() !== '') {
    embeddedDirectory(value); // refuses what starts like a URL of another kind
    return value;
  }
  if (value === undefined) {
    throw new ConfigurationError(
      "database was passed as undefined (an environment variable that is not set?). Pass it, or leave it out for the embedded default './.cdms/tracker'.",
    );
  }
  if (isPool(value)) return value;
  throw new ConfigurationError("database must be a directory path, 'memory:', a postgres:// URL or a pg.Pool.");
}

function isPool(value: unknown): value is PgPoolLike {
  const pool = value as Partial<PgPoolLike> | null;
  return typeof pool?.connect === 'function' && typeof pool.query === 'function';
}

/** A retention period: a positive whole number of milliseconds (up to about a thousand years), or Infinity to keep everything. */
export function checkRetention(value: number): number {
  if (value === Infinity) return value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > 32_000_000_000_000) {
    throw new ConfigurationError('keepSettledForMs must be a positive whole number of milliseconds, or Infinity to keep settled messages.');
  }
  return value;
}

function checkRate(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 10_000) {
    throw new ConfigurationError('maxPollsPerSecond must be a number above 0 and at most 10000.');
  }
  return value;
}
