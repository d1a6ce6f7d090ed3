import { describe, expect, it } from 'vitest';
import { FAILED_INSTANT_IMPORT } from '../../../src/schemas/vocabulary.js';
import { raiseAttention } from '../../../src/tracker/model/attention.js';
import { recordStatus, scheduleNextPoll } from '../../../src/tracker/decide/transitions.js';
import { begin } from '../../../src/tracker/model/transition.js';
import { CONFIG, DAY, HOUR, NOW, followed, stateOf, step } from './support.js';

const seen = (status: string, subStatus: string | null = null) => ({ status, subStatus, updated: null });

describe('recordStatus', () => {
  it('the same status again: nothing recorded, no event', () => {
    const t = begin(followed());
    recordStatus(t, { status: 'PENDING', subStatus: null, updated: '2026-11-23T09:00:00Z' }, 'poll', step());
    expect(t.history).toEqual([]);
    expect(t.events).toEqual([]);
    expect(t.state.statusUpdated).toBe('2026-11-23T09:00:00Z');
  });

  it('a new status or subStatus: one history row and a status-changed event from the last one', () => {
    const t = begin(followed());
    recordStatus(t, seen('PENDING', 'Sent to MESH'), 'poll-now', step());
    expect(t.history).toEqual([{ status: 'PENDING', subStatus: 'Sent to MESH', updated: null, source: 'poll-now' }]);
    expect(t.events).toEqual([{ kind: 'status-changed', from: 'PENDING', to: 'PENDING', subStatus: 'Sent to MESH' }]);
  });

  it('a final status settles the message with a terminal event; REJECTED and EXPIRED need a person, COMPLETED does not', () => {
    const done = begin(followed({ dueAt: new Date(NOW + HOUR) }));
    recordStatus(done, seen('COMPLETED'), 'poll', step());
    expect(done.state).toMatchObject({ stage: 'settled', dueAt: null, attention: null });
    expect(done.events.map((e) => e.kind)).toEqual(['status-changed', 'terminal']);

    const rejected = begin(followed());
    recordStatus(rejected, seen('REJECTED', 'Patient not registered'), 'poll', step());
    expect(rejected.state).toMatchObject({ stage: 'settled', attention: 'rejected', attentionDetail: 'REJECTED: Patient not registered' });
    expect(rejected.events.map((e) => e.kind)).toEqual(['status-changed', 'terminal', 'attention']);

    const expired = begin(followed());
    recordStatus(expired, seen('EXPIRED'), 'poll', step());
    expect(expired.state).toMatchObject({ stage: 'settled', attention: 'expired' });
  });

  it('FAILED is not final: it needs a person once it has lasted failedAttentionMs, and not before', () => {
    const first = begin(followed());
    recordStatus(first, seen('FAILED'), 'poll', step());
    expect(first.state).toMatchObject({ stage: 'following', attention: null });
    expect(first.state.failedSince?.getTime()).toBe(NOW);

    const almost = begin(first.state);
    recordStatus(almost, seen('FAILED'), 'poll', step(NOW + CONFIG.failedAttentionMs - 1));
    expect(almost.state.attention).toBeNull();
    expect(almost.state.failedSince?.getTime()).toBe(NOW);

    const lasted = begin(first.state);
    recordStatus(lasted, seen('FAILED'), 'poll', step(NOW + CONFIG.failedAttentionMs));
    expect(lasted.state.attention).toBe('failed');
    expect(lasted.events).toEqual([{ kind: 'attention', reason: 'failed', detail: expect.stringContaining(new Date(NOW).toISOString()) as string }]);

    const recovered = begin(first.state);
    recordStatus(recovered, seen('PENDING'), 'poll', step(NOW + HOUR));
    expect(recovered.state.failedSince).toBeNull();
  });

  it('an instant message left PENDING with a subStatus fell back to a standard one: attention, said by why', () => {
    const failedImport = begin(followed({}, 'instant'));
    recordStatus(failedImport, seen('PENDING', FAILED_INSTANT_IMPORT), 'poll', step());
    expect(failedImport.state.attention).toBe('instant-fell-back');
    expect(failedImport.state.attentionDetail).toContain('the automatic import failed');

    const notRun = begin(followed({}, 'instant'));
    recordStatus(notRun, seen('PENDING', 'Toolbar not run in time'), 'poll', step());
    expect(notRun.state.attentionDetail).toContain('"Toolbar not run in time"');

    const standard = begin(followed());
    recordStatus(standard, seen('PENDING', FAILED_INSTANT_IMPORT), 'poll', step());
    expect(standard.state.attention).toBeNull();
  });
});

describe('raiseAttention', () => {
  it('raises a reason once per message, even after it was acknowledged', () => {
    const t = begin(followed());
    raiseAttention(t, 'failed', 'first', NOW);
    expect(t.state).toMatchObject({ attention: 'failed', attentionDetail: 'first', attentionRaised: ['failed'] });
    t.state.attention = null; // acknowledged
    raiseAttention(t, 'failed', 'second', NOW + 1);
    expect(t.state.attention).toBeNull();
    expect(t.events).toHaveLength(1);
  });
});

