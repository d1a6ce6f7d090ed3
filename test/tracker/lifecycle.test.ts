import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { CdmsError } from '../../src/index.js';
import { TrackerClosedError } from '../../src/tracker/index.js';
import { ENGINES, collectEvents, eventually, recordingClient, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('send: records the message, erases its content, follows it to COMPLETED and tells the handler', async () => {
    const tracker = await openTracker(engine, env.client());
    const events = collectEvents(tracker);
    await tracker.start();
    const { messageId, outcome } = await tracker.send('standard', standardMessage());
    expect(outcome).toBe('sent');
    const sent = await tracker.get(messageId);
    expect(sent).toMatchObject({ messageId, route: 'standard', stage: 'following', status: 'PENDING', topic: 'Discharge Summary', recipient: 'A81001' });
    expect(sent?.nextPollAt).toBeInstanceOf(Date);
    env.sandbox.toolbar.import(messageId);
    const done = await eventually('COMPLETED', async () => {
      const m = await tracker.get(messageId);
      return m?.status === 'COMPLETED' && m;
    });
    expect(done).toMatchObject({ stage: 'settled', nextPollAt: null, attention: null });
    expect(done.history.map((h) => [h.status, h.source])).toEqual([
      ['PENDING', 'send'],
      ['COMPLETED', 'poll'],
    ]);
    await eventually('terminal event handled', () => events.some((e) => e.kind === 'terminal'));
    expect(events.map((e) => e.kind)).toEqual(['sent', 'status-changed', 'terminal']);
    expect(events[1]).toMatchObject({ kind: 'status-changed', messageId, route: 'standard', from: 'PENDING', to: 'COMPLETED' });
  });
});

describe('a closed tracker', () => {
  it('refuses every call with TrackerClosedError and sends nothing', async () => {
    const { client, requests } = recordingClient(env.sandbox);
    const tracker = await openTracker('SQLite', client);
    const { messageId } = await tracker.send('standard', standardMessage());
    await tracker.close();
    const sentBefore = requests.length;
    const refusals = [
      tracker.start(),
      tracker.send('standard', standardMessage()),
      tracker.track({ messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date() }),
      tracker.get(messageId),
      tracker.list(),
      tracker.pollNow(messageId),
      tracker.acknowledge(messageId),
      tracker.stats(),
    ];
    for (const refusal of refusals) {
      const error: unknown = await refusal.then(
        () => 'resolved',
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TrackerClosedError);
      expect(error).toBeInstanceOf(CdmsError);
      expect(error).toMatchObject({ name: 'TrackerClosedError', message: 'The tracker is closed: create a new one with createTracker().' });
    }
    expect(requests).toHaveLength(sentBefore);
  });
});
