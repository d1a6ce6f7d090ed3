import { describe, expect, it } from 'vitest';
import { absenceProven, applySendVerdict, inFlightGraceMs, resendDelayMs } from '../../../src/tracker/decide/apply-send.js';
import { LocalValidationError } from '../../../src/index.js';
import { CONFIG, DAY, HOUR, NOW, stateOf, step } from './support.js';

const payload = { message: { messageId: 'kept until the service holds it' } };
/** A message written to the ledger at NOW and being sent. */
const sending = (fields = {}) => stateOf('sending', { payload, ...fields });
const later = NOW + 1_000;

describe('applySendVerdict', () => {
  it('sent: followed from now, content erased, PENDING recorded from the send, the next poll an interval (and spread) away', () => {
    const before = sending();
    const t = applySendVerdict(before, { kind: 'sent', recovered: false }, step(later));
    expect(t.state).toMatchObject({ stage: 'following', status: 'PENDING', payload: null, lastError: null, sendAttempts: 1 });
    expect(t.state.sentAt?.getTime()).toBe(later);
    // The regular poll: an interval plus 10% of it times random (0.5).
    expect(t.state.dueAt?.getTime()).toBe(later + CONFIG.pollIntervalMs * 1.05);
    expect(t.history).toEqual([{ status: 'PENDING', subStatus: null, updated: null, source: 'send' }]);
    expect(t.events).toEqual([{ kind: 'sent', recovered: false }]);
    // The decision works on a copy: the state it was given is as it was.
    expect(before).toMatchObject({ stage: 'sending', status: null, payload, sendAttempts: 0 });
  });

  it("sent after the client's own recovery: the event says recovered", () => {
    expect(applySendVerdict(sending(), { kind: 'sent', recovered: true }, step(later)).events).toEqual([{ kind: 'sent', recovered: true }]);
  });

  it('held (the status endpoint has it): sent, recovered, with the status it reported recorded from the confirmation', () => {
    const t = applySendVerdict(sending(), { kind: 'held', status: 'PENDING', subStatus: null, updated: '2026-11-23T08:00:01Z' }, step(later));
    expect(t.state).toMatchObject({ stage: 'following', status: 'PENDING', statusUpdated: '2026-11-23T08:00:01Z', payload: null });
    expect(t.history).toEqual([{ status: 'PENDING', subStatus: null, updated: null, source: 'confirm' }]);
    expect(t.events).toEqual([{ kind: 'sent', recovered: true }]);
  });

  it('held at a final status: sent, changed and terminal at once, nothing more due', () => {
    const t = applySendVerdict(sending(), { kind: 'held', status: 'COMPLETED', subStatus: null, updated: null }, step(later));
    expect(t.state).toMatchObject({ stage: 'settled', status: 'COMPLETED', dueAt: null });
    expect(t.events.map((e) => e.kind)).toEqual(['sent', 'status-changed', 'terminal']);
    expect(t.history.map((h) => [h.status, h.source])).toEqual([
      ['PENDING', 'confirm'],
      ['COMPLETED', 'confirm'],
    ]);
  });

  it('retry-later: queued, the content kept, resent after a pause that doubles with each attempt', () => {
    const first = applySendVerdict(sending(), { kind: 'retry-later', detail: 'ServiceUnavailableError: 503' }, step(later));
    expect(first.state).toMatchObject({ stage: 'queued', payload, lastError: 'ServiceUnavailableError: 503', sendAttempts: 1 });
    // interval / 360 (a minute), times the spread 0.5 + 0.5 × random.
    expect(first.state.dueAt?.getTime()).toBe(later + 60_000 * 0.75);
    expect(first.events).toEqual([]);
    const second = applySendVerdict(first.state, { kind: 'retry-later', detail: 'again' }, step(later));
    expect(second.state.dueAt?.getTime()).toBe(later + 2 * 60_000 * 0.75);
  });

  it('unconfirmed: back to sending, so the status endpoint is asked before any resend', () => {
    const t = applySendVerdict(sending(), { kind: 'unconfirmed', detail: 'TimeoutError: no answer' }, step(later));
    expect(t.state).toMatchObject({ stage: 'sending', payload, lastError: 'TimeoutError: no answer' });
    expect(t.state.dueAt?.getTime()).toBe(later + 45_000);
  });

  it('retry-later past the expiry, or past following when there is none: failed, with attention', () => {
    const expiryAt = new Date(NOW + HOUR);
    const expired = applySendVerdict(sending({ expiryAt }), { kind: 'retry-later', detail: '503' }, step(NOW + HOUR));
    expect(expired.state).toMatchObject({ stage: 'failed', dueAt: null, payload: null, attention: 'send-failed' });
    expect(expired.state.attentionDetail).toBe(`Not delivered before its expiry (${expiryAt.toISOString()}); last error: 503`);
    const noExpiry = applySendVerdict(sending(), { kind: 'retry-later', detail: '503' }, step(NOW + 14 * DAY));
    expect(noExpiry.state.attentionDetail).toBe('Not delivered before the end of following; last error: 503');
    expect(applySendVerdict(sending(), { kind: 'retry-later', detail: '503' }, step(NOW + 14 * DAY - 1)).state.stage).toBe('queued');
  });

  it('content-rejected and failed: failed for good, content erased, attention raised once with its event', () => {
    const rejected = applySendVerdict(sending(), { kind: 'content-rejected', detail: 'virus' }, step(later));
    expect(rejected.state).toMatchObject({ stage: 'failed', dueAt: null, payload: null, attention: 'content-rejected', attentionDetail: 'virus' });
    expect(rejected.events).toEqual([{ kind: 'attention', reason: 'content-rejected', detail: 'virus' }]);
    const failed = applySendVerdict(sending(), { kind: 'failed', detail: 'AuthenticationError: 401' }, step(later));
    expect(failed.state).toMatchObject({ stage: 'failed', attention: 'send-failed', lastError: 'AuthenticationError: 401' });
    expect(failed.state.attentionAt?.getTime()).toBe(later);
  });
});