describe('scheduleNextPoll', () => {
  it('leaves a message that is not followed alone', () => {
    const t = begin(stateOf('queued', { dueAt: new Date(NOW + 5) }));
    scheduleNextPoll(t, step());
    expect(t.state.dueAt?.getTime()).toBe(NOW + 5);
  });

  it('follows a message for followForMs after its expiry, or after its send without one', () => {
    const noExpiry = begin(followed());
    scheduleNextPoll(noExpiry, step());
    expect(noExpiry.state.followUntil?.getTime()).toBe(NOW + CONFIG.followForMs);
    const withExpiry = begin(followed({ expiryAt: new Date(NOW + DAY) }));
    scheduleNextPoll(withExpiry, step());
    expect(withExpiry.state.followUntil?.getTime()).toBe(NOW + DAY + CONFIG.followForMs);
  });

  it('when following ends: settled and unresolved, but never before one poll was made', () => {
    const end = NOW + CONFIG.followForMs;
    const polled = begin(followed({ polls: 3, pollTimes: [end - HOUR] }));
    scheduleNextPoll(polled, step(end));
    expect(polled.state).toMatchObject({ stage: 'settled', dueAt: null, attention: 'unresolved' });

    const never = begin(followed());
    scheduleNextPoll(never, step(end + HOUR));
    expect(never.state).toMatchObject({ stage: 'following', attention: null });
    expect(never.state.dueAt?.getTime()).toBe(end + HOUR);
  });

  it('never settles before following has ended: a last look at its end, so the detail names a time past', () => {
    const end = NOW + CONFIG.followForMs;
    // The next regular poll (6 hours on) would come after the end of following, an hour away.
    const early = begin(followed({ polls: 3, pollTimes: [end - HOUR] }));
    scheduleNextPoll(early, step(end - HOUR));
    expect(early.state).toMatchObject({ stage: 'following', attention: null });
    expect(early.state.dueAt?.getTime()).toBe(end);

    // A message expiring 40 s ahead, followed for less than the lead time before expiry (createTracker refuses
    // that configuration; the decision holds even so): polled at once, then at the end of following, not settled at once.
    const config = { ...CONFIG, beforeExpiryMs: 30_000, followForMs: 10_000 };
    const soon = begin(followed({ expiryAt: new Date(NOW + 40_000), polls: 1, pollTimes: [NOW + 300] }));
    scheduleNextPoll(soon, { ...step(NOW + 300), config });
    expect(soon.state).toMatchObject({ stage: 'following', attention: null });
    expect(soon.state.dueAt?.getTime()).toBe(NOW + 50_000);

    const last = begin(followed({ expiryAt: new Date(NOW + 40_000), polls: 2, pollTimes: [NOW + 300, NOW + 50_000] }));
    scheduleNextPoll(last, { ...step(NOW + 50_000), config });
    expect(last.state).toMatchObject({ stage: 'settled', attention: 'unresolved' });
    const detail = last.events.find((e) => e.kind === 'attention');
    expect(detail).toMatchObject({ detail: `No final status after following it until ${new Date(NOW + 50_000).toISOString()}.` });
  });

  it('a FAILED message is looked at again when it has lasted long enough to need a person', () => {
    const failedSince = new Date(NOW);
    const t = begin(followed({ status: 'FAILED', failedSince, pollTimes: [NOW], polls: 1 }));
    scheduleNextPoll(t, step(NOW, 0.5));
    // The regular poll (6.3 hours away) comes before FAILED has lasted a day, so it stands.
    expect(t.state.dueAt?.getTime()).toBe(NOW + CONFIG.pollIntervalMs * 1.05);

    // With an hour's grace, the poll is brought forward to the hour.
    const short = { ...step(NOW, 0.5), config: { ...CONFIG, failedAttentionMs: HOUR } };
    const soon = begin(followed({ status: 'FAILED', failedSince, pollTimes: [NOW], polls: 1 }));
    scheduleNextPoll(soon, short);
    expect(soon.state.dueAt?.getTime()).toBe(NOW + HOUR);
  });
});

describe('recordStatus and scheduleNextPoll: the edges', () => {
  it('an instant message: only PENDING with a subStatus fell back; PENDING alone, or FAILED with a subStatus, did not', () => {
    const plain = begin(followed({ status: null }, 'instant'));
    recordStatus(plain, seen('PENDING'), 'poll', step());
    expect(plain.state.attention).toBeNull();
    const failed = begin(followed({}, 'instant'));
    recordStatus(failed, seen('FAILED', FAILED_INSTANT_IMPORT), 'poll', step());
    expect(failed.state.attentionRaised).not.toContain('instant-fell-back');
  });

  it('EXPIRED: the attention says it expired before the practice took it', () => {
    const t = begin(followed());
    recordStatus(t, seen('EXPIRED'), 'poll', step());
    expect(t.state).toMatchObject({ attention: 'expired', attentionDetail: 'EXPIRED before the practice took it.' });
  });

  it("once the FAILED attention was raised, the poll is no longer brought forward to it", () => {
    const short = { ...step(NOW, 0.5), config: { ...CONFIG, failedAttentionMs: HOUR } };
    const raised = begin(followed({ status: 'FAILED', failedSince: new Date(NOW), pollTimes: [NOW], polls: 1, attentionRaised: ['failed'] }));
    scheduleNextPoll(raised, short);
    expect(raised.state.dueAt?.getTime()).toBe(NOW + CONFIG.pollIntervalMs * 1.05);
  });

  it('a FAILED message whose following has ended is settled unresolved, not scheduled for its FAILED attention', () => {
    const end = NOW + CONFIG.followForMs;
    const t = begin(followed({ status: 'FAILED', failedSince: new Date(end - HOUR), polls: 3, pollTimes: [end - HOUR] }));
    scheduleNextPoll(t, step(end));
    expect(t.state).toMatchObject({ stage: 'settled', dueAt: null, attention: 'unresolved' });
  });

  it('a standard message with nothing due early: the next poll is the regular one, a real time', () => {
    const t = begin(followed({ pollTimes: [NOW], polls: 1 }));
    scheduleNextPoll(t, step(NOW, 0.5));
    expect(t.state.dueAt?.getTime()).toBe(NOW + CONFIG.pollIntervalMs * 1.05);
  });
});
