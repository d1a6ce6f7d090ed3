import { describe, expect, it } from 'vitest';
import { applyPoll } from '../../../src/tracker/decide/apply-poll.js';
import { POLLS_PER_WINDOW } from '../../../src/tracker/decide/poll-schedule.js';
import { HOUR, NOW, followed, step } from './support.js';

describe('applyPoll', () => {
  it('counts the poll, keeps the times the cap needs, and plans the next one', () => {
    const times = [NOW - 4 * HOUR, NOW - 3 * HOUR, NOW - 2 * HOUR, NOW - HOUR];
    const t = applyPoll(followed({ polls: 4, pollTimes: times, lastError: 'an old error' }), { kind: 'status', status: 'PENDING', subStatus: null, updated: null }, 'poll', step());
    expect(t.state.polls).toBe(5);
    expect(t.state.pollTimes).toEqual([...times.slice(1), NOW]);
    expect(t.state.pollTimes).toHaveLength(POLLS_PER_WINDOW);
    expect(t.state.lastError).toBeNull();
    expect(t.state.dueAt!.getTime()).toBeGreaterThan(NOW);
  });

  it('records what the poll saw, as seen by that source', () => {
    const t = applyPoll(followed(), { kind: 'status', status: 'COMPLETED', subStatus: null, updated: null }, 'poll-now', step());
    expect(t.history).toEqual([{ status: 'COMPLETED', subStatus: null, updated: null, source: 'poll-now' }]);
    expect(t.state.stage).toBe('settled');
  });

  it('a 404 before expiry is asked again at the next poll, without attention', () => {
    const t = applyPoll(followed({ expiryAt: new Date(NOW + HOUR) }), { kind: 'not-found' }, 'poll', step());
    expect(t.state).toMatchObject({ stage: 'following', attention: null });
    expect(t.state.lastError).toMatch(/^NotFoundError: /);
    expect(t.state.dueAt).not.toBeNull();
  });

  it('a 404 after expiry: the service removed the status; settled, with the last status seen in the attention', () => {
    const t = applyPoll(followed({ expiryAt: new Date(NOW - 1) }), { kind: 'not-found' }, 'poll', step());
    expect(t.state).toMatchObject({ stage: 'settled', dueAt: null, attention: 'removed-after-expiry' });
    expect(t.state.attentionDetail).toContain('last status seen: PENDING');
  });

  it('a 404 exactly at the expiry already means removed; a millisecond before, it is asked again', () => {
    const at = applyPoll(followed({ expiryAt: new Date(NOW) }), { kind: 'not-found' }, 'poll', step());
    expect(at.state).toMatchObject({ stage: 'settled', attention: 'removed-after-expiry' });
    const before = applyPoll(followed({ expiryAt: new Date(NOW + 1) }), { kind: 'not-found' }, 'poll', step());
    expect(before.state).toMatchObject({ stage: 'following', attention: null });
  });

  it('a 404 after expiry of a message never seen with a status says so', () => {
    const t = applyPoll(followed({ expiryAt: new Date(NOW - 1), status: null }), { kind: 'not-found' }, 'poll', step());
    expect(t.state.attentionDetail).toBe('The service removed the status after expiry; last status seen: none.');
  });

  it('a failed request is kept as the last error; the message is still followed', () => {
    const t = applyPoll(followed(), { kind: 'error', detail: 'ConnectionError: refused' }, 'poll', step());
    expect(t.state).toMatchObject({ stage: 'following', lastError: 'ConnectionError: refused', polls: 1 });
    expect(t.events).toEqual([]);
  });
});
