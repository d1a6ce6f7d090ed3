// What the steps with effects share (config, store, budget, telemetry, the
// random source), and how a step's pure context and its calls' deadline
// are taken from it.
import type { TrackerTelemetry } from '../../telemetry/tracker-metrics.js';
import type { TrackerConfig } from './config.js';
import type { LedgerStore } from '../store/ledger-store.js';
import type { StepContext } from '../decide/step-context.js';
import type { ServiceReach } from './service-reach.js';

/**
 * The status-request budget as the work takes from it: slots reserved in
 * order, and a wait for a slot's turn (false when the signal fired first).
 * A port, so the work stands below the runtime that implements it
 * (runtime/request-budget.ts). Internal.
 */
export interface RequestSlots {
  reserve(count: number, now?: number): Promise<number[]>;
  waitTurn(slot: number, signal: AbortSignal): Promise<boolean>;
}
import type { RejectedContentStore } from '../../rejected-content/store.js';

/** What the tracker's parts share. Internal. */
export interface TrackerContext {
  config: TrackerConfig;
  store: LedgerStore;
  budget: RequestSlots;
  random: () => number;
  /** Spans around polls, counters and gauges (a no-op without OpenTelemetry). */
  telemetry: TrackerTelemetry;
  /** Called after anything that recorded events, so they are delivered without waiting. */
  eventsRecorded(): void;
  /**
   * The messageIds `tracker.send` is sending in this process right now: the
   * background work never takes one over, whatever its lease says (one owner
   * per message; decision D-TRACKER-19).
   */
  sendsInProgress: Set<string>;
  /** How the service answered this instance's requests, for the health check. */
  service: ServiceReach;
  /** The service's verdicts on attachment content, in the ledger: checked before every tracked send (D-TRACKER-36). */
  rejectedContent: RejectedContentStore;
}

/** The context of one step of the logic, at the current time. */
export function stepContext(ctx: TrackerContext, now = Date.now()): StepContext {
  return { now, config: ctx.config, random: ctx.random };
}

/**
 * Options of the client calls made while holding a lease: they must end
 * before the lease does, or another instance could take the work over while
 * this one is still at it.
 */
export function leasedCallOptions(ctx: TrackerContext, leaseLeftMs = ctx.config.leaseMs): { deadlineMs: number } {
  return { deadlineMs: Math.max(1, leaseLeftMs - leaseMarginMs(ctx.config.leaseMs)) };
}

/** How long before its lease ends a leased call must be over: a quarter of the lease, at most five seconds. */
export function leaseMarginMs(leaseMs: number): number {
  return Math.min(5_000, Math.floor(leaseMs / 4));
}
