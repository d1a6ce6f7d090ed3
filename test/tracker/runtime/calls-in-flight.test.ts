import { describe, expect, it } from 'vitest';
import { CallsInFlight } from '../../../src/tracker/runtime/calls-in-flight.js';

/** A promise settled from outside. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued reaction run. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the calls in flight', () => {
  it('settles at once when nothing is under way', async () => {
    const calls = new CallsInFlight();
    expect(calls.size).toBe(0);
    await expect(calls.settled()).resolves.toBeUndefined();
  });

  it('returns the call it counts, and counts it until it settles, rejected or not', async () => {
    const calls = new CallsInFlight();
    const ok = deferred<string>();
    const failing = deferred();
    expect(calls.add(ok.promise)).toBe(ok.promise);
    calls.add(failing.promise).catch(() => undefined);
    expect(calls.size).toBe(2);
    failing.reject(new Error('refused'));
    await turn();
    expect(calls.size).toBe(1);
    ok.resolve('done');
    await turn();
    expect(calls.size).toBe(0);
  });

  it('settled() waits for every call under way, a failed one included, and for none after', async () => {
    const calls = new CallsInFlight();
    const first = deferred();
    const second = deferred();
    void calls.add(first.promise);
    calls.add(second.promise).catch(() => undefined);
    let settled = false;
    const waiting = calls.settled().then(() => (settled = true));
    const another = calls.settled();
    first.resolve();
    await turn();
    expect(settled).toBe(false);
    second.reject(new Error('refused'));
    await waiting;
    await expect(another).resolves.toBeUndefined();
    expect(settled).toBe(true);
    await expect(calls.settled()).resolves.toBeUndefined();
  });

  it('tells its owner how many are left each time one settles', async () => {
    const sizes: number[] = [];
    const calls = new CallsInFlight((size) => sizes.push(size));
    const jobs = [deferred(), deferred(), deferred()];
    for (const job of jobs) void calls.add(job.promise);
    jobs[1]!.resolve();
    await turn();
    jobs[0]!.resolve();
    jobs[2]!.resolve();
    await turn();
    expect(sizes).toEqual([2, 1, 0]);
  });
});
