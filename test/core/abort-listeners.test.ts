import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onAbort, pause } from '../../src/core/abort-listeners.js';

/** How many 'abort' listeners Node's EventTarget holds for a signal (its own count, as `getEventListeners` reads it). */
function eventListeners(signal: AbortSignal): number {
  return getEventListeners(signal, 'abort').length;
}

describe('listening for a signal abort from many waits', () => {
  it('calls each callback still listening once, in the order they came, when the signal aborts', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => calls.push('first'));
    const stopSecond = onAbort(controller.signal, () => calls.push('second'));
    onAbort(controller.signal, () => calls.push('third'));
    onAbort(controller.signal, () => calls.push('fourth'));
    stopSecond();
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['first', 'third', 'fourth']);
  });

  it('never calls one whose wait ended, wherever it was in the list, nor one added after the abort', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const stops = [0, 1, 2, 3, 4].map((n) => onAbort(controller.signal, () => calls.push(n)));
    stops[0]!();
    stops[4]!();
    stops[2]!();
    stops[2]!(); // a second stop changes nothing
    controller.abort();
    onAbort(controller.signal, () => calls.push(99));
    expect(calls).toEqual([1, 3]);
  });

  it('adds one event listener to the signal however many waits listen, and none to an aborted one', () => {
    const controller = new AbortController();
    const stops = Array.from({ length: 50 }, () => onAbort(controller.signal, () => undefined));
    expect(eventListeners(controller.signal)).toBe(1);
    for (const stop of stops) stop();
    onAbort(controller.signal, () => undefined);
    expect(eventListeners(controller.signal)).toBe(1);
    const aborted = AbortSignal.abort();
    let called = false;
    onAbort(aborted, () => (called = true));
    expect(eventListeners(aborted)).toBe(0);
    expect(called).toBe(false);
  });

  it('listens to each signal apart', () => {
    const one = new AbortController();
    const other = new AbortController();
    const calls: string[] = [];
    onAbort(one.signal, () => calls.push('one'));
    onAbort(other.signal, () => calls.push('other'));
    other.abort();
    expect(calls).toEqual(['other']);
    one.abort();
    expect(calls).toEqual(['other', 'one']);
  });
});

describe('a pause a signal cuts short', () => {
  it('says the time came, with a signal or without one', async () => {
    const controller = new AbortController();
    const started = Date.now();
    expect(await pause(30, controller.signal)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(await pause(1, undefined)).toBe(true);
    controller.abort(); // after the time came: changes nothing, throws nothing
  });

  it('ends at once when the signal aborts, or has aborted, saying the time did not come', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pausing = pause(60_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    expect(await pausing).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await pause(60_000, AbortSignal.abort())).toBe(false);
  });
});
