import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLLS_PER_WINDOW, capWindowMs, nextPollAt, type PollScheduleInput } from '../../../src/tracker/decide/poll-schedule.js';

const HOUR = 3_600_000;
const interval = 6 * HOUR;
const base = Date.parse('2026-11-23T08:00:00Z');

function plan(overrides: Partial<PollScheduleInput>): number | undefined {
  return nextPollAt({
    now: base,
    polls: [],
    sentAt: base,
    expiryAt: undefined,
    followUntil: base + 14 * 24 * HOUR,
    intervalMs: interval,
    beforeExpiryMs: 15 * 60_000,
    random: () => 0.5,
    ...overrides,
  });
}

/** Follows a message from its send with the plan alone, returning every poll time. */
function simulate(expiryAt: number | undefined, random: () => number, extra: number[] = []): number[] {
  const polls: number[] = [];
  let now = base;
  const pending = [...extra].sort((a, b) => a - b);
  for (let i = 0; i < 200; i++) {
    const next = nextPollAt({ now, polls: polls.slice(-POLLS_PER_WINDOW), sentAt: base, expiryAt, followUntil: base + 3 * 24 * HOUR, intervalMs: interval, beforeExpiryMs: 15 * 60_000, random });
    if (next === undefined) break;
    // A user-driven poll (pollNow) that comes first and keeps the cap is made instead.
    const early = pending[0];
    if (early !== undefined && early < next && early > (polls.at(-1) ?? -Infinity)) {
      pending.shift();
      const windowStart = early - capWindowMs(interval);
      if (polls.filter((p) => p > windowStart).length < POLLS_PER_WINDOW) {
        polls.push(early);
        now = early;
        continue;
      }
    }
    polls.push(next);
    now = next;
  }
  return polls;
}

function maxInAnyWindow(polls: number[], windowMs: number): number {
  let max = 0;
  for (const p of polls) max = Math.max(max, polls.filter((q) => q >= p && q < p + windowMs).length);
  return max;
}