describe('applySendVerdict once an attempt may have arrived', () => {
  const unclearAt = new Date(NOW);
  /** A message whose first attempt timed out at NOW. */
  const unclear = (fields = {}) => sending({ unclearAt, sendAttempts: 1, ...fields });

  it('unconfirmed: remembers when the unclear attempt ended', () => {
    const t = applySendVerdict(sending(), { kind: 'unconfirmed', detail: 'TimeoutError: no answer' }, step(later));
    expect(t.state.unclearAt?.getTime()).toBe(later);
  });

  it('a later attempt certainly not delivered: still sending (looked up before any resend), never queued', () => {
    const t = applySendVerdict(unclear(), { kind: 'retry-later', detail: 'ServiceUnavailableError: 503' }, step(later));
    expect(t.state).toMatchObject({ stage: 'sending', payload, unclearAt, lastError: 'ServiceUnavailableError: 503' });
    expect(t.events).toEqual([]);
  });

  it('a resend refused locally (its expiry passed) or by the service: delivery-unknown, never failed', () => {
    const expiryAt = new Date(NOW + 5_000);
    for (const verdict of [
      { kind: 'refused', error: new LocalValidationError([{ name: 'expiryDateTime', reason: 'is in the past' }]), detail: 'LocalValidationError: past' },
      { kind: 'failed', detail: 'BadRequestError: 400' },
      { kind: 'retry-later', detail: 'ServiceUnavailableError: 503' },
    ] as const) {
      const t = applySendVerdict(unclear({ expiryAt }), verdict, step(NOW + 10_000));
      expect(t.state, verdict.kind).toMatchObject({ stage: 'sending', attention: 'delivery-unknown', payload: null });
      expect(t.state.attentionDetail).toMatch(/may have reached the service.*Check with the practice/);
      expect(t.state.dueAt?.getTime()).toBe(NOW + 10_000 + CONFIG.pollIntervalMs);
      expect(t.events).toEqual([{ kind: 'attention', reason: 'delivery-unknown', detail: t.state.attentionDetail }]);
    }
  });

  it('the same refusals without an unclear attempt: failed, as before', () => {
    const t = applySendVerdict(sending(), { kind: 'failed', detail: 'BadRequestError: 400' }, step(later));
    expect(t.state).toMatchObject({ stage: 'failed', attention: 'send-failed' });
  });

  it('found after delivery-unknown: followed, and the attention answered', () => {
    const lost = applySendVerdict(unclear({ expiryAt: new Date(NOW) }), { kind: 'failed', detail: 'x' }, step(later)).state;
    const t = applySendVerdict(lost, { kind: 'held', status: 'COMPLETED', subStatus: null, updated: null }, step(later + HOUR));
    expect(t.state).toMatchObject({ stage: 'settled', status: 'COMPLETED', attention: null, attentionRaised: ['delivery-unknown'] });
    expect(t.events[0]).toEqual({ kind: 'sent', recovered: true });
  });

  it('not found yet: nothing sent, asked again once the attempt can no longer be on its way', () => {
    const t = applySendVerdict(unclear(), { kind: 'not-found-yet', detail: 'NotFoundError: not yet' }, step(later));
    expect(t.state).toMatchObject({ stage: 'sending', payload, unclearAt });
    expect(t.state.dueAt?.getTime()).toBe(NOW + inFlightGraceMs(CONFIG.pollIntervalMs));
  });

  it('looked up until following ends, then settled with the attention kept', () => {
    const t = applySendVerdict(unclear(), { kind: 'lookup-failed', detail: 'TimeoutError' }, step(NOW + 14 * DAY));
    expect(t.state).toMatchObject({ stage: 'settled', attention: 'delivery-unknown', dueAt: null });
  });

  it('a 404 proves absence only after the grace: a minute by default, a second at least', () => {
    expect(inFlightGraceMs(CONFIG.pollIntervalMs)).toBe(60_000);
    expect(inFlightGraceMs(200)).toBe(1_000);
    expect(absenceProven({ unclearAt: null }, NOW, CONFIG.pollIntervalMs)).toBe(true);
    expect(absenceProven({ unclearAt }, NOW + 59_999, CONFIG.pollIntervalMs)).toBe(false);
    expect(absenceProven({ unclearAt }, NOW + 60_000, CONFIG.pollIntervalMs)).toBe(true);
  });
});

