// GP-route replacements through the tracker, on both engines: each new
// version sent with versionNumber + 1 and relatesTo the version before, both
// taken from the ledger after the earlier content was erased; the chain in
// get(); refusals that send and keep nothing; two replacements of one
// version at once (one is sent); and a replacement the practice cannot
// process (20014, driven by the sandbox's scenario) raising attention that
// names both versions and no patient data.
import { describe, expect, it } from 'vitest';
import { LocalValidationError, parseGpRouteSubStatus, type GpConnectMessageParams } from '../../src/index.js';
import {
  ConflictingActionError,
  ReplacementRefusedError,
  createTracker,
  type GpConnectReplacement,
  type Tracker,
} from '../../src/tracker/index.js';
import { openDatabase } from '../../src/tracker/db/open.js';
import { gpMessage, standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, attentionOf, databaseFor, useTrackers, type Engine } from './support.js';

const env = useSandbox({ scenarioStepMs: 60 });
const openTracker = useTrackers();

/** A new version of the fixture's summary: the whole message but versionNumber and relatesTo; the practitioner's given name picks a sandbox scenario. */
function nextVersion(given = 'Ada'): GpConnectReplacement {
  const { messageId: _id, gpConnectAdditionalInformation, ...rest } = gpMessage();
  const { versionNumber: _v, relatesTo: _r, ...info } = gpConnectAdditionalInformation;
  return { ...rest, gpConnectAdditionalInformation: { ...info, practitioner: { name: { family: 'Okafor', given } } } };
}

/** What the sandbox received as a message's version and relatesTo. */
function versionAtService(messageId: string): { versionNumber: unknown; relatesTo: unknown } | undefined {
  const info = env.sandbox.getMessage(messageId)?.request.gpConnectAdditionalInformation as Record<string, unknown> | undefined;
  return info && { versionNumber: info.versionNumber, relatesTo: info.relatesTo };
}

async function twoInstances(engine: Engine): Promise<[Tracker, Tracker, () => Promise<void>]> {
  if (engine === 'SQLite') {
    const one = await openTracker(engine, env.client());
    return [one, one, () => Promise.resolve()];
  }
  const where = databaseFor(engine);
  const second = await createTracker({ client: env.client(), ...where, ...FAST, instanceId: 'second' });
  return [await openTracker(engine, env.client(), where), second, () => second.close()];
}

