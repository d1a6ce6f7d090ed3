// The fault suites' accounting: what each tracked send answered, set against
// what the sandbox holds once nothing is on its way any more. A verdict is
// false when it says certainly not delivered (`queued`, an error's
// `not-sent`, the ledger's `failed`) for a message the service holds.
import { expect } from 'vitest';
import { CdmsError } from '../../../src/index.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import type { TrackedMessageSummary, Tracker } from '../../../src/tracker/index.js';

/** What one `tracker.send` answered, and how long it took. */
export interface SendRecord {
  messageId: string;
  outcome?: 'sent' | 'queued' | 'unconfirmed';
  error?: unknown;
  ms: number;
}

/** Sends through `send`, recording the answer (never throws). */
export async function recordSend(messageId: string, send: () => Promise<{ outcome: 'sent' | 'queued' | 'unconfirmed' }>): Promise<SendRecord> {
  const started = Date.now();
  try {
    const { outcome } = await send();
    return { messageId, outcome, ms: Date.now() - started };
  } catch (error) {
    return { messageId, error, ms: Date.now() - started };
  }
}

/** The counts a fault suite asserts on (and prints, for the record). */
export interface VerdictCounts {
  sends: number;
  sent: number;
  queued: number;
  unconfirmed: number;
  errors: number;
  /** `queued` for a message the service holds. */
  falseQueued: number;
  /** An error saying `not-sent` for a message the service holds. */
  falseNotSent: number;
  /** The ledger says `failed` (not delivered, never resent) for a message the service holds. */
  falseFailed: number;
  /** The service accepted one messageId more than once. */
  heldTwice: number;
  /** An error that is not a CdmsError, or lacks `delivery` or the messageId. */
  rawErrors: number;
  /** The slowest call, in milliseconds. */
  slowestMs: number;
}

/** Counts the verdicts against the sandbox and the ledger. */
export async function countVerdicts(records: readonly SendRecord[], sandbox: Sandbox, tracker: Pick<Tracker, 'get'>): Promise<VerdictCounts> {
  const held = new Set(sandbox.listMessages().map((m) => m.messageId));
  const stats = sandbox.stats().sends;
  const counts: VerdictCounts = {
    sends: records.length,
    sent: 0,
    queued: 0,
    unconfirmed: 0,
    errors: 0,
    falseQueued: 0,
    falseNotSent: 0,
    falseFailed: 0,
    heldTwice: Object.values(stats).filter((s) => s.accepted > 1).length,
    rawErrors: 0,
    slowestMs: Math.max(0, ...records.map((r) => r.ms)),
  };
  for (const r of records) {
    if (r.outcome) counts[r.outcome]++;
    if (r.outcome === 'queued' && held.has(r.messageId)) counts.falseQueued++;
    if (r.error !== undefined) {
      counts.errors++;
      const e = r.error;
      if (!(e instanceof CdmsError) || e.delivery === undefined || e.messageId !== r.messageId) counts.rawErrors++;
      if (e instanceof CdmsError && e.delivery === 'not-sent' && held.has(r.messageId)) counts.falseNotSent++;
    }
    const kept = await tracker.get(r.messageId);
    if (kept?.stage === 'failed' && held.has(r.messageId)) counts.falseFailed++;
  }
  return counts;
}

/** The four promises every fault suite checks: no false "not delivered", nothing twice, no raw error, every call bounded. */
export function expectTruthful(counts: VerdictCounts, boundMs: number): void {
  console.log(`[fault suite] ${JSON.stringify(counts)}`);
  expect({
    falseQueued: counts.falseQueued,
    falseNotSent: counts.falseNotSent,
    falseFailed: counts.falseFailed,
    heldTwice: counts.heldTwice,
    rawErrors: counts.rawErrors,
  }).toEqual({ falseQueued: 0, falseNotSent: 0, falseFailed: 0, heldTwice: 0, rawErrors: 0 });
  expect(counts.slowestMs).toBeLessThan(boundMs);
}

/** Waits until no message is being sent or queued, except those a person was asked to check. */
export async function ledgerAtRest(tracker: Pick<Tracker, 'list'>, timeoutMs: number): Promise<TrackedMessageSummary[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { items } = await tracker.list({ limit: 1000 });
    const moving = items.filter((m) => m.stage === 'queued' || (m.stage === 'sending' && m.attention?.reason !== 'delivery-unknown'));
    if (moving.length === 0) return items;
    if (Date.now() > end) throw new Error(`${moving.length} messages still moving: ${moving.map((m) => `${m.stage}/${m.lastError ?? ''}`).slice(0, 3).join('; ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
