import { describe, expect, it } from 'vitest';
import { gpMessage, standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, eventually, maxInWindow, pollsOf, recordingClient, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('tracker polling on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('polls each message at most four times in any four intervals, on its route\'s endpoint, and not after a final status', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client, { pollIntervalMs: 150, followForMs: 60_000 });
    await tracker.start();
    const standard = await tracker.send('standard', standardMessage());
    const gp = await tracker.send('gpconnect', gpMessage());
    const ids = [standard.messageId, gp.messageId];
    await eventually('six polls each', () => ids.every((id) => pollsOf(requests, id).length >= 6), 20_000);
    for (const id of ids) {
      const polls = pollsOf(requests, id);
      expect(polls.length).toBeGreaterThanOrEqual(6);
      expect(maxInWindow(polls.map((p) => p.at), 600)).toBeLessThanOrEqual(4);
    }
    expect(pollsOf(requests, gp.messageId).every((p) => p.path.startsWith('/api/v1/gpconnect/'))).toBe(true);
    expect(pollsOf(requests, standard.messageId).every((p) => p.path.startsWith('/api/v1/messages/'))).toBe(true);
    env.sandbox.toolbar.import(standard.messageId);
    await eventually('COMPLETED', async () => (await tracker.get(standard.messageId))?.status === 'COMPLETED');
    const after = pollsOf(requests, standard.messageId).length;
    await sleep(600);
    expect(pollsOf(requests, standard.messageId)).toHaveLength(after);
  });

  it.skipIf(skip)('spreads the first polls of a batch sent together', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client, { pollIntervalMs: 1_000 });
    const ids = await Promise.all(Array.from({ length: 20 }, () => tracker.send('standard', standardMessage()).then((r) => r.messageId)));
    await tracker.start();
    await eventually('first polls', () => ids.every((id) => pollsOf(requests, id).length >= 1), 5_000);
    const firsts = ids.map((id) => pollsOf(requests, id)[0]?.at ?? 0);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(30);
  });

  it.skipIf(skip)('keeps the shared budget: no more status requests in any second than maxPollsPerSecond', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client, { pollIntervalMs: 100, maxPollsPerSecond: 20 });
    await Promise.all(Array.from({ length: 30 }, () => tracker.send('standard', standardMessage())));
    await tracker.start();
    await eventually('60 polls', () => requests.filter((r) => r.method === 'GET').length >= 60, 20_000);
    const polls = requests.filter((r) => r.method === 'GET').map((r) => r.at);
    // Each request has a slot 50 ms after the previous one: over the run, no more than the budget...
    const seconds = ((polls.at(-1) ?? 0) - (polls[0] ?? 0)) / 1_000;
    expect(polls.length).toBeLessThanOrEqual(Math.floor(seconds * 20) + 2);
    // ...and in any one second, no more than a quarter over it (a late request may leave close to the next).
    expect(maxInWindow(polls, 1_000)).toBeLessThanOrEqual(25);
    expect((await tracker.stats()).overduePolls).toBeGreaterThan(0);
  });

  it.skipIf(skip)('a 404 before expiry is asked again at the next poll, without attention', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client);
    await tracker.start();
    const messageId = crypto.randomUUID();
    await tracker.track({ messageId, route: 'standard', sentAt: new Date(), expiryDateTime: new Date(Date.now() + 60_000) });
    const m = await eventually('two polls recorded', async () => {
      const got = await tracker.get(messageId);
      return got && got.polls >= 2 && got;
    });
    expect(pollsOf(requests, messageId).length).toBeGreaterThanOrEqual(2);
    expect(m).toMatchObject({ stage: 'following', status: null, attention: null });
    expect(m.lastError).toMatch(/^NotFoundError/);
  });
});
