import { describe, expect, it } from 'vitest';
import { isTerminalStatus, planStatusPolls } from '../src/index.js';

const HOUR = 3_600_000;
const sentAt = new Date('2026-11-21T08:00:00Z');

describe('polling', () => {
  it.each([
    ['COMPLETED', true],
    ['REJECTED', true],
    ['EXPIRED', true],
    ['PENDING', false],
    ['FAILED', false],
    ['SOMETHING_NEW', false],
  ])('isTerminalStatus(%s) is %s', (status, terminal) => {
    expect(isTerminalStatus(status)).toBe(terminal);
  });

  it('without expiry: the next four polls, six hours apart, after now', () => {
    const polls = planStatusPolls({ sentAt, now: new Date(sentAt.getTime() + 7 * HOUR) });
    expect(polls.map((d) => d.toISOString())).toEqual([
      '2026-11-21T20:00:00.000Z',
      '2026-11-22T02:00:00.000Z',
      '2026-11-22T08:00:00.000Z',
      '2026-11-22T14:00:00.000Z',
    ]);
  });

  it('with expiry: polls up to it and one 15 minutes before it', () => {
    const polls = planStatusPolls({ sentAt, now: sentAt, expiryDateTime: '2026-11-22T09:00:00+01:00' });
    expect(polls.map((d) => d.toISOString())).toEqual([
      '2026-11-21T14:00:00.000Z',
      '2026-11-21T20:00:00.000Z',
      '2026-11-22T07:45:00.000Z',
    ]);
  });

  it('never more than four polls in any 24 hours', () => {
    for (let expiryHours = 1; expiryHours < 24 * 5; expiryHours += 1) {
      const polls = planStatusPolls({ sentAt, now: sentAt, expiryDateTime: new Date(sentAt.getTime() + expiryHours * HOUR) });
      const times = polls.map((d) => d.getTime());
      for (const t of times) expect(times.filter((u) => u >= t && u < t + 24 * HOUR).length).toBeLessThanOrEqual(4);
      expect(times.at(-1)).toBe(sentAt.getTime() + expiryHours * HOUR - 15 * 60_000);
    }
  });

  it('after the last useful moment: nothing to poll', () => {
    expect(planStatusPolls({ sentAt, now: new Date('2026-11-23T00:00:00Z'), expiryDateTime: '2026-11-22T00:00:00Z' })).toEqual([]);
  });
});
