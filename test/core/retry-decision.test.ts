// The transport's retry decision as a function of its inputs: no server, no fetch.
import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, LocalValidationError, RETRY_POLICIES, TimeoutError, type RetryPolicy } from '../../src/index.js';
import { retryDelayMs, retryReason, type RetryInput } from '../../src/core/retry-decision.js';

const apiError = (status: number, headers: Record<string, string> = {}) =>
  ApiError.from({ status, problem: undefined, headers: new Headers(headers), method: 'GET', path: 'api/v1/test' });

const READ = RETRY_POLICIES['messages.status'];
const GP_SEND = RETRY_POLICIES['gpconnect.send'];
const NEVER = RETRY_POLICIES['messages.send'];

/** A decision's inputs: a read on its first failure, random fixed at the top of the range. */
const input = (overrides: Partial<RetryInput> = {}): RetryInput => ({
  policy: READ,
  retry: 0,
  maxRetries: 3,
  maxRetryAfterMs: 60_000,
  random: () => 0.999999,
  ...overrides,
});

describe('retryDelayMs', () => {
  it('gives up once the retries are spent, whatever the error', () => {
    expect(retryDelayMs(apiError(503), input({ retry: 3, maxRetries: 3 }))).toBeUndefined();
    expect(retryDelayMs(apiError(503), input({ retry: 0, maxRetries: 0 }))).toBeUndefined();
    expect(retryDelayMs(apiError(503), input({ retry: 2, maxRetries: 3 }))).toBe(1999);
  });

  it("backs off with full jitter on a status the policy retries, growing with each retry", () => {
    expect([0, 1, 2].map((retry) => retryDelayMs(apiError(500), input({ retry })))).toEqual([499, 999, 1999]);
    expect(retryDelayMs(apiError(502), input({ random: () => 0 }))).toBe(0);
  });

  it.each([400, 401, 403, 404, 410, 429])('never retries status %i', (status) => {
    expect(retryDelayMs(apiError(status), input())).toBeUndefined();
  });

  it('waits as long as Retry-After asks, and gives up when it asks for more than maxRetryAfterMs', () => {
    expect(retryDelayMs(apiError(503, { 'Retry-After': '2' }), input())).toBe(2_000);
    expect(retryDelayMs(apiError(503, { 'Retry-After': '0' }), input())).toBe(0);
    expect(retryDelayMs(apiError(503, { 'Retry-After': '61' }), input({ maxRetryAfterMs: 60_000 }))).toBeUndefined();
    // A Retry-After that cannot be read leaves the backoff in charge.
    expect(retryDelayMs(apiError(503, { 'Retry-After': 'soon' }), input())).toBe(499);
  });

  it('a Retry-After exactly at maxRetryAfterMs is waited for; one second more is "not now"', () => {
    expect(retryDelayMs(apiError(503, { 'Retry-After': '60' }), input({ maxRetryAfterMs: 60_000 }))).toBe(60_000);
    expect(retryDelayMs(apiError(503, { 'Retry-After': '60' }), input({ maxRetryAfterMs: 59_999 }))).toBeUndefined();
  });

  it('follows the operation: a GP-route send retries 503 only, a standard send nothing', () => {
    expect(retryDelayMs(apiError(503), input({ policy: GP_SEND }))).toBe(499);
    expect(retryDelayMs(apiError(500), input({ policy: GP_SEND }))).toBeUndefined();
    expect(retryDelayMs(apiError(503), input({ policy: NEVER }))).toBeUndefined();
  });

  it('retries a timeout only where the policy says so', () => {
    expect(retryDelayMs(new TimeoutError('slow'), input())).toBe(499);
    expect(retryDelayMs(new TimeoutError('slow'), input({ policy: GP_SEND }))).toBeUndefined();
  });

  it('retries a connection failure by the policy: all, never-connected only, or none', () => {
    const neverConnected = new ConnectionError('refused', false);
    const dropped = new ConnectionError('reset', true);
    const none: RetryPolicy = { statuses: [], connectionErrors: 'none', timeouts: false };
    expect(retryDelayMs(neverConnected, input())).toBe(499);
    expect(retryDelayMs(dropped, input())).toBe(499);
    expect(retryDelayMs(neverConnected, input({ policy: GP_SEND }))).toBe(499);
    expect(retryDelayMs(dropped, input({ policy: GP_SEND }))).toBeUndefined();
    expect(retryDelayMs(neverConnected, input({ policy: none }))).toBeUndefined();
  });

  it('never retries anything else (a bug is not hammered)', () => {
    expect(retryDelayMs(new LocalValidationError([]), input())).toBeUndefined();
    expect(retryDelayMs(new TypeError('bug'), input())).toBeUndefined();
  });

  it('draws the jitter only when it backs off', () => {
    let draws = 0;
    const random = () => (draws++, 0.5);
    retryDelayMs(apiError(503, { 'Retry-After': '1' }), input({ random }));
    retryDelayMs(apiError(404), input({ random }));
    expect(draws).toBe(0);
    expect(retryDelayMs(apiError(503), input({ random }))).toBe(250);
    expect(draws).toBe(1);
  });
});

describe('retryReason', () => {
  it('names the status of an API error, else the error class', () => {
    expect(retryReason(apiError(503))).toBe('status 503');
    expect(retryReason(new ConnectionError('reset', true))).toBe('ConnectionError');
    expect(retryReason(new TimeoutError('slow'))).toBe('TimeoutError');
    expect(retryReason(new Error('other'))).toBe('error');
  });
});
