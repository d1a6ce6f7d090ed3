// The tracker's health: the facts a liveness or readiness probe, a cron job
// or a dashboard needs (the database answering, the loops alive, the last
// poll, what is overdue or waiting), and a verdict with its reasons. The
// facts are gathered under a timer of their own, so a database that does not
// answer makes the verdict "not ok" within seconds instead of hanging the
// probe. The verdict is a pure function of the facts, tested without I/O
// (D-TRACKER-32).
import type { UnresolvedMessage } from './stats.js';
import type { AuditChainBreak } from './audit-verify.js';
import type { FailingNotifier } from '../store/store.js';
import { serviceWarning, type ServiceHealth } from '../work/service-reach.js';
import type { TrackerLoopHealth } from '../runtime/polling-loop.js';

/**
 * Why a tracker is not healthy, or what deserves a look:
 * - `database-unreachable` (failing): the database did not answer in time.
 * - `ledger-not-writable` (failing): the embedded ledger answers but its disk
 *   refuses writes (full, failing or read-only): sends and status updates
 *   fail until space is freed; the tracker resumes by itself.
 * - `closed` (failing): `close()` was called.
 * - `not-started` (failing): `start()` was not called, so nothing is polled,
 *   resent or delivered in the background.
 * - `loop-failing` (failing): a background loop's last rounds failed.
 * - `loop-stuck` (failing): a background loop's round has lasted longer than
 *   a lease (an event handler that never returns, most likely).
 * - `polls-stalled` (failing): polls are overdue and no status request has
 *   been made for a while: no instance is polling this database.
 * - `polls-overdue` (warning): polls are late (a backlog after an outage, or
 *   too small a `maxPollsPerSecond`).
 * - `service-failing` (warning): the service failed the tracker's last
 *   requests (unreachable, too slow, 5xx, 429, or the API key refused);
 *   sends and polls wait and are retried.
 * - `events-waiting` (warning): events have waited long for a handler (none
 *   registered, or the handler keeps failing).
 * - `attention` (warning): messages need a person.
 * - `notifier-failing` (warning): a notifier (`notify`) failed its last
 *   three deliveries or more: people may not be told of new attention.
 * - `audit-chain-broken` (warning): the audit's hash chain does not link: an
 *   entry was changed, deleted or back-dated in the database
 *   (`cdms track audit --verify` says where).
 */
export type HealthReasonCode =
  | 'database-unreachable'
  | 'ledger-not-writable'
  | 'closed'
  | 'not-started'
  | 'loop-failing'
  | 'loop-stuck'
  | 'polls-stalled'
  | 'polls-overdue'
  | 'service-failing'
  | 'events-waiting'
  | 'attention'
  | 'notifier-failing'
  | 'audit-chain-broken';

/** One reason in a {@link TrackerHealth} verdict. */
export interface HealthReason {
  /** What it is (see {@link HealthReasonCode}). */
  code: HealthReasonCode;
  /** `failing` makes `ok` false; a `warning` is worth a look but the tracker is doing its work. */
  severity: 'failing' | 'warning';
  /** One sentence saying what was seen and what to do; never patient data. */
  message: string;
}

export type { TrackerLoopHealth } from '../runtime/polling-loop.js';

/** The tracker's background loops. */
export interface TrackerLoops {
  /** Due polls, resends and confirmations. */
  polling: TrackerLoopHealth;
  /** Event delivery to the handlers. */
  events: TrackerLoopHealth;
  /** Deletion of settled messages after `keepSettledForMs`. */
  retention: TrackerLoopHealth;
  /** Delivery of attention to the `notify` notifiers (a notifier's own failures are retried inside its rounds); null without notifiers. */
  notifications: TrackerLoopHealth | null;
  /** On PostgreSQL, the instance's heartbeat (without it, other instances take over its work after 10 s); null on the embedded engine. */
  heartbeat: TrackerLoopHealth | null;
}

/** The database as the health check found it. */
export interface DatabaseHealth {
  /** Whether it answered within the check's time limit. */
  reachable: boolean;
  /** How long the check's queries took; null when it did not answer. */
  responseMs: number | null;
  /** Why it did not answer (an error's name and the SDK's own message only); null when it did. */
  error: string | null;
}

