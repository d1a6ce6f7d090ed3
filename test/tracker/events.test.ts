import { describe, expect, it } from 'vitest';
import { createTracker, type TrackerEvent } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, databaseFor, eventually, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker events on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('a handler that throws gets the event again, with a growing pause, until it resolves', async () => {
    // A 4 s interval makes the tracker check every 200 ms: pauses of 400 ms, then 800 ms.
    const tracker = await openTracker(engine, env.client(), { pollIntervalMs: 4_000 });
    const seen: { id: string; attempt: number; at: number }[] = [];
    tracker.onEvent((e) => {
      seen.push({ id: e.id, attempt: e.attempt, at: Date.now() });
      if (seen.length < 3) throw new Error('downstream system unavailable');
    });
    await tracker.start();
    await tracker.send('standard', standardMessage());
    await eventually('third delivery', () => seen.length >= 3);
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(new Set(seen.map((s) => s.id)).size).toBe(1);
    const [a, b, c] = seen.map((s) => s.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(400);
    expect(c - b).toBeGreaterThanOrEqual(800);
    // Marked handled once the third delivery's handler has resolved (written just after it returns).
    await eventually('the event marked handled', async () => (await tracker.stats()).unhandledEvents === 0);
  });

  it.skipIf(skip)('events of one message arrive in order, though handlers of different messages run side by side', async () => {
    const tracker = await openTracker(engine, env.client());
    const byMessage = new Map<string, string[]>();
    let running = 0;
    let overlap = 0;
    tracker.onEvent(async (e) => {
      running++;
      overlap = Math.max(overlap, running);
      await new Promise((r) => setTimeout(r, Math.random() * 30));
      if (Math.random() < 0.2) {
        running--;
        throw new Error('flaky');
      }
      byMessage.set(e.messageId, [...(byMessage.get(e.messageId) ?? []), e.kind]);
      running--;
    });
    await tracker.start();
    const ids = await Promise.all(Array.from({ length: 12 }, () => tracker.send('standard', standardMessage()).then((r) => r.messageId)));
    for (const id of ids) env.sandbox.toolbar.import(id);
    await eventually('every terminal event handled', () => ids.every((id) => byMessage.get(id)?.includes('terminal')), 20_000);
    for (const id of ids) expect(byMessage.get(id)).toEqual(['sent', 'status-changed', 'terminal']);
    expect(overlap).toBeGreaterThan(1);
  });

  it.skipIf(skip)('events recorded while no handler listens are delivered after a restart, once a handler is there', async () => {
    const database = databaseFor(engine);
    const first = await createTracker({ client: env.client(), ...database, ...FAST });
    await first.start();
    const { messageId } = await first.send('standard', standardMessage());
    env.sandbox.toolbar.import(messageId);
    await eventually('COMPLETED', async () => (await first.get(messageId))?.status === 'COMPLETED');
    expect((await first.stats()).unhandledEvents).toBe(3);
    await first.close();

    const second = await openTracker(engine, env.client(), database);
    const events: TrackerEvent[] = [];
    const stop = second.onEvent((e) => {
      events.push(e);
    });
    await second.start();
    await eventually('three events', () => events.length === 3);
    expect(events.map((e) => e.kind)).toEqual(['sent', 'status-changed', 'terminal']);
    stop();
    const { messageId: later } = await second.send('standard', standardMessage());
    await new Promise((r) => setTimeout(r, 200));
    expect(events.some((e) => e.messageId === later)).toBe(false);
  });
});
