// Every test scenario of the sandbox driven end to end: sent through the
// client by the tracker, walked by the sandbox on its own, and seen by the
// tracker's polls, with the attention a person would get.
import { describe, expect, it } from 'vitest';
import { GP_ROUTE_CODES, ITK_REPLACEMENT_NOT_PROCESSED, formatGpRouteSubStatus, type GpRouteCode } from '../../src/index.js';
import { SCENARIO_NHS_NUMBERS } from '../../src/sandbox/index.js';
import { gpMessage, standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, eventually, useTrackers } from './support.js';
import type { TrackedMessage, Tracker } from '../../src/tracker/index.js';

const env = useSandbox({ scenarioStepMs: 60 });
const openTracker = useTrackers();

function gpWith(given: string) {
  const m = gpMessage();
  return gpMessage({ gpConnectAdditionalInformation: { ...m.gpConnectAdditionalInformation, practitioner: { name: { family: 'Okafor', given } } } });
}

const numberOf = (name: string): string => Object.entries(SCENARIO_NHS_NUMBERS).find(([, n]) => n === name)?.[0] ?? '';

async function settledOf(tracker: Tracker, ids: readonly string[]): Promise<TrackedMessage[]> {
  return eventually(`${ids.length} messages settled`, async () => {
    const all = await Promise.all(ids.map((id) => tracker.get(id)));
    return all.every((m) => m?.stage === 'settled') && (all as TrackedMessage[]);
  });
}

describe.each(ENGINES)('GP-route and standard-route scenarios through the tracker on $engine', ({ engine, skip }) => {
  it.skipIf(skip)("every final GP-route code: the final status, and rejected with the code's action for each negative one", async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const codes = GP_ROUTE_CODES.filter((c) => c.final);
    const sent = await Promise.all(codes.map(async (code) => ({ code, ...(await tracker.send('gpconnect', gpWith(code.code))) })));
    expect(sent.every((s) => s.outcome === 'sent')).toBe(true);
    const messages = await settledOf(tracker, sent.map((s) => s.messageId));
    for (const [i, m] of messages.entries()) {
      const code: GpRouteCode = sent[i]!.code;
      expect(m.subStatus, code.code).toBe(formatGpRouteSubStatus(code));
      if (code.outcome === 'positive') {
        expect(m, code.code).toMatchObject({ status: 'COMPLETED', attention: null });
      } else {
        expect(m.status, code.code).toBe('REJECTED');
        // A replacement the practice could not process has its own reason (test/tracker/replace.test.ts).
        expect(m.attention?.reason, code.code).toBe(code.code === ITK_REPLACEMENT_NOT_PROCESSED ? 'replacement-rejected' : 'rejected');
        expect(m.attention?.detail, code.code).toContain(`To do: ${code.action}`);
      }
    }
  });

  it.skipIf(skip)('noresponse: no-infrastructure-ack once the set time passes; nobusack: no-business-ack; both still followed', async () => {
    const tracker = await openTracker(engine, env.client(), { infrastructureAckMs: 1_500, businessAckMs: 1_500 });
    await tracker.start();
    const silent = await tracker.send('gpconnect', gpWith('noresponse'));
    const received = await tracker.send('gpconnect', gpWith('nobusack'));
    const startedAt = Date.now();
    const noInf = await eventually('no-infrastructure-ack', async () => {
      const m = await tracker.get(silent.messageId);
      return m?.attention?.reason === 'no-infrastructure-ack' && m;
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_400);
    expect(noInf).toMatchObject({ stage: 'following', status: 'PENDING', subStatus: 'Sent to MESH' });
    expect(noInf.attention?.detail).toMatch(/has not acknowledged receipt/);
    const noBus = await eventually('no-business-ack', async () => {
      const m = await tracker.get(received.messageId);
      return m?.attention?.reason === 'no-business-ack' && m;
    });
    expect(noBus).toMatchObject({ stage: 'following', status: 'PENDING', subStatus: '20013 - Success' });
    expect(noBus.history.at(-1)?.subStatus).toBe('20013 - Success');
  });

  it.skipIf(skip)('before the set time, a slow acknowledgement raises nothing', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const { messageId } = await tracker.send('gpconnect', gpWith('nobusack'));
    await eventually('20013 seen', async () => (await tracker.get(messageId))?.subStatus === '20013 - Success');
    await new Promise((r) => setTimeout(r, 600));
    expect((await tracker.get(messageId))?.attention).toBeNull();
  });

  it.skipIf(skip)('standard route: import, reject, fail and expire, each with its attention', async () => {
    const tracker = await openTracker(engine, env.client());
    await tracker.start();
    const send = (name: string) => tracker.send('standard', standardMessage({ subject: { id: { type: 'VerifiedNhsNumber', value: numberOf(name) } } }));
    const [imported, rejected, expired, failed] = await Promise.all(['import', 'reject', 'expire', 'fail'].map(send));
    const [i, r, e] = await settledOf(tracker, [imported!.messageId, rejected!.messageId, expired!.messageId]);
    expect(i).toMatchObject({ status: 'COMPLETED', attention: null });
    expect(r).toMatchObject({ status: 'REJECTED', attention: { reason: 'rejected' } });
    expect(e).toMatchObject({ status: 'EXPIRED', attention: { reason: 'expired' } });
    const f = await eventually('failed attention', async () => {
      const m = await tracker.get(failed!.messageId);
      return m?.attention?.reason === 'failed' && m;
    });
    expect(f).toMatchObject({ status: 'FAILED', stage: 'following' });
  });
});