describe('resendDelayMs', () => {
  const interval = CONFIG.pollIntervalMs;

  it('doubles from interval/360 to at most interval/12', () => {
    const top = (attempt: number) => resendDelayMs(attempt, interval, () => 1);
    expect([0, 1, 2, 3].map(top)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(top(5)).toBe(interval / 12);
    expect(top(500)).toBe(interval / 12);
  });

  it('spreads each pause over its upper half, so resends of a batch do not leave together', () => {
    expect(resendDelayMs(0, interval, () => 0)).toBe(30_000);
    expect(resendDelayMs(0, interval, () => 0.5)).toBe(45_000);
  });
});

describe('applySendVerdict: the edges', () => {
  const grace = inFlightGraceMs(CONFIG.pollIntervalMs);

  it('sent, on a message already seen with a status: no second PENDING row', () => {
    const t = applySendVerdict(sending({ status: 'PENDING' }), { kind: 'sent', recovered: true }, step(later));
    expect(t.history).toEqual([]);
    expect(t.state.status).toBe('PENDING');
  });

  it('not found yet: asked again once the unclear attempt can no longer be on its way, and never before the next millisecond', () => {
    const fresh = applySendVerdict(sending({ unclearAt: new Date(NOW) }), { kind: 'not-found-yet', detail: 'NotFoundError' }, step(NOW));
    expect(fresh.state.dueAt?.getTime()).toBe(NOW + grace);
    const old = applySendVerdict(sending({ unclearAt: new Date(NOW - DAY) }), { kind: 'not-found-yet', detail: 'NotFoundError' }, step(NOW));
    expect(old.state.dueAt?.getTime()).toBe(NOW + 1);
    const never = applySendVerdict(sending({ unclearAt: null }), { kind: 'not-found-yet', detail: 'NotFoundError' }, step(NOW));
    expect(never.state.dueAt?.getTime()).toBe(NOW + grace);
  });

  it('an unclear message past its expiry met by a refusal to retry later: delivery unknown, said with the expiry', () => {
    const expiryAt = new Date(NOW - 1);
    const t = applySendVerdict(sending({ unclearAt: new Date(NOW - HOUR), expiryAt }), { kind: 'retry-later', detail: 'ServiceUnavailableError: 503' }, step(NOW));
    expect(t.state.attention).toBe('delivery-unknown');
    expect(t.state.lastError).toBe(`still not confirmed at its expiry (${expiryAt.toISOString()}); last error: ServiceUnavailableError: 503`);
  });

  it('an unclear message whose resend is refused: delivery unknown, saying it could not be sent again', () => {
    const t = applySendVerdict(sending({ unclearAt: new Date(NOW - HOUR) }), { kind: 'failed', detail: 'BadRequestError: 400' }, step(NOW));
    expect(t.state.lastError).toBe('it could not be sent again (BadRequestError: 400)');
  });

  it('once delivery-unknown was raised, a further unclear answer keeps it so', () => {
    const t = applySendVerdict(sending({ unclearAt: new Date(NOW - HOUR), attentionRaised: ['delivery-unknown'] }), { kind: 'unconfirmed', detail: 'TimeoutError' }, step(NOW));
    expect(t.state.lastError).toBe('still not confirmed; last error: TimeoutError');
    expect(t.state.payload).toBeNull();
    expect(t.state.dueAt?.getTime()).toBe(NOW + CONFIG.pollIntervalMs);
  });

  it('the reason kept for delivery unknown is cut at 500 characters', () => {
    const t = applySendVerdict(sending({ unclearAt: new Date(NOW - HOUR) }), { kind: 'failed', detail: 'no answer; '.repeat(60) }, step(NOW));
    expect(t.state.lastError).toHaveLength(500);
  });
});
