// People's actions on the ledger: acknowledge with who and a note, assign,
// the audit, and two people acting on one message at once (one wins, the
// other is told, the audit shows both), on both engines.
import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { ConflictingActionError, UnknownMessageError, createTracker, type Tracker } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { openDatabase } from '../../src/tracker/db/open.js';
import { migrate } from '../../src/tracker/db/migrate.js';
import type { LedgerStore } from '../../src/tracker/store/ledger-store.js';
import { storeFor } from '../../src/tracker/store/store-for.js';
import { newState } from '../../src/tracker/model/message-state.js';
import { begin } from '../../src/tracker/model/transition.js';
import { raiseAttention, resolveAttention } from '../../src/tracker/model/attention.js';
import { ENGINES, FAST, attentionOf, databaseFor, useTrackers, type Engine } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();

/** A message rejected by the practice, waiting for a person. */
async function rejectedMessage(tracker: Tracker): Promise<string> {
  const { messageId } = await tracker.send('standard', standardMessage());
  env.sandbox.toolbar.reject(messageId);
  await attentionOf(tracker, messageId, 'rejected');
  return messageId;
}

/** Two trackers on one ledger: two instances on PostgreSQL; on the embedded engine (one process), the same one twice. */
async function twoInstances(engine: Engine): Promise<[Tracker, Tracker]> {
  if (engine === 'SQLite') {
    const one = await openTracker(engine, env.client());
    return [one, one];
  }
  const where = databaseFor(engine);
  const first = await openTracker(engine, env.client(), where);
  const second = await createTracker({ client: env.client(), ...where, ...FAST, instanceId: 'second' });
  return [first, second];
}

/** The ledger's store on a fresh database of `engine`, migrated, for steps written by hand. */
async function withStore(engine: Engine, work: (store: LedgerStore) => Promise<void>): Promise<void> {
  const where = databaseFor(engine);
  const schema = where.schema ?? 'cdms_tracker';
  const db = await openDatabase(where.database);
  try {
    await migrate(db, schema);
    await work(storeFor(db, schema));
  } finally {
    await db.close();
  }
}

