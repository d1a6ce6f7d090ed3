import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, attentionOf, useTrackers } from './support.js';

// Statuses stay 300 ms after expiry here (a day in the default sandbox), so the removal is seen.
const env = useSandbox({ statusRetentionMs: 300 });
const openTracker = useTrackers();

describe.each(ENGINES)('tracker around expiry on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('removed after expiry: polled before and after expiry, then flagged when the status is gone', async () => {
    // The poll before expiry comes 1.5 to 2.25 s before it: a busy machine may make it a second late and still
    // see PENDING. Seeing EXPIRED instead (a poll more than 1.5 s late) would end the message there.
    const tracker = await openTracker(engine, env.client(), { pollIntervalMs: 10_000, beforeExpiryMs: 1_500 });
    await tracker.start();
    const expiry = new Date(Date.now() + 4_000);
    const { messageId } = await tracker.send('standard', standardMessage({ expiryDateTime: expiry.toISOString() }));
    const removed = await attentionOf(tracker, messageId, 'removed-after-expiry');
    expect(removed.stage).toBe('settled');
    // One poll before expiry (PENDING), one after it: EXPIRED is kept 300 ms, so either it was seen or it was gone.
    expect(removed.polls).toBeGreaterThanOrEqual(2);
  });

});
