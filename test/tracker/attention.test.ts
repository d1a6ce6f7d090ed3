import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, attentionOf, collectEvents, eventually, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker attention on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('REJECTED: terminal, flagged, listed among attention, and cleared by acknowledge', async () => {
    const tracker = await openTracker(engine, env.client());
    const events = collectEvents(tracker);
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    const other = await tracker.send('standard', standardMessage());
    env.sandbox.toolbar.reject(messageId);
    const rejected = await attentionOf(tracker, messageId, 'rejected');
    expect(rejected).toMatchObject({ stage: 'settled', status: 'REJECTED', nextPollAt: null });
    const page = await tracker.list({ attention: true });
    expect(page.items.map((m) => m.messageId)).toEqual([messageId]);
    expect((await tracker.stats()).attention).toBe(1);
    await eventually('all four events', () => events.filter((e) => e.messageId === messageId).length >= 4);
    expect(events.filter((e) => e.messageId === messageId).map((e) => e.kind)).toEqual(['sent', 'status-changed', 'terminal', 'attention']);
    await tracker.acknowledge(messageId);
    expect((await tracker.get(messageId))?.attention).toBeNull();
    expect((await tracker.list({ attention: true })).items).toHaveLength(0);
    expect((await tracker.get(other.messageId))?.attention).toBeNull();
  });

  it.skipIf(skip)('EXPIRED: the expiry is noticed, terminal and flagged', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    env.sandbox.expire(messageId);
    const expired = await attentionOf(tracker, messageId, 'expired');
    expect(expired.status).toBe('EXPIRED');
    expect(expired.stage).toBe('settled');
  });

  it.skipIf(skip)('FAILED: flagged once it has lasted longer than failedAttentionMs, and not before', async () => {
    const tracker = await openTracker(engine, env.client(), { failedAttentionMs: 1_200 });
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    env.sandbox.toolbar.fail(messageId);
    const failedAt = Date.now();
    await eventually('FAILED seen', async () => (await tracker.get(messageId))?.status === 'FAILED');
    expect((await tracker.get(messageId))?.attention).toBeNull();
    const flagged = await attentionOf(tracker, messageId, 'failed');
    expect(flagged.attention?.since.getTime()).toBeGreaterThanOrEqual(failedAt + 1_000);
    expect(flagged.stage).toBe('following');
  });

  it.skipIf(skip)('unresolved: a message without a final status is followed for followForMs, then flagged', async () => {
    const tracker = await openTracker(engine, env.client(), { followForMs: 1_000 });
    await tracker.start();
    const { messageId } = await tracker.send('standard', standardMessage());
    const unresolved = await attentionOf(tracker, messageId, 'unresolved');
    expect(unresolved).toMatchObject({ stage: 'settled', status: 'PENDING', nextPollAt: null });
  });
});
