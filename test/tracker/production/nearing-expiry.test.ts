import { describe, expect, it } from 'vitest';
import { gpMessage } from '../../helpers/fixtures.js';
import { useSandbox } from '../../sandbox/support.js';
import { ENGINES, attentionOf, collectEvents, eventually, useTrackers } from '../support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('nearing-expiry on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('a GP-route message the service keeps refusing (503) needs a person before its expiry, not after; delivered later, the attention clears', async () => {
    const tracker = await openTracker(engine, env.client({ maxRetries: 0 }), { nearingExpiryMs: 4_000 });
    const events = collectEvents(tracker);
    env.sandbox.setFaults({ gpconnect503Rate: 1 });
    const expiry = new Date(Date.now() + 8_000);
    const message = gpMessage({ messageId: crypto.randomUUID(), expiryDateTime: expiry.toISOString() });
    const { messageId, outcome } = await tracker.send('gpconnect', message);
    expect(outcome).toBe('queued');
    expect((await tracker.get(messageId))?.attention).toBeNull(); // eight seconds left: not yet
    await tracker.start();
    const near = await attentionOf(tracker, messageId, 'nearing-expiry');
    expect(['queued', 'sending']).toContain(near.stage); // between resends, or claimed for the next one
    expect(near.attention!.since.getTime()).toBeLessThan(expiry.getTime());
    expect(near.attention!.since.getTime()).toBeGreaterThanOrEqual(expiry.getTime() - 4_000 - 1_000);
    expect(near.attention!.detail).toContain(expiry.toISOString().slice(0, 19));
    await eventually('the attention event', () => events.some((e) => e.kind === 'attention' && e.reason === 'nearing-expiry'));
    env.sandbox.setFaults({});
    const delivered = await eventually('delivered', async () => {
      const m = await tracker.get(messageId);
      return m?.stage === 'following' && m;
    });
    expect(delivered.attention).toBeNull();
    expect(env.sandbox.listMessages().filter((m) => m.messageId === messageId)).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'attention').map((e) => e.kind === 'attention' && e.reason)).toEqual(['nearing-expiry']);
  });
});
