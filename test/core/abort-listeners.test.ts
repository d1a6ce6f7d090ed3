import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onAbort } from '../../src/core/abort-listeners.js';

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