describe('poll schedule', () => {
  it('nextPollAt: the first poll is an interval after the send, plus a spread of up to 10%', () => {
    expect(plan({ random: () => 0 })).toBe(base + interval);
    expect(plan({ random: () => 0.999 })).toBeCloseTo(base + interval * 1.0999, -1);
  });

  it('nextPollAt: different random draws spread a batch sent together over more than half an hour', () => {
    const times = Array.from({ length: 50 }, (_, i) => plan({ random: () => i / 50 }) ?? 0);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(30 * 60_000);
    expect(new Set(times).size).toBe(50);
  });

  it('nextPollAt: polls just before expiry, then once after it, then stops at followUntil', () => {
    const expiryAt = base + 9 * HOUR;
    const polls = simulate(expiryAt, () => 0.5);
    const before = polls.filter((p) => p < expiryAt && p >= expiryAt - 22.5 * 60_000);
    expect(before).toHaveLength(1);
    expect(polls.filter((p) => p >= expiryAt)[0]).toBe(expiryAt + 15 * 60_000);
    expect(polls.at(-1)).toBeLessThanOrEqual(expiryAt + 3 * 24 * HOUR);
  });

  it('nextPollAt: undefined once following ends', () => {
    expect(plan({ now: base + 20 * 24 * HOUR, polls: [base + 20 * 24 * HOUR - 1] })).toBeUndefined();
  });

  it('nextPollAt: a regular poll is skipped when it would leave no room under the cap for the poll before expiry', () => {
    const polls = [base + 1 * HOUR, base + 2 * HOUR, base + 3 * HOUR];
    const expiryAt = base + 5 * HOUR;
    const next = plan({ now: base + 3 * HOUR, polls, expiryAt }) ?? 0;
    expect(next).toBeGreaterThan(expiryAt - 23 * 60_000);
  });

  it.each([0, 0.999_999])(
    'nextPollAt: after three polls people asked for, the next is the one before expiry, not a regular one that would push it past the expiry (random %d)',
    (draw) => {
      const polls = [base + 1 * HOUR, base + 2 * HOUR, base + 3 * HOUR];
      const expiryAt = base + 12 * HOUR; // the regular poll (9 h to 9.6 h) would come before the last stretch
      const random = () => draw;
      const next = plan({ now: base + 3 * HOUR, polls, expiryAt, random }) ?? 0;
      expect(next).toBeGreaterThanOrEqual(expiryAt - 22.5 * 60_000);
      expect(next).toBeLessThan(expiryAt);
      // And the poll after it reads the final status: one after the expiry, within the cap.
      const after = plan({ now: next, polls: [...polls, next], expiryAt, random }) ?? 0;
      expect(after).toBeGreaterThanOrEqual(expiryAt);
    },
  );

  describe('nextPollAt at the edges of its rules', () => {
    const before = 15 * 60_000;

    it('with room for both, the regular poll comes first, not the one before expiry', () => {
      const expiryAt = base + 2 * 24 * HOUR;
      expect(plan({ expiryAt, random: () => 0 })).toBe(base + interval);
    });

    it('a regular poll that would land just at the start of the last stretch gives way to the poll before expiry', () => {
      const expiryAt = base + interval + 1.5 * before; // the last stretch starts where the regular poll (random 0) lands
      expect(plan({ expiryAt, random: () => 0 })).toBe(expiryAt - before);
    });

    it.each([
      [0, 15 * 60_000],
      [0.999_999, 15 * 60_000 * 1.499_999_5],
    ])('the poll before expiry comes beforeExpiryMs before it, up to half as much again by the draw (random %d)', (draw, ahead) => {
      const expiryAt = base + HOUR;
      expect(plan({ expiryAt, random: () => draw })).toBeCloseTo(expiryAt - ahead, -1);
    });

    it('a poll at the very start of the last stretch counts as the one before expiry: the next is the one after', () => {
      const expiryAt = base + 10 * HOUR;
      const windowStart = expiryAt - 1.5 * before;
      expect(plan({ now: windowStart, polls: [windowStart], expiryAt })).toBe(expiryAt + before);
    });

    it('at the expiry itself, with no poll before it: the poll after expiry is next', () => {
      const expiryAt = base + 10 * HOUR;
      expect(plan({ now: expiryAt, polls: [base + 6 * HOUR], expiryAt })).toBe(expiryAt + before);
    });

    it('a poll at the expiry itself counts as the one after it: regular polls follow', () => {
      const expiryAt = base + 10 * HOUR;
      const polls = [expiryAt - before, expiryAt];
      expect(plan({ now: expiryAt, polls, expiryAt, random: () => 0 })).toBe(expiryAt + interval);
    });

    it('after the polls before and after expiry, regular polls go on until followUntil', () => {
      const expiryAt = base + 10 * HOUR;
      const polls = [expiryAt - before, expiryAt + before];
      expect(plan({ now: expiryAt + before, polls, expiryAt, random: () => 0 })).toBe(expiryAt + before + interval);
    });

    it('the regular poll is made when the cap frees exactly as the poll before expiry is due; a millisecond later it gives way', () => {
      // Three polls an interval apart, then the regular one: the cap frees at the first + 4 intervals + 1 ms.
      const polls = [base, base + interval, base + 2 * interval];
      const regular = base + 3 * interval;
      const expiryAt = base + 4 * interval + 1 + before; // the poll before expiry (random 0) is due just as the cap frees
      expect(plan({ now: regular - 1, polls, expiryAt, random: () => 0 })).toBe(regular);
      expect(plan({ now: regular - 1, polls, expiryAt: expiryAt - 1, random: () => 0 })).toBe(expiryAt - 1 - before);
    });

    it('a poll due exactly at followUntil is still made; one after it is not', () => {
      expect(plan({ followUntil: base + interval, random: () => 0 })).toBe(base + interval);
      expect(plan({ followUntil: base + interval - 1, random: () => 0 })).toBeUndefined();
    });
  });

  it('never more than four polls in any window of four intervals, whatever the expiry, spread and user polls', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 10 * 60_000, max: 4 * 24 * HOUR }), { nil: undefined }),
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 1, maxLength: 16 }),
        fc.array(fc.integer({ min: 0, max: 3 * 24 * HOUR }), { maxLength: 12 }),
        (expiryOffset, draws, userPolls) => {
          let i = 0;
          const random = (): number => draws[i++ % draws.length] ?? 0;
          const expiryAt = expiryOffset === undefined ? undefined : base + expiryOffset;
          const polls = simulate(expiryAt, random, userPolls.map((u) => base + u));
          expect(maxInAnyWindow(polls, capWindowMs(interval))).toBeLessThanOrEqual(POLLS_PER_WINDOW);
          for (let k = 1; k < polls.length; k++) expect(polls[k]).toBeGreaterThan(polls[k - 1] ?? 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
