// The health of a running tracker: its loops' states as they are, and the
// ledger's facts read within the time the caller allows.
import type { TrackerLoops } from './health.js';
import { toHealth, type TrackerHealth, type TrackerHealthOptions } from './health.js';
import { healthTimeoutMs, readLedgerFacts } from './ledger-facts.js';
import { overdueGraceMs } from './stats.js';
import type { TrackerContext } from '../work/context.js';

/** Events waiting longer than this are worth a look in the health check. */
const EVENTS_LATE_MS = 5 * 60_000;

/** The health of a tracker in `state`, its loops as given; a closed one's database is not asked. Internal. */
export async function liveHealth(
  ctx: TrackerContext,
  state: 'closed' | 'running' | 'not-started',
  loops: TrackerLoops,
  options: TrackerHealthOptions | undefined,
): Promise<TrackerHealth> {
  const timeoutMs = healthTimeoutMs(options);
  const { config, store } = ctx;
  const now = Date.now();
  const limits = { stuckAfterMs: config.leaseMs, stalledAfterMs: Math.max(config.leaseMs, 60_000), eventsLateAfterMs: EVENTS_LATE_MS };
  if (state === 'closed') {
    const database = { reachable: false, responseMs: null, error: 'the tracker is closed' };
    return toHealth({ now, state: 'closed', database, loops, ledger: null }, limits);
  }
  const { database, ledger } = await readLedgerFacts(store, now, overdueGraceMs(config.pollIntervalMs), timeoutMs);
  return toHealth({ now, state, database, loops, ledger, service: ctx.service.status() }, limits);
}