/** The tracker's health: a verdict, its reasons, and the facts behind them. */
export interface TrackerHealth {
  /** True when the tracker can do its work: no `failing` reason (warnings allowed). */
  ok: boolean;
  /** Why not, and what deserves a look, failing reasons first. Empty when all is well. */
  reasons: HealthReason[];
  /** When the check ran. */
  checkedAt: Date;
  /** The database. */
  database: DatabaseHealth;
  /** This tracker's loops; null when read from another process (`cdms track health`). */
  loops: TrackerLoops | null;
  /** How the service answered this tracker's requests lately; null when read from another process. */
  service: ServiceHealth | null;
  /**
   * When the latest status request (a poll, a confirmation or a resend) was
   * due to leave, by any instance on this database; null when none was ever
   * made or the database did not answer.
   */
  lastPollAt: Date | null;
  /** Active messages whose poll or resend is overdue; null when the database did not answer. */
  overduePolls: number | null;
  /** Events no handler has handled yet; null when the database did not answer. */
  unhandledEvents: number | null;
  /** When the oldest of them happened. */
  oldestUnhandledEventAt: Date | null;
  /** Messages that need a person; null when the database did not answer. */
  attention: number | null;
  /** The oldest message not yet followed to its end. */
  oldestUnresolved: UnresolvedMessage | null;
}

/** Options of `tracker.health()`. */
export interface TrackerHealthOptions {
  /** How long the database may take to answer before it counts as unreachable, in milliseconds. @defaultValue 3000 */
  timeoutMs?: number | undefined;
}

/** What the verdict is judged from. Internal. */
export interface HealthFacts {
  now: number;
  /** How the tracker was found: open and started, open but not started, closed, or another process's (loops unknown). */
  state: 'running' | 'not-started' | 'closed' | 'elsewhere';
  database: DatabaseHealth;
  loops: TrackerLoops | null;
  ledger: LedgerFacts | null;
  /** How the service answered this instance's requests; unknown from another process. */
  service?: ServiceHealth | null | undefined;
}

/** What the ledger says. Internal. */
export interface LedgerFacts {
  /** The write the embedded ledger's disk last refused; null while writes succeed (and always on PostgreSQL). */
  writeFault: { code: string; since: Date } | null;
  failingNotifiers: FailingNotifier[];
  lastPollAt: Date | null;
  overduePolls: number;
  unhandledEvents: number;
  oldestUnhandledEventAt: Date | null;
  attention: number;
  oldestUnresolved: UnresolvedMessage | null;
  /** The first broken link of the audit's chain the checks found (a bounded share each: audit-verify.ts); null when sound. */
  auditChain?: AuditChainBreak | null | undefined;
}

/** The thresholds of the verdict. Internal. */
export interface HealthLimits {
  /** A round longer than this is stuck (a lease: after it another instance may take the work). */
  stuckAfterMs: number;
  /** Overdue polls with no status request for this long: nothing is polling. */
  stalledAfterMs: number;
  /** Events waiting longer than this are worth a look. */
  eventsLateAfterMs: number;
}

/** Failed rounds in a row before a loop counts as failing (each one already backed off and retried); the same for a notifier's deliveries. */
export const FAILURES_BEFORE_FAILING = 3;

const LOOP_NAMES: Record<keyof TrackerLoops, string> = { polling: 'the polling loop', events: 'event delivery', retention: 'the retention loop', notifications: 'notification delivery', heartbeat: "the instance's heartbeat" };

/** The verdict: `ok` and its reasons, failing ones first. */
export function judgeHealth(facts: HealthFacts, limits: HealthLimits): { ok: boolean; reasons: HealthReason[] } {
  const reasons: HealthReason[] = [];
  const fail = (code: HealthReasonCode, message: string): void => void reasons.push({ code, severity: 'failing', message });
  const warn = (code: HealthReasonCode, message: string): void => void reasons.push({ code, severity: 'warning', message });
  const { now, database, loops, ledger } = facts;
  if (facts.state === 'closed') fail('closed', 'The tracker is closed: create a new one with createTracker().');
  if (facts.state === 'not-started') fail('not-started', 'The tracker was not started: call start() so that messages are polled, resent and their events delivered.');
  if (!database.reachable && facts.state !== 'closed') fail('database-unreachable', `The tracker database did not answer: ${database.error ?? 'no answer in time'}.`);
  judgeLoops(loops, now, limits, fail);
  const serviceFailing = serviceWarning(facts.service);
  if (serviceFailing) warn('service-failing', serviceFailing);
  if (ledger) judgeLedger(ledger, now, limits, serviceFailing, fail, warn);
  reasons.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'failing' ? -1 : 1));
  return { ok: !reasons.some((r) => r.severity === 'failing'), reasons };
}