describe.each(ENGINES)('people acting on the tracker ($engine)', ({ engine, skip }) => {
  it.skipIf(skip)('acknowledge with a person and a note: cleared, and the audit says when, who, what and why', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const messageId = await rejectedMessage(tracker);
    const before = new Date();
    await tracker.acknowledge(messageId, { by: 'j.smith', note: 'Phoned the practice: wrong practice; sent to the right one.', reason: 'rejected' });
    expect((await tracker.get(messageId))?.attention).toBeNull();
    expect((await tracker.list({ attention: true })).items).toEqual([]);
    const { items } = await tracker.audit({ messageId });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      messageId,
      by: 'j.smith',
      action: 'acknowledge',
      outcome: 'done',
      reason: 'rejected',
      note: 'Phoned the practice: wrong practice; sent to the right one.',
    });
    expect(items[0]!.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
  });

  it.skipIf(skip)('the one-argument acknowledge still works, audited without a name', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const messageId = await rejectedMessage(tracker);
    await tracker.acknowledge(messageId);
    expect((await tracker.get(messageId))?.attention).toBeNull();
    // Nothing raised: as before, it does nothing and throws nothing.
    await tracker.acknowledge(messageId);
    const { items } = await tracker.audit({ messageId });
    expect(items.map((e) => [e.by, e.action, e.outcome, e.reason])).toEqual([[null, 'acknowledge', 'done', 'rejected']]);
    await expect(tracker.acknowledge(crypto.randomUUID())).rejects.toBeInstanceOf(UnknownMessageError);
  });

  it.skipIf(skip)('two people acknowledge at once: one wins, the other is told who did, and the audit shows both', async () => {
    const [a, b] = await twoInstances(engine);
    await a.start();
    const messageId = await rejectedMessage(a);
    const results = await Promise.allSettled([
      a.acknowledge(messageId, { by: 'alice', note: 'Called the practice.' }),
      b.acknowledge(messageId, { by: 'bob', note: 'Called the practice too.' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const conflict = lost[0] as ConflictingActionError;
    expect(conflict).toBeInstanceOf(ConflictingActionError);
    expect(conflict.action).toBe('acknowledge');
    const winner = results[0].status === 'fulfilled' ? 'alice' : 'bob';
    expect(conflict.winner?.by).toBe(winner);
    expect(conflict.message).toContain(`${winner} acknowledged it`);
    const { items } = await a.audit({ messageId });
    expect(items.map((e) => e.by).sort()).toEqual(['alice', 'bob']);
    expect(items.map((e) => `${e.by}:${e.outcome}`).sort()).toEqual([`${winner}:done`, `${winner === 'alice' ? 'bob' : 'alice'}:conflict`].sort());
    if (b !== a) await b.close();
  });

  it.skipIf(skip)('a reason raised since the person looked is not cleared unseen', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const messageId = await rejectedMessage(tracker);
    await tracker.assign(messageId, 'bob');
    const conflict = await tracker.acknowledge(messageId, { by: 'alice', note: 'Expired: resent.', reason: 'expired' }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictingActionError);
    // Nobody cleared it: the error does not blame bob's assignment, it says the message changed.
    expect((conflict as ConflictingActionError).winner).toBeUndefined();
    expect((conflict as ConflictingActionError).message).toContain('its state changed since it was read');
    expect((await tracker.get(messageId))?.attention?.reason).toBe('rejected');
    const { items } = await tracker.audit({ messageId });
    expect(items.map((e) => [e.by, e.action, e.outcome, e.reason])).toEqual([
      ['bob', 'assign', 'done', 'rejected'],
      ['alice', 'acknowledge', 'conflict', 'expired'],
    ]);
  });

  it.skipIf(skip)('assign and unassign, audited; with ifAssignee, the second of two people taking a message loses', async () => {
    const [a, b] = await twoInstances(engine);
    await a.start();
    const messageId = await rejectedMessage(a);
    const results = await Promise.allSettled([
      a.assign(messageId, 'alice', { ifAssignee: null }),
      b.assign(messageId, 'bob', { ifAssignee: null }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const holder = (await a.get(messageId))?.assignee;
    expect(['alice', 'bob']).toContain(holder);
    const loss = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loss.reason).toBeInstanceOf(ConflictingActionError);
    expect((loss.reason as ConflictingActionError).winner).toMatchObject({ action: 'assign', by: holder, assignee: holder });
    await a.assign(messageId, null, { by: holder!, ifAssignee: holder! });
    expect((await a.get(messageId))?.assignee).toBeNull();
    const { items } = await a.audit({ messageId });
    expect(items.map((e) => [e.action, e.outcome])).toEqual(
      expect.arrayContaining([
        ['assign', 'done'],
        ['assign', 'conflict'],
        ['unassign', 'done'],
      ]),
    );
    expect(items.at(-1)).toMatchObject({ action: 'unassign', by: holder, assignee: holder, reason: 'rejected' });
    // Unconditional, as the two-argument form is.
    await a.assign(messageId, 'carol');
    expect((await b.get(messageId))?.assignee).toBe('carol');
    if (b !== a) await b.close();
  });

  it.skipIf(skip)('the audit pages by cursor, filters by message and time, and reads newest first', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const one = await rejectedMessage(tracker);
    const two = await rejectedMessage(tracker);
    await tracker.assign(one, 'alice');
    await tracker.assign(two, 'bob');
    // A clear millisecond either side: entries carry the app's clock, to the millisecond.
    await new Promise((r) => setTimeout(r, 5));
    const middle = new Date();
    await new Promise((r) => setTimeout(r, 5));
    await tracker.acknowledge(one, { by: 'alice', note: 'Done.' });
    await tracker.acknowledge(two, { by: 'bob', note: 'Done too.' });
    const first = await tracker.audit({ limit: 3 });
    expect(first.items.map((e) => e.by)).toEqual(['alice', 'bob', 'alice']);
    const rest = await tracker.audit({ limit: 3, cursor: first.nextCursor });
    expect(rest.items.map((e) => e.by)).toEqual(['bob']);
    expect(rest.nextCursor).toBeUndefined();
    expect((await tracker.audit({ messageId: two })).items.map((e) => e.action)).toEqual(['assign', 'acknowledge']);
    expect((await tracker.audit({ since: middle })).items.map((e) => e.action)).toEqual(['acknowledge', 'acknowledge']);
    expect((await tracker.audit({ order: 'newest-first', limit: 1 })).items[0]).toMatchObject({ by: 'bob', action: 'acknowledge' });
    await expect(tracker.audit({ cursor: 'forged' })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.audit({ limit: 0 })).rejects.toBeInstanceOf(LocalValidationError);
  });

  it.skipIf(skip)('the audit is append-only: an UPDATE or DELETE run on the database changes nothing', async () => {
    const where = databaseFor(engine);
    const tracker = await openTracker(engine, env.client(), where);
    await tracker.start();
    const messageId = await rejectedMessage(tracker);
    await tracker.acknowledge(messageId, { by: 'alice', note: 'Called.' });
    await tracker.close();
    // The embedded ledger is one SQLite file, without schemas.
    const audit = engine === 'SQLite' ? 'audit' : `"${where.schema ?? 'cdms_tracker'}".audit`;
    const db = await openDatabase(where.database);
    try {
      await db.query(`UPDATE ${audit} SET actor = 'mallory', note = 'rewritten'`);
      await db.query(`DELETE FROM ${audit}`);
      const rows = await db.query(`SELECT actor, note FROM ${audit}`);
      expect(rows).toEqual([{ actor: 'alice', note: 'Called.' }]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(skip)("a step that ran while a person acknowledged does not bring the attention back; a new reason does", async () => {
    await withStore(engine, async (store) => {
      const now = Date.now();
      const state = newState(crypto.randomUUID(), 'standard', 'following', now, { attention: 'failed', attentionAt: new Date(now), attentionRaised: ['failed'] });
      await store.insert(state);
      // A poll read the row (with its attention), then a person acknowledged it, then the poll saved what it saw.
      await store.acknowledge(state.messageId, new Date(), { by: 'alice', note: 'Practice re-imported it.', reason: 'failed' });
      const stale = begin(state);
      stale.state.polls += 1;
      expect(await store.save(stale, null, new Date())).toBe(true);
      expect((await store.get(state.messageId))?.attention).toBeNull();
      expect((await store.get(state.messageId))?.polls).toBe(1);
      const later = begin((await store.get(state.messageId))!);
      raiseAttention(later, 'unresolved', 'No final status.', Date.now());
      await store.save(later, null, new Date());
      expect((await store.get(state.messageId))?.attention).toBe('unresolved');
    });
  });

  it.skipIf(skip)('a reason that clears itself (nearing-expiry, delivery-unknown) is cleared once answered, but only while the row still holds it', async () => {
    await withStore(engine, async (store) => {
      const now = Date.now();
      const waiting = (reason: 'nearing-expiry' | 'delivery-unknown') =>
        newState(crypto.randomUUID(), 'standard', 'queued', now, { attention: reason, attentionAt: new Date(now), attentionDetail: 'Not delivered.', attentionRaised: [reason] });
      // Answered (delivered, or found at the service): the step clears it in the ledger.
      for (const reason of ['nearing-expiry', 'delivery-unknown'] as const) {
        const state = waiting(reason);
        await store.insert(state);
        const delivered = begin(state);
        delivered.state.stage = 'following';
        resolveAttention(delivered);
        expect(await store.save(delivered, null, new Date())).toBe(true);
        expect(await store.get(state.messageId)).toMatchObject({ stage: 'following', attention: null, attentionAt: null, attentionDetail: null });
      }
      // A newer reason written while the step ran stands: only the reason the step answered is cleared.
      const state = waiting('nearing-expiry');
      await store.insert(state);
      const other = begin(state);
      raiseAttention(other, 'failed', 'Failed to import.', Date.now());
      await store.save(other, null, new Date());
      const stale = begin(state);
      stale.state.stage = 'following';
      resolveAttention(stale);
      await store.save(stale, null, new Date());
      expect((await store.get(state.messageId))?.attention).toBe('failed');
    });
  });

  it.skipIf(skip)('bad input is refused with what to fix, and nothing is audited', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const messageId = await rejectedMessage(tracker);
    const refused = await tracker.acknowledge(messageId, { by: ' ', note: '' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LocalValidationError);
    expect((refused as LocalValidationError).invalidParameters.map((p) => p.name)).toEqual(['by', 'note']);
    await expect(tracker.assign(messageId, 'x'.repeat(201))).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.assign(messageId, null)).rejects.toBeInstanceOf(LocalValidationError);
    await expect(tracker.acknowledge('not-a-uuid')).rejects.toBeInstanceOf(LocalValidationError);
    expect((await tracker.audit()).items).toEqual([]);
    expect((await tracker.get(messageId))?.attention?.reason).toBe('rejected');
  });
});
