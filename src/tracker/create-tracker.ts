// createTracker: the one way an app gets a tracker. It checks the options,
// opens and migrates the database, and wires the parts a Tracker shares (the
// store, the request budget, telemetry) before anything can be sent.
import { loadTrackerTelemetry } from '../telemetry/tracker-metrics.js';
import { migrate } from './db/migrate.js';
import { isPostgresUrl, openDatabase } from './db/open.js';
import { resolveTrackerOptions, type TrackerConfig, type TrackerOptions } from './options.js';
import { Heartbeat } from './runtime/heartbeat.js';
import { TrackerStore } from './store/store.js';
import { Tracker } from './tracker.js';
import { RequestBudget } from './runtime/request-budget.js';

/**
 * Opens (creating or migrating) the tracker's database and returns a
 * {@link Tracker}. Call `start()` on it to begin the background work.
 *
 * @example
 * ```ts
 * import { CdmsClient } from 'cdms-sdk';
 * import { createTracker } from 'cdms-sdk/tracker';
 *
 * const tracker = await createTracker({ client: new CdmsClient() });
 * tracker.onEvent(async (event) => {
 *   if (event.kind === 'attention') await alertTheTeam(event.messageId, event.reason);
 * });
 * await tracker.start();
 * const { messageId } = await tracker.send('standard', message);
 * ```
 *
 * @throws ConfigurationError when an option is invalid, the database engine's
 * package is not installed, the embedded database is in use by another
 * process, the database was made by a newer cdms-sdk, or a PostgreSQL server
 * refused the login (the password is never shown).
 * @throws DatabaseUnavailableError when the database could not be reached or
 * did not answer in time.
 */
export async function createTracker(options: TrackerOptions): Promise<Tracker> {
  const config = resolveTrackerOptions(options);
  const telemetry = await loadTrackerTelemetry(options);
  const db = await openDatabase(config.database);
  const store = new TrackerStore(db, config.schema);
  const ctx = { config, store, budget: new RequestBudget(store, config.maxPollsPerSecond), random: Math.random, telemetry, eventsRecorded: () => undefined, sendsInProgress: new Set<string>() };
  // Instances sharing a PostgreSQL ledger prove they are alive from the start (decision D-TRACKER-20).
  const heartbeat = isShared(config.database) ? new Heartbeat(ctx) : undefined;
  try {
    await migrate(db, config.schema);
    await heartbeat?.start();
  } catch (error) {
    // The database's own failure is what the caller needs; one in closing it as well says nothing more.
    await db.close().catch(() => undefined);
    throw error;
  }
  return new Tracker(ctx, () => db.close(), heartbeat);
}

/** Whether the ledger is a PostgreSQL server, which several instances may share. */
function isShared(database: TrackerConfig['database']): boolean {
  return typeof database !== 'string' || isPostgresUrl(database);
}