/** Adds a reason of one severity to the verdict. */
type Report = (code: HealthReasonCode, message: string) => void;

/** The loops' part of the verdict: failing many times in a row, or stuck in one round. */
function judgeLoops(loops: HealthFacts['loops'], now: number, limits: HealthLimits, fail: Report): void {
  for (const [key, loop] of Object.entries(loops ?? {}) as [keyof TrackerLoops, TrackerLoopHealth | null][]) {
    if (!loop) continue;
    const name = LOOP_NAMES[key];
    if (loop.failures >= FAILURES_BEFORE_FAILING) {
      fail('loop-failing', `${capitalise(name)} failed ${loop.failures} times in a row (${loop.lastError ?? 'unknown error'}); it keeps retrying.`);
    }
    if (loop.roundStartedAt && now - loop.roundStartedAt.getTime() > limits.stuckAfterMs) {
      fail('loop-stuck', `${capitalise(name)} has been in one round for ${seconds(now - loop.roundStartedAt.getTime())}: an event handler that never returns?`);
    }
  }
}

/** The ledger's part of the verdict: its disk, stalled or overdue polls, waiting events, failing notifiers, attention. */
function judgeLedger(ledger: LedgerFacts, now: number, limits: HealthLimits, serviceFailing: string | undefined, fail: Report, warn: Report): void {
  if (ledger.writeFault) {
    const { code, since } = ledger.writeFault;
    fail('ledger-not-writable', `The tracker's ledger cannot write (${code}${code === 'SQLITE_FULL' ? ': the disk is full' : ''}) since ${since.toISOString()}: sends and status updates fail until its disk takes writes again (free space); the tracker resumes by itself.`);
  }
  const sincePoll = ledger.lastPollAt ? now - ledger.lastPollAt.getTime() : Infinity;
  if (ledger.overduePolls > 0 && sincePoll > limits.stalledAfterMs) {
    const last = ledger.lastPollAt ? `the last at ${ledger.lastPollAt.toISOString()}` : 'none ever';
    fail('polls-stalled', `${ledger.overduePolls} polls are overdue and no status request has been made for a while (${last}): is a tracker running on this database?`);
  } else if (ledger.overduePolls > 0) {
    const why = serviceFailing ? 'the service is failing (see service-failing)' : 'the tracker is making them at the pace maxPollsPerSecond allows';
    warn('polls-overdue', `${ledger.overduePolls} polls are overdue; ${why}.`);
  }
  const eventAge = ledger.oldestUnhandledEventAt ? now - ledger.oldestUnhandledEventAt.getTime() : 0;
  if (ledger.unhandledEvents > 0 && eventAge > limits.eventsLateAfterMs) {
    warn('events-waiting', `${ledger.unhandledEvents} events are not handled yet, the oldest for ${seconds(eventAge)}: is a handler registered (onEvent), and does it succeed?`);
  }
  for (const n of ledger.failingNotifiers) {
    warn('notifier-failing', `The notifier "${n.name}" failed ${n.attempts} times in a row (${n.lastError ?? 'unknown error'}): people may not be told of new attention; it keeps retrying.`);
  }
  if (ledger.auditChain) warn('audit-chain-broken', `${ledger.auditChain.message} Run cdms track audit --verify, and restore the audit from a backup.`);
  if (ledger.attention > 0) warn('attention', `${ledger.attention} messages need a person (tracker.list({ attention: true }), or cdms track attention).`);
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** The full health from the facts. */
export function toHealth(facts: HealthFacts, limits: HealthLimits): TrackerHealth {
  const { ok, reasons } = judgeHealth(facts, limits);
  const l = facts.ledger;
  return {
    ok,
    reasons,
    checkedAt: new Date(facts.now),
    database: facts.database,
    loops: facts.loops,
    service: facts.service ?? null,
    lastPollAt: l?.lastPollAt ?? null,
    overduePolls: l?.overduePolls ?? null,
    unhandledEvents: l?.unhandledEvents ?? null,
    oldestUnhandledEventAt: l?.oldestUnhandledEventAt ?? null,
    attention: l?.attention ?? null,
    oldestUnresolved: l?.oldestUnresolved ?? null,
  };
}
