import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { PollLimitError, UnknownMessageError } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, eventually, pollsOf, recordingClient, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker queries on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('list: newest first, filtered, a page at a time with a cursor', async () => {
    const tracker = await openTracker(engine, env.client());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await tracker.send('standard', standardMessage())).messageId);
    const gp = crypto.randomUUID();
    await tracker.track({ messageId: gp, route: 'gpconnect', sentAt: new Date(), topic: 'Consultation Summary' });
    const first = await tracker.list({ route: 'standard', limit: 2 });
    expect(first.items.map((m) => m.messageId)).toEqual([ids[4], ids[3]]);
    const second = await tracker.list({ route: 'standard', limit: 2, cursor: first.nextCursor });
    const third = await tracker.list({ route: 'standard', limit: 2, cursor: second.nextCursor });
    expect([...second.items, ...third.items].map((m) => m.messageId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(third.nextCursor).toBeUndefined();
    expect((await tracker.list({ route: 'gpconnect' })).items.map((m) => m.messageId)).toEqual([gp]);
    expect((await tracker.list({ status: 'PENDING' })).items).toHaveLength(5);
    expect((await tracker.list({ stage: 'following', limit: 1000 })).items).toHaveLength(6);
    await expect(tracker.list({ cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.list({ limit: 0 })).rejects.toBeInstanceOf(LocalValidationError);
  });

  it.skipIf(skip)('stats: counts by status, route and stage, attention, and the oldest unresolved message', async () => {
    const tracker = await openTracker(engine, env.client(), { pollIntervalMs: 60_000, followForMs: 600_000 });
    const a = await tracker.send('standard', standardMessage());
    await tracker.send('standard', standardMessage());
    await tracker.track({ messageId: crypto.randomUUID(), route: 'instant', sentAt: new Date() });
    const stats = await tracker.stats();
    expect(stats).toMatchObject({
      total: 3,
      byStatus: { PENDING: 2, none: 1 },
      byRoute: { standard: 2, instant: 1, gpconnect: 0 },
      byStage: { following: 3, sending: 0, queued: 0, failed: 0, settled: 0 },
      attention: 0,
      overduePolls: 0,
      unhandledEvents: 2,
    });
    expect(stats.byRouteAndStatus).toEqual(
      expect.arrayContaining([
        { route: 'standard', status: 'PENDING', count: 2 },
        { route: 'instant', status: 'none', count: 1 },
      ]),
    );
    expect(stats.oldestUnresolved?.messageId).toBe(a.messageId);
  });

  it.skipIf(skip)('track: adopts a message sent without the tracker, idempotently, and refuses bad input', async () => {
    const client = env.client();
    const tracker = await openTracker(engine, client, { followForMs: 60_000 });
    await tracker.start();
    const { messageId } = await client.messages.send(standardMessage());
    const input = { messageId, route: 'standard' as const, sentAt: new Date(Date.now() - 1_000), recipient: 'A81001' };
    const adopted = await tracker.track(input);
    expect(adopted).toMatchObject({ messageId, stage: 'following', status: null, recipient: 'A81001' });
    expect(await tracker.track(input)).toMatchObject({ messageId });
    await expect(tracker.track({ ...input, route: 'gpconnect' })).rejects.toThrow(/already tracked on the standard route/);
    await expect(tracker.track({ ...input, messageId: 'abc' })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.track({ ...input, messageId: crypto.randomUUID(), sentAt: 'yesterday' })).rejects.toThrow(/sentAt/);
    env.sandbox.toolbar.import(messageId);
    await eventually('COMPLETED', async () => (await tracker.get(messageId))?.status === 'COMPLETED');
  });

  it.skipIf(skip)('pollNow: polls at once, counts against the four a day, then refuses with the time of the next allowed poll', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker(engine, client, { pollIntervalMs: 60_000, followForMs: 3_600_000 });
    const { messageId } = await tracker.send('standard', standardMessage());
    env.sandbox.toolbar.import(messageId);
    const first = await tracker.pollNow(messageId);
    expect(first).toMatchObject({ status: 'COMPLETED', polls: 1 });
    expect(first.history.at(-1)?.source).toBe('poll-now');
    // A settled message is not polled again.
    await tracker.pollNow(messageId);
    expect(pollsOf(requests, messageId)).toHaveLength(1);

    const other = await tracker.send('standard', standardMessage());
    for (let i = 0; i < 4; i++) await tracker.pollNow(other.messageId);
    const refused = await tracker.pollNow(other.messageId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PollLimitError);
    expect((refused as PollLimitError).nextAllowedAt.getTime()).toBeGreaterThan(Date.now() + 200_000);
    expect(pollsOf(requests, other.messageId)).toHaveLength(4);
    await expect(tracker.pollNow(crypto.randomUUID())).rejects.toBeInstanceOf(UnknownMessageError);
    await expect(tracker.acknowledge(crypto.randomUUID())).rejects.toBeInstanceOf(UnknownMessageError);
    expect(await tracker.get(crypto.randomUUID())).toBeUndefined();
  });
});
