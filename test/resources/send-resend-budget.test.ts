// The resend budget's decision on its own: how long the pause before a
// resend is, at both ends of its random draw, and when none is made (the
// resends spent, or a pause that would end at or past the caller's deadline).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendBudget } from '../../src/resources/send-recovery.js';

const NOW = 1_000_000;

beforeEach(() => void vi.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => void vi.restoreAllMocks());

describe('ResendBudget.nextPauseMs', () => {
  it.each([
    [0, 0],
    [0.999_999, 499],
  ])('random %d: a first pause of %i ms, made only while it ends before the deadline', (draw, ms) => {
    const budget = new ResendBudget(2);
    expect(budget.nextPauseMs(() => draw, undefined)).toBe(ms);
    expect(budget.nextPauseMs(() => draw, NOW + ms + 1)).toBe(ms);
    expect(budget.nextPauseMs(() => draw, NOW + ms)).toBeUndefined(); // it would end just as the deadline does
    expect(budget.nextPauseMs(() => draw, NOW - 1)).toBeUndefined();
  });

  it('each resend backs off from a ceiling twice the last, and none is left once maxResends are made', async () => {
    const budget = new ResendBudget(2);
    await budget.pause(0, undefined);
    expect(budget.nextPauseMs(() => 0.999_999, undefined)).toBe(999);
    expect(budget.nextPauseMs(() => 0, undefined)).toBe(0);
    await budget.pause(0, undefined);
    expect(budget.nextPauseMs(() => 0, undefined)).toBeUndefined();
    expect(new ResendBudget(0).nextPauseMs(() => 0, undefined)).toBeUndefined();
  });

  it('an abort during the pause rejects and does not count a resend', async () => {
    const budget = new ResendBudget(1);
    await expect(budget.pause(10_000, AbortSignal.abort())).rejects.toMatchObject({ name: 'RequestAbortedError' });
    expect(budget.nextPauseMs(() => 0, undefined)).toBe(0);
  });
});
