// Tracked sends through a slow network: a loopback proxy holds each POST a
// seeded delay of up to 1.5 s, longer than the client's 300 ms timeout, and
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
import { ENGINES, FAST, databaseFor } from '../support.js';
import { countVerdicts, expectTruthful, ledgerAtRest, recordSend } from './verdicts.js';

const SENDS = 40;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function slowWorld(engine: (typeof ENGINES)[number]['engine'], seed: number): Promise<{ sandbox: Sandbox; proxy: DelayProxy; tracker: Tracker }> {
  const sandbox = await startSandbox({ port: 0, seed });
  cleanup.push(() => sandbox.close());
  const proxy = await startDelayProxy({ target: sandbox.url, seed, maxDelayMs: 1_500 });
  cleanup.push(() => proxy.close());
  // The app's client as it would be configured; the tracker makes one attempt per call whatever maxRetries says.
  const client = new CdmsClient({ baseUrl: proxy.url, apiKey: sandbox.apiKey, timeoutMs: 300, maxRetries: 2 });
  // The embedded engine shares this process with the sandbox and the proxy, and its writes block it: in memory, and
  // lookups at most 20 a second, so they do not starve the sandbox into timeouts of their own.
  const database = engine === 'PGlite' ? { database: 'memory:' } : databaseFor(engine);
  const tracker = await createTracker({ client, ...database, ...FAST, pollIntervalMs: 3_000, maxPollsPerSecond: 20 });
  cleanup.push(() => tracker.close());
  await tracker.start();
  return { sandbox, proxy, tracker };
}

describe.each(ENGINES)('tracked sends through a slow network, on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('no false queued, no failed for a held message (expiry passed before the resend), nothing twice, every error with its delivery', async () => {
    const { sandbox, proxy, tracker } = await slowWorld(engine, 22);
    const ids = Array.from({ length: SENDS }, () => crypto.randomUUID());
    // Half expire 2.5 s after the send: a resend after a 404 comes too late and is refused locally.
    const records = await Promise.all(
      ids.map((messageId, i) =>
        recordSend(messageId, () =>
          tracker.send('standard', standardMessage({ messageId, ...(i % 2 === 0 ? { expiryDateTime: new Date(Date.now() + 2_500).toISOString() } : {}) })),
        ),
      ),
    );
    await proxy.drain();
    await ledgerAtRest(tracker, 45_000);
    await proxy.drain();
    const counts = await countVerdicts(records, sandbox, tracker);
    // The fault happened: requests reached the service after the client had given up on them.
    expect(proxy.stats().forwardedAfterClientLeft).toBeGreaterThan(0);
    expect(counts.unconfirmed).toBeGreaterThan(0);
    expectTruthful(counts, 10_000);
    // Every message the service holds is followed; one it may hold but cannot be confirmed is for a person, never failed.
    const held = new Set(sandbox.listMessages().map((m) => m.messageId));
    for (const messageId of ids) {
      const kept = await tracker.get(messageId);
      if (held.has(messageId)) expect(['following', 'settled'], messageId).toContain(kept?.stage);
      else expect(kept?.stage === 'failed' || kept?.attention?.reason === 'delivery-unknown' || kept === undefined, `${messageId} ${kept?.stage}`).toBe(true);
    }
  });
});
