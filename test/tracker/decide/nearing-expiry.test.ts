import { describe, expect, it } from 'vitest';
import { applySendVerdict } from '../../../src/tracker/decide/apply-send.js';
import { watchExpiry } from '../../../src/tracker/decide/nearing-expiry.js';
import { begin } from '../../../src/tracker/model/transition.js';
import type { MessageState } from '../../../src/tracker/model/message-state.js';
import { CONFIG, DAY, HOUR, NOW, stateOf, step } from './support.js';

const payload = { message: { messageId: 'kept until the service holds it' } };
const retryLater = { kind: 'retry-later', detail: 'ServiceUnavailableError: 503' } as const;
const unconfirmed = { kind: 'unconfirmed', detail: 'TimeoutError: no answer' } as const;

describe('nearing-expiry: attention before it is too late to act', () => {
  it('a queued message far from its expiry raises nothing, and its next attempt comes no later than the moment it would', () => {
    const expiry = NOW + 10 * HOUR;
    const t = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(expiry), sendAttempts: 30 }), retryLater, step(NOW));
    expect(t.state.stage).toBe('queued');
    expect(t.state.attention).toBeNull();
    expect(t.events).toEqual([]);
    expect(t.state.dueAt!.getTime()).toBeLessThanOrEqual(expiry - CONFIG.nearingExpiryMs);
  });

  it('a long resend pause is cut to the moment the expiry comes near', () => {
    const expiry = NOW + 10 * 60_000 + CONFIG.nearingExpiryMs; // the expiry comes near in 10 minutes
    const nearing = expiry - CONFIG.nearingExpiryMs;
    const t = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(expiry), sendAttempts: 30 }), retryLater, step(NOW));
    // The back-off after 30 attempts is 15-30 minutes; the next attempt is at the nearing moment instead.
    expect(t.state.dueAt!.getTime()).toBe(nearing);
  });

  for (const [name, verdict, stage] of [['queued (a certain failure)', retryLater, 'queued'], ['unconfirmed (an unclear send)', unconfirmed, 'sending']] as const) {
    it(`${name} within nearingExpiryMs of its expiry, a second attempt failed: attention once, with an event, the tracker still trying`, () => {
      const expiry = NOW + CONFIG.nearingExpiryMs - 60_000;
      // The first attempt's failure alone raises nothing: it often passes, and the next attempt comes within minutes.
      const first = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(expiry) }), verdict, step(NOW - 60_000));
      expect(first.state.attention).toBeNull();
      expect(first.events).toEqual([]);
      expect(first.state.dueAt!.getTime()).toBeLessThan(NOW);
      const t = applySendVerdict({ ...first.state, stage: 'sending' }, verdict, step(NOW));
      expect(t.state).toMatchObject({ stage, attention: 'nearing-expiry' });
      expect(t.state.attentionAt?.getTime()).toBe(NOW);
      expect(t.state.attentionDetail).toContain(new Date(expiry).toISOString());
      expect(t.state.dueAt).not.toBeNull();
      expect(t.events).toEqual([{ kind: 'attention', reason: 'nearing-expiry', detail: t.state.attentionDetail }]);
      // The next failed attempt raises nothing more.
      const again = applySendVerdict({ ...t.state, stage: 'sending' }, verdict, step(NOW + 60_000));
      expect(again.events).toEqual([]);
      expect(again.state.attention).toBe('nearing-expiry');
    });
  }

  it('without an expiry, the end of following counts', () => {
    const createdLongAgo = NOW - (CONFIG.followForMs - HOUR);
    const t = applySendVerdict(stateOf('sending', { payload, createdAt: new Date(createdLongAgo), sendAttempts: 5 }), retryLater, step(NOW));
    expect(t.state.attention).toBe('nearing-expiry');
    const fresh = applySendVerdict(stateOf('sending', { payload }), retryLater, step(NOW));
    expect(fresh.state.attention).toBeNull();
    expect(fresh.state.dueAt!.getTime()).toBeLessThan(NOW + DAY);
  });

  it('delivered after all: the nearing-expiry attention clears by itself; another reason stays', () => {
    const near = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(NOW + HOUR), sendAttempts: 3 }), retryLater, step(NOW));
    expect(near.state.attention).toBe('nearing-expiry');
    const sent = applySendVerdict({ ...near.state, stage: 'sending' }, { kind: 'sent', recovered: false }, step(NOW + 60_000));
    expect(sent.state).toMatchObject({ stage: 'following', attention: null, attentionAt: null, attentionDetail: null });
    expect(sent.state.attentionRaised).toContain('nearing-expiry');
    const other = stateOf('sending', { payload, attention: 'instant-fell-back', attentionAt: new Date(NOW), attentionRaised: ['instant-fell-back'] });
    expect(applySendVerdict(other, { kind: 'sent', recovered: false }, step(NOW)).state.attention).toBe('instant-fell-back');
  });

  it('past its expiry it is too late to warn: a queued message fails for good, an unclear one is not warned of', () => {
    const t = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(NOW - 1), sendAttempts: 3 }), retryLater, step(NOW));
    expect(t.state).toMatchObject({ stage: 'failed', attention: 'send-failed' });
    const unclear = applySendVerdict(stateOf('sending', { payload, expiryAt: new Date(NOW - 1), sendAttempts: 3 }), unconfirmed, step(NOW));
    expect(unclear.state.attentionRaised).not.toContain('nearing-expiry');
  });
});

