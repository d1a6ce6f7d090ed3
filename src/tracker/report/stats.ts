// The tracker's counts (by status, route, stage; attention; overdue polls;
// unhandled events), for dashboards, the CLI and the telemetry gauges.
import type { LedgerStore } from '../store/ledger-store.js';
import type { TrackedRoute, TrackerStage } from '../model/types.js';

/** A count of messages of one route with one status. */
export interface RouteStatusCount {
  /** The route. */
  route: TrackedRoute;
  /** The last known service status ('none' before the service holds the message). */
  status: string;
  /** How many messages. */
  count: number;
}

/** The oldest message not yet followed to its end. */
export interface UnresolvedMessage {
  /** Its id. */
  messageId: string;
  /** When the tracker first recorded it. */
  createdAt: Date;
  /** Where it is. */
  stage: TrackerStage;
}

/** A snapshot of the ledger, for dashboards and alerts. */
export interface TrackerStats {
  /** Every message the ledger holds. */
  total: number;
  /** Messages by last known service status ('none' before the service holds them). */
  byStatus: Record<string, number>;
  /** Messages by route. */
  byRoute: Record<TrackedRoute, number>;
  /** Messages by the tracker's stage. */
  byStage: Record<TrackerStage, number>;
  /** Messages by route and status together. */
  byRouteAndStatus: RouteStatusCount[];
  /** Messages that need a person to look at them. */
  attention: number;
  /** Active messages whose poll (or resend) is overdue: a sign of too small a `maxPollsPerSecond` or no running instance. */
  overduePolls: number;
  /** Events no handler has handled yet. */
  unhandledEvents: number;
  /** The oldest message not yet followed to its end, if any. */
  oldestUnresolved: UnresolvedMessage | null;
}

/** How late a poll may be before it counts as overdue: a tenth of the interval, at most a minute. */
export function overdueGraceMs(pollIntervalMs: number): number {
  return Math.min(60_000, pollIntervalMs / 10);
}

/** Builds the stats; a poll counts as overdue when it is `graceMs` late. */
export async function collectStats(store: LedgerStore, now: number, graceMs: number): Promise<TrackerStats> {
  const [counts, totals, oldest] = await Promise.all([store.counts(), store.totals(new Date(now - graceMs)), store.oldestUnresolved()]);
  const stats: TrackerStats = {
    total: 0,
    byStatus: {},
    byRoute: { standard: 0, instant: 0, gpconnect: 0 },
    byStage: { sending: 0, queued: 0, following: 0, failed: 0, settled: 0 },
    byRouteAndStatus: [],
    attention: totals.attention,
    overduePolls: totals.overdue,
    unhandledEvents: totals.unhandledEvents,
    oldestUnresolved: oldest ?? null,
  };
  const byRouteStatus = new Map<string, RouteStatusCount>();
  for (const c of counts) {
    const status = c.status ?? 'none';
    stats.total += c.count;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + c.count;
    stats.byRoute[c.route] = (stats.byRoute[c.route] ?? 0) + c.count;
    stats.byStage[c.stage] = (stats.byStage[c.stage] ?? 0) + c.count;
    const key = `${c.route}\u0000${status}`;
    const entry = byRouteStatus.get(key) ?? { route: c.route, status, count: 0 };
    entry.count += c.count;
    byRouteStatus.set(key, entry);
  }
  stats.byRouteAndStatus = [...byRouteStatus.values()];
  return stats;
}