describe.each(ENGINES)('GP-route replacements ($engine)', ({ engine, skip }) => {
  it.skipIf(skip)('three versions: each sent with the version before + 1 and relatesTo it, from the ledger once the content is erased; get() shows the chain', async () => {
    const where = databaseFor(engine);
    const tracker = await openTracker(engine, env.client(), where);
    const first = await tracker.send('gpconnect', gpMessage());
    expect(first.outcome).toBe('sent');
    const second = await tracker.replace(first.messageId, nextVersion(), { by: 'j.smith', note: 'Corrected the dose in the plan.' });
    expect(second).toMatchObject({ outcome: 'sent', versionNumber: 2, replaces: first.messageId });
    const third = await tracker.replace(second.messageId, nextVersion());
    expect(third).toMatchObject({ outcome: 'sent', versionNumber: 3, replaces: second.messageId });

    expect(versionAtService(first.messageId)).toEqual({ versionNumber: 1, relatesTo: undefined });
    expect(versionAtService(second.messageId)).toEqual({ versionNumber: 2, relatesTo: first.messageId });
    expect(versionAtService(third.messageId)).toEqual({ versionNumber: 3, relatesTo: second.messageId });

    expect(await tracker.get(first.messageId)).toMatchObject({ versionNumber: 1, replaces: null, replacedBy: second.messageId });
    expect(await tracker.get(second.messageId)).toMatchObject({ versionNumber: 2, replaces: first.messageId, replacedBy: third.messageId });
    expect(await tracker.get(third.messageId)).toMatchObject({ versionNumber: 3, replaces: second.messageId, replacedBy: null });
    expect((await tracker.audit({ messageId: first.messageId })).items).toEqual([
      expect.objectContaining({ action: 'replace', outcome: 'done', by: 'j.smith', replacement: second.messageId, note: 'Corrected the dose in the plan.' }),
    ]);

    // Each version's content was gone from the ledger before the next was sent: the versions came from their own column.
    await tracker.close();
    const db = await openDatabase(where.database);
    try {
      const rows = await db.query<{ payload: unknown; sealed: unknown; version_number: number; keys: number }>(
        engine === 'SQLite'
          ? 'SELECT payload, sealed, version_number, (SELECT count(*) FROM message_keys) AS keys FROM messages ORDER BY version_number'
          : `SELECT payload, sealed, version_number, (SELECT count(*)::int FROM "${where.schema ?? 'cdms_tracker'}".message_keys) AS keys
         FROM "${where.schema ?? 'cdms_tracker'}".messages ORDER BY version_number`,
      );
      expect(rows).toEqual([1, 2, 3].map((v) => ({ payload: null, sealed: null, version_number: v, keys: 0 })));
    } finally {
      await db.close();
    }
  });

  it.skipIf(skip)('refused with a typed error, nothing sent and nothing kept: unknown, not the GP route, version unknown, not yet at the service, already replaced', async () => {
    const tracker = await openTracker(engine, env.client());
    const standard = await tracker.send('standard', standardMessage());
    const adopted = crypto.randomUUID();
    await tracker.track({ messageId: adopted, route: 'gpconnect', sentAt: new Date() });
    env.sandbox.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
    const queued = await tracker.send('gpconnect', gpMessage());
    expect(queued.outcome).toBe('queued');
    const replaced = await tracker.send('gpconnect', gpMessage());
    const latest = await tracker.replace(replaced.messageId, nextVersion());
    const atService = env.sandbox.listMessages().length;
    const inLedger = (await tracker.list({ limit: 100 })).items.length;

    const refusal = (id: string) => tracker.replace(id, nextVersion(), { by: 'alice' }).catch((e: unknown) => e);
    const unknown = crypto.randomUUID();
    for (const [id, reason] of [
      [unknown, 'unknown-message'],
      [standard.messageId, 'not-gp-route'],
      [adopted, 'version-unknown'],
      [queued.messageId, 'not-at-service'],
    ] as const) {
      const error = await refusal(id);
      expect(error, reason).toBeInstanceOf(ReplacementRefusedError);
      expect(error, reason).toMatchObject({ reason, earlier: id, delivery: 'not-sent' });
    }
    const conflict = await refusal(replaced.messageId);
    expect(conflict).toBeInstanceOf(ConflictingActionError);
    expect(conflict).toMatchObject({ action: 'replace', delivery: 'not-sent', winner: { action: 'replace', replacement: latest.messageId } });

    expect(env.sandbox.listMessages()).toHaveLength(atService);
    expect((await tracker.list({ limit: 100 })).items).toHaveLength(inLedger);
    expect(await tracker.get(queued.messageId)).toMatchObject({ stage: 'queued', replacedBy: null });
    expect((await tracker.audit({ messageId: standard.messageId })).items).toEqual([
      expect.objectContaining({ action: 'replace', outcome: 'refused', by: 'alice', detail: 'ReplacementRefusedError (not-gp-route)' }),
    ]);
    expect((await tracker.audit({ messageId: replaced.messageId })).items.map((e) => [e.action, e.outcome])).toEqual([
      ['replace', 'done'],
      ['replace', 'conflict'],
    ]);
  });

  it.skipIf(skip)('the fields the tracker sets are refused when given, an id that is no UUID is never echoed, and an adopted message with its version is replaced', async () => {
    const tracker = await openTracker(engine, env.client());
    const first = await tracker.send('gpconnect', gpMessage());
    const atService = env.sandbox.listMessages().length;
    const stale = gpMessage() as unknown as GpConnectReplacement; // a JavaScript caller who copied the earlier version's fields
    const given = await tracker.replace(first.messageId, stale).catch((e: unknown) => e);
    expect(given).toBeInstanceOf(LocalValidationError);
    expect((given as LocalValidationError).invalidParameters.map((p) => p.name)).toEqual(['gpConnectAdditionalInformation.versionNumber']);
    const pasted = await tracker.replace(PATIENT.nhsNumber, nextVersion()).catch((e: unknown) => e);
    expect(pasted).toBeInstanceOf(LocalValidationError);
    expect(String((pasted as Error).message)).not.toContain(PATIENT.nhsNumber);
    // The new version is checked as any send is: refused locally, not kept, and the earlier is still replaceable.
    const invalid = nextVersion();
    const refused = await tracker.replace(first.messageId, { ...invalid, attachments: [] }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'LocalValidationError', delivery: 'not-sent' });
    expect(env.sandbox.listMessages()).toHaveLength(atService);
    expect((await tracker.get(first.messageId))?.replacedBy).toBeNull();
    expect((await tracker.replace(first.messageId, nextVersion())).versionNumber).toBe(2);

    const adopted = crypto.randomUUID();
    await tracker.track({ messageId: adopted, route: 'gpconnect', sentAt: new Date(), versionNumber: 4 });
    const fifth = await tracker.replace(adopted, nextVersion());
    expect(versionAtService(fifth.messageId)).toEqual({ versionNumber: 5, relatesTo: adopted });
  });

  it.skipIf(skip)('two replacements of one version at once: one is sent, the other is told, the audit shows both', async () => {
    const [a, b, closeB] = await twoInstances(engine);
    const first = await a.send('gpconnect', gpMessage());
    const atService = env.sandbox.listMessages().length;
    const results = await Promise.allSettled([
      a.replace(first.messageId, nextVersion(), { by: 'alice' }),
      b.replace(first.messageId, nextVersion(), { by: 'bob' }),
    ]);
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(ConflictingActionError);
    expect(lost[0]).toMatchObject({ action: 'replace', delivery: 'not-sent' });
    expect(env.sandbox.listMessages()).toHaveLength(atService + 1);
    expect(versionAtService(won[0]!.messageId)).toEqual({ versionNumber: 2, relatesTo: first.messageId });
    expect((await a.get(first.messageId))?.replacedBy).toBe(won[0]!.messageId);
    const { items } = await a.audit({ messageId: first.messageId });
    expect(items.map((e) => e.outcome).sort()).toEqual(['conflict', 'done']);
    expect(items.map((e) => e.by).sort()).toEqual(['alice', 'bob']);
    await closeB();
  });

  it.skipIf(skip)('20014 on the replacement: replacement-rejected naming both versions by messageId, never patient data', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const first = await tracker.send('gpconnect', gpMessage());
    const second = await tracker.replace(first.messageId, nextVersion('20014'));
    const refused = await attentionOf(tracker, second.messageId, 'replacement-rejected');
    expect(refused).toMatchObject({ status: 'REJECTED', versionNumber: 2, replaces: first.messageId });
    expect(parseGpRouteSubStatus(refused.subStatus).code).toBe('20014');
    const detail = refused.attention?.detail ?? '';
    expect(detail).toContain(`version 2, message ${second.messageId}`);
    expect(detail).toContain(`message ${first.messageId}`);
    const message: GpConnectMessageParams = gpMessage();
    for (const value of [...Object.values(PATIENT), message.attachments[0]!.fileName, 'Okafor', message.gpConnectAdditionalInformation.senderReference]) {
      expect(detail).not.toContain(value);
    }
    expect(await tracker.get(first.messageId)).toMatchObject({ replacedBy: second.messageId, attention: null });
  });
});
