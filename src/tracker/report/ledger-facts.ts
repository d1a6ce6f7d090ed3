// The health check's facts of the ledger, gathered under a timer of their
// own, so a database that does not answer makes the verdict "not ok" within
// seconds instead of hanging the probe.
import { auditChainFinding } from './audit-verify.js';
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { describeError } from '../decide/describe-error.js';
import type { LedgerStore } from '../store/ledger-store.js';
import { FAILURES_BEFORE_FAILING, type DatabaseHealth, type LedgerFacts, type TrackerHealthOptions } from './health.js';

/** Thrown inside the check when the database takes longer than the check allows. */
class NoAnswer extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** Resolves as `work` does, or rejects with NoAnswer after `ms`; the timer never outlives it. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the ledger's facts under the check's own timer. A database that
 * fails or does not answer in time is reported as unreachable, with the
 * ledger's facts unknown.
 */
export async function readLedgerFacts(
  store: LedgerStore,
  now: number,
  overdueGraceMs: number,
  timeoutMs: number,
): Promise<{ database: DatabaseHealth; ledger: LedgerFacts | null }> {
  const started = performance.now();
  const reading = Promise.all([store.healthTotals(new Date(now - overdueGraceMs), FAILURES_BEFORE_FAILING), store.oldestUnresolved(), store.writeFault?.() ?? null, auditChainFinding(store)]);
  // A late answer after the timer is dropped, its failure too.
  reading.catch(() => undefined);
  try {
    const [totals, oldest, writeFault, auditChain] = await within(timeoutMs, reading);
    const lastPollAt = totals.lastSlotAt && totals.lastSlotAt.getTime() > now ? new Date(now) : totals.lastSlotAt;
    return {
      database: { reachable: true, responseMs: Math.round(performance.now() - started), error: null },
      ledger: { ...totals, lastPollAt, oldestUnresolved: oldest ?? null, writeFault, auditChain },
    };
  } catch (error) {
    const why = error instanceof NoAnswer ? error.message : describeError(error);
    return { database: { reachable: false, responseMs: null, error: why }, ledger: null };
  }
}

/** The check's time limit: the option, checked. */
export function healthTimeoutMs(options: TrackerHealthOptions | undefined): number {
  const ms = options?.timeoutMs ?? 3_000;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 1 || ms > 600_000) throw new ConfigurationError('timeoutMs must be a number of milliseconds from 1 to 600000.');
  return ms;
}
