// Where the tracker's ledger lives for `cdms track` and `cdms send --track`:
// --database / CDMS_TRACKER_DATABASE (default ./.cdms/tracker, as in the
// library) and --schema / CDMS_TRACKER_SCHEMA. A PostgreSQL URL's password is
// a secret: masked in everything cdms writes, and left out of every message.
import type { Command } from 'commander';
import { CdmsError, ConfigurationError, type CdmsClient, type Delivery } from '../index.js';
import {
  createTracker,
  DatabaseInUseError,
  DatabaseUnavailableError,
  DEFAULT_DATABASE,
  DEFAULT_SCHEMA,
  isPostgresUrl,
  openReadOnlyTracker,
  type Holder,
  type ReadOnlyTracker,
  type Tracker,
} from '../tracker/internal.js';
import { debugLogger, envValue, type CliContext } from './config.js';
import { UsageError } from './errors.js';

/** The flags that choose the tracker database. */
export interface TrackerDatabaseFlags {
  /** `--database`: a directory (embedded database) or a `postgres://` URL. */
  database?: string | undefined;
  /** `--schema`: the PostgreSQL schema of the tracker's tables. */
  schema?: string | undefined;
  /** `--debug`: the tracker's log on stderr. */
  debug?: boolean | undefined;
}

/** Adds `--database` and `--schema` to a command; `scope` prefixes their help (`with --track: `). */
export function withDatabaseOptions(command: Command, scope = ''): Command {
  return command
    .option('--database <where>', `${scope}the tracker database: a directory or a postgres:// URL (else CDMS_TRACKER_DATABASE; default ./.cdms/tracker)`)
    .option('--schema <name>', `${scope}PostgreSQL schema of the tracker tables (else CDMS_TRACKER_SCHEMA; default cdms_tracker)`);
}

/** A tracker database as the CLI opens it. */
interface TrackerDatabase {
  database: string;
  schema: string;
  /** How messages name it: the path, or the URL without password or query. */
  shown: string;
}

/** The values inside a PostgreSQL URL that must never be printed: its password (raw and decoded) and password parameters. */
export function databaseSecrets(value: string | undefined): string[] {
  if (value === undefined || !isPostgresUrl(value.trim())) return [];
  const url = parseUrl(value.trim());
  if (!url) return [];
  const params = [...url.searchParams].filter(([name]) => /pass/i.test(name)).map(([, v]) => v);
  return [url.password, safeDecode(url.password), ...params].filter((s) => s !== '');
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A PostgreSQL URL as messages may show it: user, host, port and database; never the password or the parameters. */
function shownUrl(value: string): string {
  const url = parseUrl(value);
  if (!url) return 'the PostgreSQL database (its URL cannot be read)';
  const user = url.username === '' ? '' : `${url.username}@`;
  return `${url.protocol}//${user}${url.host}${url.pathname}`;
}

/**
 * The database from `--database`, else `CDMS_TRACKER_DATABASE`, else
 * `./.cdms/tracker`; the schema from `--schema`, else `CDMS_TRACKER_SCHEMA`.
 * Registers the URL's secrets with the output at once.
 *
 * @throws UsageError for `memory:`, which would vanish with the command.
 */
function trackerDatabase(ctx: CliContext, flags: TrackerDatabaseFlags): TrackerDatabase {
  const database = flags.database?.trim() || envValue(ctx.io, 'CDMS_TRACKER_DATABASE') || DEFAULT_DATABASE;
  for (const secret of databaseSecrets(database)) ctx.out.addSecret(secret);
  if (database === 'memory:') {
    throw new UsageError("--database memory: lives only as long as one command: pass a directory or a postgres:// URL (or set CDMS_TRACKER_DATABASE).");
  }
  const schema = flags.schema?.trim() || envValue(ctx.io, 'CDMS_TRACKER_SCHEMA') || DEFAULT_SCHEMA;
  return { database, schema, shown: isPostgresUrl(database) ? shownUrl(database) : database };
}

function inUseMessage(db: TrackerDatabase, holder: Holder): string {
  return (
    `The tracker database ${db.shown} is in use by process ${holder.pid} on ${holder.host} (an app running the tracker, or another cdms). ` +
    'The embedded database serves one process at a time: try again once that process has stopped, or keep the ledger in PostgreSQL, ' +
    "shared by the app (its `database` option) and cdms (--database or CDMS_TRACKER_DATABASE set to the postgres:// URL)."
  );
}

/**
 * Opens with `open`, turning the engine's failures into errors that say what
 * to do on the command line. `delivery` marks them for a send that never began.
 */
async function opening<T>(db: TrackerDatabase, open: () => Promise<T>, delivery?: Delivery): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new ConfigurationError(inUseMessage(db, error.holder), { cause: error, delivery });
    if (error instanceof DatabaseUnavailableError || !(error instanceof CdmsError)) {
      // Said like the service's "could not be reached", naming the database (never its password).
      const why = error instanceof CdmsError ? error.message : 'the database driver failed';
      throw new DatabaseUnavailableError(`Could not open the tracker database ${db.shown}: ${why}`, {
        cause: error,
        delivery,
        code: error instanceof DatabaseUnavailableError ? error.code : undefined,
      });
    }
    error.delivery ??= delivery;
    throw error;
  }
}

/**
 * Runs `work` on the existing ledger, opened read-only (read and acknowledge only: no key, no request), closing it after.
 * With `writes: false` (a command that only reads) an embedded ledger is read beside the app that owns it; `limitMs`
 * caps a PostgreSQL connection's and each statement's wait.
 */
export async function withReadOnlyTracker<T>(
  ctx: CliContext,
  flags: TrackerDatabaseFlags,
  work: (tracker: ReadOnlyTracker) => Promise<T>,
  how: { writes: boolean; limitMs?: number | undefined } = { writes: true },
): Promise<T> {
  const db = trackerDatabase(ctx, flags);
  const tracker = await opening(db, () => openReadOnlyTracker({ database: db.database, schema: db.schema, writes: how.writes, limitMs: how.limitMs }));
  try {
    return await work(tracker);
  } finally {
    await tracker.close();
  }
}

/** Runs `work` with a tracker on the database (created or migrated as an app's start would), closing it after. */
export async function withTracker<T>(ctx: CliContext, flags: TrackerDatabaseFlags, client: CdmsClient, work: (tracker: Tracker) => Promise<T>): Promise<T> {
  const db = trackerDatabase(ctx, flags);
  const logger = flags.debug ? { logger: debugLogger(ctx.out) } : {};
  // Nothing is sent before the tracker is open: a failure to open it leaves the message not sent.
  const tracker = await opening(db, () => createTracker({ client, database: db.database, schema: db.schema, ...logger }), 'not-sent');
  try {
    return await work(tracker);
  } finally {
    await tracker.close();
  }
}
