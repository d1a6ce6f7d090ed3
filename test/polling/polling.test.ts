import { describe, expect, it } from 'vitest';
import { isTerminalStatus, planStatusPolls, type PlanStatusPollsOptions, type StatusPollPlan } from '../../src/index.js';

const HOUR = 3_600_000;
const sentAt = new Date('2026-11-21T08:00:00Z');
const ID = '6f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f60';

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

  // spreadMs: 0 keeps the schedule itself in view; the spread has its own tests below.
  const plan = (options: Omit<PlanStatusPollsOptions, 'messageId'> & { messageId?: string }) =>
    planStatusPolls({ messageId: ID, spreadMs: 0, ...options });
  const iso = (p: StatusPollPlan) => p.times.map((d) => d.toISOString());

  it('without expiry: the next four polls, six hours apart, after now', () => {
    expect(iso(plan({ sentAt, now: new Date(sentAt.getTime() + 7 * HOUR) }))).toEqual([
      '2026-11-21T20:00:00.000Z',
      '2026-11-22T02:00:00.000Z',
      '2026-11-22T08:00:00.000Z',
      '2026-11-22T14:00:00.000Z',
    ]);
  });

  it('with expiry: polls up to it and one 15 minutes before it', () => {
    expect(iso(plan({ sentAt, now: sentAt, expiryDateTime: '2026-11-22T09:00:00+01:00' }))).toEqual([
      '2026-11-21T14:00:00.000Z',
      '2026-11-21T20:00:00.000Z',
      '2026-11-22T07:45:00.000Z',
    ]);
  });

  it('never more than four polls in any 24 hours, spread or not', () => {
    for (const spreadMs of [0, 30 * 60_000, 6 * HOUR - 1]) {
      for (let expiryHours = 1; expiryHours < 24 * 5; expiryHours += 1) {
        const expiry = sentAt.getTime() + expiryHours * HOUR;
        const times = plan({ sentAt, now: sentAt, expiryDateTime: new Date(expiry), spreadMs }).times.map((d) => d.getTime());
        for (const t of times) expect(times.filter((u) => u >= t && u < t + 24 * HOUR).length).toBeLessThanOrEqual(4);
        expect(times.at(-1)).toBeLessThanOrEqual(expiry - 15 * 60_000);
        expect(times.at(-1)).toBeGreaterThan(expiry - 15 * 60_000 - spreadMs - 1);
      }
    }
  });

  describe('spread', () => {
    const batch = Array.from({ length: 200 }, (_, i) => `6f1c2b1e-8f1a-4c1e-9d2a-${String(i).padStart(12, '0')}`);
    const firstPolls = (options: Partial<PlanStatusPollsOptions> = {}) =>
      batch.map((messageId) => planStatusPolls({ messageId, sentAt, now: sentAt, ...options }).times[0]!.getTime());

    it('a batch sent in the same second is polled over the 30-minute window, not in one second', () => {
      const times = firstPolls();
      const seconds = new Set(times.map((t) => Math.floor(t / 1000)));
      expect(seconds.size).toBeGreaterThan(150);
      for (const t of times) {
        expect(t).toBeGreaterThanOrEqual(sentAt.getTime() + 6 * HOUR);
        expect(t).toBeLessThan(sentAt.getTime() + 6 * HOUR + 30 * 60_000);
      }
      // Spread over the window, not bunched in a part of it.
      const quarters = new Set(times.map((t) => Math.floor((t - sentAt.getTime() - 6 * HOUR) / (7.5 * 60_000))));
      expect(quarters.size).toBe(4);
    });

    it('the same message gets the same plan on every call; spreadMs sets the window, 0 turns it off', () => {
      expect(firstPolls()).toEqual(firstPolls());
      expect(Math.max(...firstPolls({ spreadMs: 60_000 }))).toBeLessThan(sentAt.getTime() + 6 * HOUR + 60_000);
      expect(new Set(firstPolls({ spreadMs: 0 }))).toEqual(new Set([sentAt.getTime() + 6 * HOUR]));
    });

    it('the last poll keeps its spread, unless that would put it in the past', () => {
      const expiry = sentAt.getTime() + 20 * 60_000;
      const [only] = planStatusPolls({ messageId: batch[7]!, sentAt, now: sentAt, expiryDateTime: new Date(expiry) }).times;
      expect(only!.getTime()).toBe(expiry - 15 * 60_000);
    });
  });

  describe('an empty plan says why', () => {
    it('after the expiry: expired, and what to do', () => {
      const result = plan({ sentAt, now: new Date('2026-11-23T00:00:00Z'), expiryDateTime: '2026-11-22T00:00:00Z' });
      expect(result.times).toEqual([]);
      expect(result.whyEmpty?.reason).toBe('expired');
      expect(result.whyEmpty?.message).toMatch(/expired at 2026-11-22T00:00:00.000Z: no poll is planned.*ask once now/);
    });

    it('an expiry closer than the lead time: expires-within-lead-time, naming the lead time', () => {
      const result = plan({ sentAt, now: sentAt, expiryDateTime: new Date(sentAt.getTime() + 10 * 60_000) });
      expect(result.times).toEqual([]);
      expect(result.whyEmpty).toEqual({
        reason: 'expires-within-lead-time',
        message: expect.stringMatching(/expires at 2026-11-21T08:10:00.000Z, sooner than the last poll's lead time \(15 min\): no poll fits/) as string,
      });
    });

    it('a plan with polls has no whyEmpty', () => {
      expect(plan({ sentAt, now: sentAt, expiryDateTime: new Date(sentAt.getTime() + 20 * 60_000) }).whyEmpty).toBeUndefined();
    });
  });

  it.each([
    [{ sentAt: new Date('nope') }, TypeError, /sentAt must be a valid Date/],
    [{ messageId: '' }, TypeError, /messageId must be/],
    [{ spreadMs: 6 * HOUR }, RangeError, /spreadMs must be at least 0 and less than six hours/],
    [{ spreadMs: -1 }, RangeError, /spreadMs/],
    [{ beforeExpiryMs: -1 }, RangeError, /beforeExpiryMs must be 0 or more/],
    [{ expiryDateTime: 'tomorrow' }, RangeError, /expiryDateTime is not a date/],
  ])('options that cannot make a plan: %j', (options, type, message) => {
    expect(() => planStatusPolls({ messageId: ID, sentAt, ...options })).toThrow(type);
    expect(() => planStatusPolls({ messageId: ID, sentAt, ...options })).toThrow(message);
  });
});