describe('watchExpiry at its boundaries', () => {
  const expiry = NOW + 10 * HOUR;
  const nearing = expiry - CONFIG.nearingExpiryMs;
  const watched = (stage: 'queued' | 'sending' | 'following', now: number, fields: Partial<MessageState> = {}) => {
    const t = begin(stateOf(stage, { payload, expiryAt: new Date(expiry), sendAttempts: 2, dueAt: new Date(expiry + HOUR), ...fields }));
    watchExpiry(t, step(now));
    return t;
  };

  it('exactly at the nearing moment: attention (queued: the service could not take it; sending: its delivery unconfirmed)', () => {
    const queued = watched('queued', nearing);
    expect(queued.state.attention).toBe('nearing-expiry');
    expect(queued.state.attentionDetail).toBe(
      `Not delivered: the service could not take it yet, and its expiry at ${new Date(expiry).toISOString()} is near. The tracker keeps trying; reach the practice another way if it cannot wait.`,
    );
    const sending = watched('sending', nearing);
    expect(sending.state.attentionDetail).toMatch(/^Not delivered: its delivery could not be confirmed yet, and its expiry at /);
  });

  it('a millisecond before the nearing moment: no attention, the next attempt brought forward to that moment', () => {
    const t = watched('queued', nearing - 1);
    expect(t.state.attention).toBeNull();
    expect(t.state.dueAt!.getTime()).toBe(nearing);
    const sooner = watched('queued', nearing - 1, { dueAt: new Date(nearing - 5) });
    expect(sooner.state.dueAt!.getTime()).toBe(nearing - 5);
  });

  it('exactly at the expiry it is too late to warn; a millisecond before, it warns', () => {
    expect(watched('queued', expiry).state.attention).toBeNull();
    expect(watched('queued', expiry - 1).state.attention).toBe('nearing-expiry');
  });

  it('only a queued or sending message, once, and only after a second attempt', () => {
    const following = watched('following', nearing);
    expect(following.state.attention).toBeNull();
    expect(following.state.dueAt!.getTime()).toBe(expiry + HOUR);
    expect(watched('following', nearing - 1).state.dueAt!.getTime()).toBe(expiry + HOUR);
    const raised = watched('queued', nearing, { attentionRaised: ['nearing-expiry'] });
    expect(raised.state.attention).toBeNull();
    expect(raised.events).toEqual([]);
    expect(watched('queued', nearing - 1, { attentionRaised: ['nearing-expiry'] }).state.dueAt!.getTime()).toBe(expiry + HOUR);
    expect(watched('queued', nearing, { attentionRaised: ['delivery-unknown'] }).state.attention).toBe('nearing-expiry');
    expect(watched('sending', nearing, { sendAttempts: 1 }).state.attention).toBeNull();
  });

  it('without an expiry, the text names the end of following', () => {
    const end = NOW + CONFIG.followForMs;
    const t = begin(stateOf('queued', { payload, sendAttempts: 2 }));
    watchExpiry(t, step(end - 1));
    expect(t.state.attentionDetail).toContain(`the end of following at ${new Date(end).toISOString()} is near`);
  });
});
