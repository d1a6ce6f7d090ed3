// Tracked sends through a slow network: a loopback proxy holds each POST a
// seeded delay of up to 4 s, longer than the client's 300 ms timeout, and
// forwards it even after the client gave up. The client's status lookup then
// answers 404 while the request is still on its way. A tracked send must not
// call such a message `queued` (certainly not delivered), and the ledger must
// never end `failed` for a message the service holds, even when the resend
// comes after the expiry and is refused locally: that is `delivery-unknown`.
import { afterEach, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../../src/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createTracker, type Tracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { startDelayProxy, type DelayProxy } from '../../helpers/delay-proxy.js';
import { soakMessageId } from '../soak/plan.js';
import { ENGINES, FAST, collectEvents, databaseFor, eventually } from '../support.js';

// PostgreSQL only: the decisions under test are the same on both engines (pure functions, unit-tested), and the
// embedded engine, sharing this process with the sandbox and the proxy, would turn the network's delays into its own.
const POSTGRES = ENGINES[1];
import { countVerdicts, expectTruthful, ledgerAtRest, recordSend } from './verdicts.js';

const SENDS = 40;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function slowWorld(seed: number): Promise<{ sandbox: Sandbox; proxy: DelayProxy; tracker: Tracker }> {
  const sandbox = await startSandbox({ port: 0, seed });
  cleanup.push(() => sandbox.close());
  const proxy = await startDelayProxy({ target: sandbox.url, seed, maxDelayMs: 4_000 });
  cleanup.push(() => proxy.close());
  // The app's client as it would be configured; the tracker makes one attempt per call whatever maxRetries says.
  const client = new CdmsClient({ baseUrl: proxy.url, apiKey: sandbox.apiKey, timeoutMs: 300, maxRetries: 1 });
  // Lookups at most 20 a second: the sandbox, the proxy and the tracker share this process.
  const tracker = await createTracker({ client, ...databaseFor('PostgreSQL'), ...FAST, pollIntervalMs: 3_000, maxPollsPerSecond: 20 });
  cleanup.push(() => tracker.close());
  await tracker.start();
  return { sandbox, proxy, tracker };
}

describe('tracked sends through a slow network', () => {
  it.skipIf(POSTGRES.skip)('no false queued, no failed for a held message (expiry passed before the resend), nothing twice, every error with its delivery', async () => {
    const { sandbox, proxy, tracker } = await slowWorld(22);
    // Ids fixed by the seed, as the proxy's delays are: the same run every time.
    const ids = Array.from({ length: SENDS }, (_, i) => soakMessageId(22, i));
    // Half expire 3 s after the send: a resend after a 404 comes too late and is refused locally.
    // One send every 150 ms, as a busy sender makes them (40 at once would time the client's own lookups out instead).
    const records = await Promise.all(
      ids.map(async (messageId, i) => {
        await new Promise((r) => setTimeout(r, i * 150));
        const expiry = i % 2 === 0 ? { expiryDateTime: new Date(Date.now() + 3_000).toISOString() } : {};
        return recordSend(messageId, () => tracker.send('standard', standardMessage({ messageId, ...expiry })));
      }),
    );
    await proxy.drain();
    await ledgerAtRest(tracker, 45_000);
    await proxy.drain();
    const counts = await countVerdicts(records, sandbox, tracker);
    expectTruthful(counts, 10_000);
    // The fault happened: requests reached the service after the client had given up on them.
    expect(proxy.stats().forwardedAfterClientLeft).toBeGreaterThan(0);
    // Every message the service holds is followed; one it may hold but cannot be confirmed is for a person, never failed.
    const held = new Set(sandbox.listMessages().map((m) => m.messageId));
    for (const messageId of ids) {
      const kept = await tracker.get(messageId);
      if (held.has(messageId)) expect(['following', 'settled'], messageId).toContain(kept?.stage);
      else expect(kept?.stage === 'failed' || kept?.attention?.reason === 'delivery-unknown' || kept === undefined, `${messageId} ${kept?.stage}`).toBe(true);
    }
  });

  it.skipIf(POSTGRES.skip)('a resend refused locally after the expiry never turns a message the service holds into failed', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 23 });
    cleanup.push(() => sandbox.close());
    // The send waits a second at the service; the client gives up after 300 ms, and its lookup meanwhile finds nothing.
    sandbox.setFaults({ latencyMs: 1_000, operations: ['messages.send'] });
    const client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 300, maxRetries: 0 });
    const tracker = await createTracker({ client, ...databaseFor('PostgreSQL'), ...FAST });
    cleanup.push(() => tracker.close());
    const messageId = crypto.randomUUID();
    const record = await recordSend(messageId, () =>
      tracker.send('standard', standardMessage({ messageId, expiryDateTime: new Date(Date.now() + 1_500).toISOString() })),
    );
    // The request lands at the service; then the expiry passes; only then does the background work start.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(sandbox.getMessage(messageId)).toBeDefined();
    await tracker.start();
    await ledgerAtRest(tracker, 20_000);
    const counts = await countVerdicts([record], sandbox, tracker);
    expectTruthful(counts, 5_000);
    // Confirmed held through the status endpoint (by now the service says EXPIRED): followed to its end, not failed.
    const kept = await tracker.get(messageId);
    expect(kept?.history.map((h) => h.source)).toContain('confirm');
    expect(['following', 'settled']).toContain(kept?.stage);
    expect(kept?.status).toBe(sandbox.getMessage(messageId)?.status);
  });

  it.skipIf(POSTGRES.skip)('a message that may be at the service but can be neither confirmed nor resent: delivery-unknown, saying to check with the practice', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 24 });
    cleanup.push(() => sandbox.close());
    // The request takes 3 s to reach the service: its expiry (1.5 s) passes while it is on its way.
    sandbox.setFaults({ latencyMs: 3_000, operations: ['messages.send'] });
    const client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 300, maxRetries: 0 });
    const tracker = await createTracker({ client, ...databaseFor('PostgreSQL'), ...FAST });
    cleanup.push(() => tracker.close());
    const events = collectEvents(tracker);
    const messageId = crypto.randomUUID();
    const record = await recordSend(messageId, () =>
      tracker.send('standard', standardMessage({ messageId, expiryDateTime: new Date(Date.now() + 1_500).toISOString() })),
    );
    expect(record.outcome).toBe('unconfirmed');
    await new Promise((r) => setTimeout(r, 1_600));
    await tracker.start();
    const attention = await eventually('attention', () => events.find((e) => e.kind === 'attention'));
    expect(attention).toMatchObject({ messageId, reason: 'delivery-unknown' });
    expect((attention as { detail: string }).detail).toMatch(/Check with the practice/);
    // Whatever the request met when it arrived, the message is never failed, and is followed if the service holds it.
    sandbox.setFaults({});
    await new Promise((r) => setTimeout(r, 2_000));
    const kept = await tracker.get(messageId);
    expect(kept?.stage).not.toBe('failed');
    if (sandbox.getMessage(messageId)) await eventually('followed once found', async () => (await tracker.get(messageId))?.history.some((h) => h.source === 'confirm'));
    else expect(kept).toMatchObject({ stage: 'sending', attention: { reason: 'delivery-unknown' } });
    expectTruthful(await countVerdicts([record], sandbox, tracker), 5_000);
  });
});
