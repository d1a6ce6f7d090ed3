// Lineage: a message sent again replaces the earlier one. Both show the link,
// the earlier leaves the attention list, two people sending it again at once
// send it once, and a replacement refused before any request undoes the
// link. On both engines.
import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { ConflictingActionError, createTracker, type Tracker } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, attentionOf, databaseFor, useTrackers, type Engine } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

/** A message that expired unread, waiting for a person. */
async function expiredMessage(tracker: Tracker): Promise<string> {
  const { messageId } = await tracker.send('standard', standardMessage());
  env.sandbox.expire(messageId);
  await attentionOf(tracker, messageId, 'expired');
  return messageId;
}

const later = (): string => new Date(Date.now() + 7 * 86_400_000).toISOString();

async function twoInstances(engine: Engine): Promise<[Tracker, Tracker]> {
  if (engine === 'SQLite') {
    const one = await openTracker(engine, env.client());
    return [one, one];
  }
  const where = databaseFor(engine);
  return [await openTracker(engine, env.client(), where), await createTracker({ client: env.client(), ...where, ...FAST, instanceId: 'second' })];
}

describe.each(ENGINES)('lineage ($engine)', ({ engine, skip }) => {
  it.skipIf(skip)('sent again: both show the link, the earlier leaves the list as resent, and the audit says who and why', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const earlier = await expiredMessage(tracker);
    const resent = await tracker.send('standard', standardMessage({ expiryDateTime: later() }), {
      replaces: earlier,
      by: 'j.smith',
      note: 'Expired unread; sent again with a later expiry.',
    });
    expect(resent.outcome).toBe('sent');
    expect(env.sandbox.getMessage(resent.messageId)?.status).toBe('PENDING');
    const [old, replacement] = [await tracker.get(earlier), await tracker.get(resent.messageId)];
    expect(old).toMatchObject({ replacedBy: resent.messageId, replaces: null, attention: null, status: 'EXPIRED' });
    expect(replacement).toMatchObject({ replaces: earlier, replacedBy: null, attention: null });
    expect((await tracker.list({ attention: true })).items).toEqual([]);
    const { items } = await tracker.audit({ messageId: earlier });
    expect(items).toEqual([
      expect.objectContaining({
        action: 'resend',
        outcome: 'done',
        by: 'j.smith',
        reason: 'expired',
        replacement: resent.messageId,
        note: 'Expired unread; sent again with a later expiry.',
      }),
    ]);
  });

  it.skipIf(skip)('two people send one message again at once: it is sent once, the other is told, the audit shows both', async () => {
    const [a, b] = await twoInstances(engine);
    await a.start();
    const earlier = await expiredMessage(a);
    const sentBefore = env.sandbox.listMessages().length;
    const results = await Promise.allSettled([
      a.send('standard', standardMessage({ expiryDateTime: later() }), { replaces: earlier, by: 'alice' }),
      b.send('standard', standardMessage({ expiryDateTime: later() }), { replaces: earlier, by: 'bob' }),
    ]);
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(env.sandbox.listMessages().length).toBe(sentBefore + 1);
    expect(lost[0]).toBeInstanceOf(ConflictingActionError);
    expect(lost[0]).toMatchObject({ action: 'resend', delivery: 'not-sent' });
    expect((await a.get(earlier))?.replacedBy).toBe(won[0]!.messageId);
    const { items } = await a.audit({ messageId: earlier });
    expect(items.map((e) => e.outcome).sort()).toEqual(['conflict', 'done']);
    expect(items.map((e) => e.by).sort()).toEqual(['alice', 'bob']);
    if (b !== a) await b.close();
  });

  it.skipIf(skip)('a replacement refused before any request is not kept, and the earlier stays on the list, not replaced', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const earlier = await expiredMessage(tracker);
    const sentBefore = env.sandbox.listMessages().length;
    // Expired already: refused locally, nothing sent.
    const refused = await tracker
      .send('standard', standardMessage({ expiryDateTime: new Date(Date.now() - 60_000).toISOString() }), { replaces: earlier, by: 'alice' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalValidationError);
    expect(env.sandbox.listMessages().length).toBe(sentBefore);
    expect(await tracker.get(earlier)).toMatchObject({ replacedBy: null, attention: { reason: 'expired' } });
    expect((await tracker.list()).items).toHaveLength(1);
    expect((await tracker.audit({ messageId: earlier })).items).toEqual([
      expect.objectContaining({ action: 'resend', outcome: 'refused', by: 'alice', detail: expect.stringContaining('LocalValidationError') }),
    ]);
    // The person fixes it and sends again: now it replaces the earlier one.
    const fixed = await tracker.send('standard', standardMessage({ expiryDateTime: later() }), { replaces: earlier, by: 'alice' });
    expect((await tracker.get(earlier))?.replacedBy).toBe(fixed.messageId);
  });

  it.skipIf(skip)('replaces must name another message the tracker holds; nothing is sent otherwise', async () => {
    const tracker = await openTracker(engine, env.client());
    const sentBefore = env.sandbox.listMessages().length;
    const unknown = await tracker.send('standard', standardMessage(), { replaces: crypto.randomUUID() }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(LocalValidationError);
    expect(unknown).toMatchObject({ delivery: 'not-sent', invalidParameters: [{ name: 'replaces' }] });
    const id = crypto.randomUUID();
    await expect(tracker.send('standard', standardMessage({ messageId: id }), { replaces: id })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.send('standard', standardMessage(), { replaces: 'DOC-42' })).rejects.toBeInstanceOf(LocalValidationError);
    expect(env.sandbox.listMessages().length).toBe(sentBefore);
    expect((await tracker.list()).items).toEqual([]);
  });
});
