import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfterMs, sleep } from '../../src/core/backoff.js';
import { RequestAbortedError } from '../../src/index.js';

describe('backoff', () => {
  it('full jitter: the ceiling doubles from 500 ms and stops at 8 s', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5, 10].map((r) => backoffDelayMs(r, top))).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
    expect(backoffDelayMs(1, () => 0.5)).toBe(500);
  });

  it.each([
    ['0', 0],
    ['3', 3000],
    [' 7 ', 7000],
  ])('Retry-After %j is %i ms', (value, ms) => {
    expect(parseRetryAfterMs(value)).toBe(ms);
  });

  it('Retry-After as an HTTP date, past dates give 0, junk is ignored', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfterMs('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfterMs('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs('-5', now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
  });

  it('sleep ends at once on abort with RequestAbortedError', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort('stop');
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('sleep resolves after the time', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
