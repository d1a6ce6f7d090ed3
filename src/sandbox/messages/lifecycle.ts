import { FAILED_INSTANT_IMPORT, SENT_TO_MESH } from '../../schemas/vocabulary.js';
import { EXPIRED_BEFORE_IMPORT, NOT_IMPORTED_IN_TIME } from '../reference-data.js';
import { changeStatus, type MessageRecord } from './record.js';

/** A move that happens by the passage of time. */
interface TimedEvent {
  kind: 'import' | 'scenario' | 'convert' | 'expire';
  at: number;
}

/** When several events fall on the same millisecond: import, a test scenario's step, conversion, expiry. */
const PRIORITY = { import: 0, scenario: 1, convert: 2, expire: 3 } as const;

/**
 * Whether expiry can still catch the message. Standard and instant messages
 * expire while PENDING ("not downloaded before expiry"); a GP-route message
 * only while it is still waiting in MESH ("could not be routed within the
 * allotted time"): once the practice has it, it has been delivered.
 */
function canExpire(r: MessageRecord): boolean {
  if (r.status !== 'PENDING') return false;
  return r.route !== 'gpconnect' || r.subStatus === SENT_TO_MESH;
}

function nextEvent(r: MessageRecord): TimedEvent | undefined {
  const events: TimedEvent[] = [];
  if (r.expiresAt !== undefined && canExpire(r)) events.push({ kind: 'expire', at: r.expiresAt });
  const step = r.scenario?.steps[0];
  if (step) events.push({ kind: 'scenario', at: step.at });
  const instant = r.instant;
  // A test scenario decides an instant message's fate: the toolbar's import and the conversion wait until it is over.
  if (instant?.phase === 'instant' && r.status === 'PENDING' && !step) {
    if (instant.importAt !== undefined) events.push({ kind: 'import', at: instant.importAt });
    events.push({ kind: 'convert', at: instant.convertAt });
  }
  events.sort((a, b) => a.at - b.at || PRIORITY[a.kind] - PRIORITY[b.kind]);
  return events[0];
}

/** Moves a message to EXPIRED at `at`, with the subStatus its route uses. */
export function markExpired(r: MessageRecord, at: number, cause: string): void {
  // Spec: GP route EXPIRED has a null subStatus; for instant messages subStatus gives a text reason.
  changeStatus(r, 'EXPIRED', r.instant ? EXPIRED_BEFORE_IMPORT : null, at, cause);
  r.expiredAt = at;
  if (r.instant) r.instant.phase = 'standard';
}

function apply(r: MessageRecord, event: TimedEvent): void {
  const instant = r.instant;
  if (event.kind === 'expire') return markExpired(r, event.at, 'expired: expiryDateTime passed');
  if (event.kind === 'scenario') return applyScenarioStep(r);
  if (!instant) return;
  instant.phase = 'standard';
  if (event.kind === 'convert') {
    changeStatus(r, r.status, NOT_IMPORTED_IN_TIME, event.at, 'became a standard message: no toolbar ran in time');
  } else if (instant.importFails) {
    // Spec: the message becomes a standard toolbar message with this subStatus.
    changeStatus(r, r.status, FAILED_INSTANT_IMPORT, event.at, 'automatic import failed');
  } else {
    changeStatus(r, 'COMPLETED', null, event.at, 'imported automatically by the toolbar');
  }
}

/** The next step of the message's test scenario. */
function applyScenarioStep(r: MessageRecord): void {
  const step = r.scenario?.steps.shift();
  if (!step) return;
  if (step.kind === 'expire') return markExpired(r, step.at, step.cause);
  changeStatus(r, step.status, step.subStatus, step.at, step.cause);
  if (r.instant) r.instant.phase = 'standard';
}

/**
 * Applies, in time order, every move that time has made due by `now`:
 * automatic import by a running toolbar, conversion of an unprocessed
 * instant message to a standard one, expiry. The sandbox keeps no timers:
 * state is brought up to date whenever it is read, so a manual clock drives
 * it exactly and closing leaves nothing behind.
 */
export function settle(r: MessageRecord, now: number): void {
  for (let event = nextEvent(r); event && event.at <= now; event = nextEvent(r)) apply(r, event);
}

/**
 * Whether a message is past its retention: statuses are kept only until the
 * message's expiry (spec: Limits), then for `retentionMs` more in the
 * sandbox. Messages without an expiry stay.
 */
export function isPastRetention(r: MessageRecord, now: number, retentionMs: number): boolean {
  const ends = [r.expiresAt, r.expiredAt].filter((t): t is number => t !== undefined);
  if (ends.length === 0) return false;
  return Math.min(...ends) + retentionMs <= now;
}
