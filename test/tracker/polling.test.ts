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
    await sleep(1_600);
    for (const id of [standard.messageId, gp.messageId]) {
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
    await sleep(2_500);
    const polls = requests.filter((r) => r.method === 'GET').map((r) => r.at);
    expect(polls.length).toBeGreaterThanOrEqual(40);
    // Requests leave at their slot, 50 ms apart; event-loop jitter may pull one request into the next second.
    expect(maxInWindow(polls, 1_000)).toBeLessThanOrEqual(21);
    expect((await tracker.stats()).overduePolls).toBeGreaterThan(0);
  });

  it.skipIf(skip)('a 404 before expiry is asked again at the next poll, without attention', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client);
    await tracker.start();
    const messageId = crypto.randomUUID();
    await tracker.track({ messageId, route: 'standard', sentAt: new Date(), expiryDateTime: new Date(Date.now() + 60_000) });
    await eventually('two polls', () => pollsOf(requests, messageId).length >= 2);
    const m = await tracker.get(messageId);
    expect(m).toMatchObject({ stage: 'following', status: null, attention: null });
    expect(m?.polls).toBeGreaterThanOrEqual(2);
  });
});
