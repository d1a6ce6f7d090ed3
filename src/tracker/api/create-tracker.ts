// createTracker: the one way an app gets a tracker. It checks the options,
// opens and migrates the database, and wires the parts a Tracker shares (the
// store, the request budget, telemetry) before anything can be sent.
import { loadTrackerTelemetry } from '../../telemetry/tracker-metrics.js';
import { migrate } from '../db/migrate.js';
import type { SqlDriver } from '../db/driver.js';
import { openDatabase } from '../db/open.js';
import { resolveTrackerOptions, type TrackerOptions } from './options.js';
import { Heartbeat } from '../runtime/heartbeat.js';
import type { LedgerStore } from '../store/ledger-store.js';
import { storeFor } from '../store/store-for.js';
import { ServiceReach } from '../work/service-reach.js';
import { rejectedContentFor } from '../store/rejected-content-for.js';
import { Tracker } from './tracker.js';
import { RequestBudget } from '../runtime/request-budget.js';
import { KeyShredder } from '../runtime/key-shredder.js';
import type { TrackerNotifier } from '../notify/notifier.js';

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
export function createTracker(options: TrackerOptions): Promise<Tracker> {
  return createTrackerOver(options, storeFor);
}

/**
 * {@link createTracker} over a store of the caller's making: the benchmark's
 * baseline (the tracker with its content kept in clear, as it was before
 * contents were sealed) measures the seal's cost with everything else equal.
 * Internal: not exported from the package.
 */
export async function createTrackerOver(options: TrackerOptions, makeStore: (db: SqlDriver, schema: string) => LedgerStore): Promise<Tracker> {
  const config = resolveTrackerOptions(options);
  const telemetry = await loadTrackerTelemetry(options);
  const db = await openDatabase(config.database);
  const store = makeStore(db, config.schema);
  const ctx = { config, store, budget: new RequestBudget(store, config.maxPollsPerSecond), random: Math.random, telemetry, eventsRecorded: () => undefined, sendsInProgress: new Set<string>(), service: new ServiceReach(), rejectedContent: rejectedContentFor(db, config.schema) };
  // Instances sharing a PostgreSQL ledger prove they are alive from the start (decision D-TRACKER-20).
  const heartbeat = db.soleUser ? undefined : new Heartbeat(ctx);
  const shredder = new KeyShredder(store, config.logger);
  try {
    await migrate(db, config.schema);
    await heartbeat?.begin();
    // The embedded engine is this process's alone (its lock says so): whatever is leased in it was leased
    // by a process that died, so its sends are resumed now rather than when the leases run out (D-TRACKER-23).
    if (db.soleUser) await store.releaseEveryLease();
    store.keysDestroyed = () => shredder.destroyed();
    // Keys destroyed just before a crash may still be in the files: cleared at once, in the background beside the
    // start rather than before it (its checkpoint was a fifth of an existing ledger's start), within the seconds
    // erasure promises (D-TRACKER-24). It never throws: a failure is logged and retried.
    void shredder.clearNow();
    await prepareNotifiers(config.notify, store);
  } catch (error) {
    // The first failure is what the caller needs; one in stopping or closing as well says nothing more.
    await heartbeat?.stop().catch(() => undefined);
    await shredder.flush().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
  return new Tracker(
    ctx,
    async () => {
      await shredder.flush();
      await db.close();
    },
    heartbeat,
  );
}

/** Each notifier loads what it needs, and gets its place in the ledger from now on (kept if it has one). */
async function prepareNotifiers(notifiers: readonly TrackerNotifier[], store: LedgerStore): Promise<void> {
  for (const notifier of notifiers) {
    await notifier.prepare?.();
    await store.notifiers.init(notifier.name, new Date());
  }
}
