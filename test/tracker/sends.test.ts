import { describe, expect, it } from 'vitest';
import { AttachmentContentRejectedError, LocalValidationError } from '../../src/index.js';
import { EICAR_TEST_FILE_BASE64, startSandbox } from '../../src/sandbox/index.js';
import { gpMessage, instantMessage, standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, collectEvents, eventually, recordingClient, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

describe.each(ENGINES)('tracker sends on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('send: a message that fails local validation is thrown, and nothing is sent or kept', async () => {
    const tracker = await openTracker(engine, env.client());
    const messageId = crypto.randomUUID();
    const bad = standardMessage({ messageId, subject: { id: { type: 'VerifiedNhsNumber', value: '9434765910' } } });
    await expect(tracker.send('standard', bad)).rejects.toBeInstanceOf(LocalValidationError);
    expect(await tracker.get(messageId)).toBeUndefined();
    expect(env.sandbox.listMessages()).toHaveLength(0);
  });

  it.skipIf(skip)('send: a messageId already tracked is refused before anything is sent', async () => {
    const tracker = await openTracker(engine, env.client());
    const { messageId } = await tracker.send('standard', standardMessage());
    const again = tracker.send('standard', standardMessage({ messageId }));
    await expect(again).rejects.toThrow(/messageId: is already tracked/);
    expect(env.sandbox.stats().sends[messageId]?.attempts).toBe(1);
  });

  it.skipIf(skip)('send: content the virus scan rejects is thrown, kept as failed with attention, and its content erased', async () => {
    const tracker = await openTracker(engine, env.client());
    const events = collectEvents(tracker);
    await tracker.start();
    const messageId = crypto.randomUUID();
    const infected = standardMessage({ messageId, attachments: [{ mimeType: 'text/plain', fileName: 'notes.txt', content: EICAR_TEST_FILE_BASE64 }] });
    await expect(tracker.send('standard', infected)).rejects.toBeInstanceOf(AttachmentContentRejectedError);
    const kept = await tracker.get(messageId);
    expect(kept).toMatchObject({ stage: 'failed', status: null, nextPollAt: null, attention: { reason: 'content-rejected' } });
    await eventually('attention event', () => events.find((e) => e.kind === 'attention'));
    expect(events[0]).toMatchObject({ kind: 'attention', reason: 'content-rejected', messageId });
  });

  it.skipIf(skip)('send: a GP-route 503 that outlasts the client retries is queued and sent again with the same messageId', async () => {
    const { client, requests } = recordingClient(env.sandbox, { maxRetries: 0 });
    const tracker = await openTracker(engine, client);
    env.sandbox.failNext({ operation: 'gpconnect.send', status: 503, count: 1 });
    const { messageId, outcome } = await tracker.send('gpconnect', gpMessage());
    expect(outcome).toBe('queued');
    expect(await tracker.get(messageId)).toMatchObject({ stage: 'queued', status: null });
    await tracker.start();
    const held = await eventually('resent', async () => {
      const m = await tracker.get(messageId);
      return m?.stage === 'following' && m;
    });
    expect(held.status).toBe('PENDING');
    const sends = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/gpconnect/messages');
    expect(sends).toHaveLength(2);
    expect(env.sandbox.stats().sends[messageId]).toMatchObject({ attempts: 2, accepted: 1 });
    expect(env.sandbox.listMessages().filter((m) => m.messageId === messageId)).toHaveLength(1);
  });

  it.skipIf(skip)('send: when the service cannot be reached the message is queued, then delivered once it is back', async () => {
    const down = await startSandbox({ port: 0 });
    const { port, apiKey } = down;
    await down.close();
    const { CdmsClient } = await import('../../src/index.js');
    const tracker = await openTracker(engine, new CdmsClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey, maxRetries: 0 }));
    const { messageId, outcome } = await tracker.send('standard', standardMessage());
    expect(outcome).toBe('queued');
    const back = await startSandbox({ port, apiKey });
    try {
      await tracker.start();
      await eventually('delivered', async () => (await tracker.get(messageId))?.stage === 'following');
      expect(back.getMessage(messageId)?.status).toBe('PENDING');
    } finally {
      await tracker.close();
      await back.close();
    }
  });

  it.skipIf(skip)('instant: the send carries the access token, and a failed automatic import needs attention', async () => {
    const tracker = await openTracker(engine, env.client());
    const events = collectEvents(tracker);
    await tracker.start();
    env.sandbox.toolbar.run('dr-who', { importFails: true });
    const accessToken = await env.client().tokens.exchange(await env.sandbox.issueAccessCode('dr-who'));
    const { messageId } = await tracker.send('instant', instantMessage(), { accessToken });
    const fellBack = await eventually('fallback seen', async () => {
      const m = await tracker.get(messageId);
      return m?.attention?.reason === 'instant-fell-back' && m;
    });
    expect(fellBack).toMatchObject({ route: 'instant', stage: 'following', status: 'PENDING', subStatus: 'Failed instant message import' });
    await eventually('attention event', () => events.some((e) => e.kind === 'attention'));
    expect(events.find((e) => e.kind === 'attention')).toMatchObject({ reason: 'instant-fell-back', route: 'instant' });
    expect(JSON.stringify(events)).not.toContain(accessToken);
  });

  it.skipIf(skip)('gpconnect: followed through every step of the route to COMPLETED', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const { messageId } = await tracker.send('gpconnect', gpMessage());
    const waitFor = (sub: string): Promise<unknown> =>
      eventually(sub, async () => (await tracker.get(messageId))?.subStatus === sub);
    await waitFor('Sent to MESH');
    env.sandbox.gpRoute.advance(messageId);
    await waitFor('20013 - Success');
    env.sandbox.gpRoute.advance(messageId, 'completed');
    const done = await eventually('COMPLETED', async () => {
      const m = await tracker.get(messageId);
      return m?.status === 'COMPLETED' && m;
    });
    expect(done.history.map((h) => `${h.status} ${h.subStatus ?? ''}`.trim())).toEqual([
      'PENDING',
      'PENDING Sent to MESH',
      'PENDING 20013 - Success',
      `COMPLETED ${done.subStatus ?? ''}`.trim(),
    ]);
    expect(JSON.stringify(done)).not.toContain(PATIENT.family);
  });
});
