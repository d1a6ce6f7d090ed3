import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, type SendResult } from 'cdms-sdk';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { gpMessage, instantMessage, standardMessage } from '../helpers/fixtures.js';
import { settlePool } from '../helpers/settle-pool.js';

const SENDS = 1_000;
const CONCURRENCY = 25;
/** The issue's fault mix; 503s only exist on the GP route. */
const FAULTS = { resetBeforeRate: 0.05, resetAfterRate: 0.05, slowRate: 0.05, slowMs: 1_500 };
const TIMEOUT_MS = 400;

/** Deterministic ids: the sandbox draws faults from (seed, operation, messageId, attempt). */
const idOf = (route: number, i: number) => `00000000-0000-4000-8${route}00-${i.toString(16).padStart(12, '0')}`;


let sandbox: Sandbox;
let client: CdmsClient;
let accessToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 20261121 });
  client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: TIMEOUT_MS });
});

afterAll(() => sandbox.close());

const routes: [string, number, (i: number) => Promise<SendResult>, Record<string, number>][] = [
  ['standard', 1, (i) => client.messages.send(standardMessage({ messageId: idOf(1, i) })), {}],
  ['instant', 2, (i) => client.instant.send(instantMessage({ messageId: idOf(2, i) }), { accessToken }), {}],
  ['gpconnect', 3, (i) => client.gpconnect.send(gpMessage({ messageId: idOf(3, i) })), { gpconnect503Rate: 0.3 }],
];

describe('fault injection', () => {
  it.each(routes)(
    '%s: 1,000 sends under resets, slow responses (and 503s) settle with definite outcomes',
    async (_route, routeNo, send, extra) => {
      sandbox.reset();
      // Reset forgets tokens too; exchange a fresh one before the faults start.
      accessToken = await client.tokens.exchange(await sandbox.issueAccessCode('fault-suite-user'));
      sandbox.setFaults({ ...FAULTS, ...extra });
      const results = await settlePool(SENDS, CONCURRENCY, send);
      sandbox.setFaults({});
      const stats = sandbox.stats();

      // The faults really happened.
      expect(stats.faults.resetBefore).toBeGreaterThan(0);
      expect(stats.faults.resetAfter).toBeGreaterThan(0);
      expect(stats.faults.slow).toBeGreaterThan(0);
      if (extra.gpconnect503Rate) expect(stats.faults.serviceUnavailable).toBeGreaterThan(200);

      let delivered = 0;
      let recovered = 0;
      for (const [i, result] of results.entries()) {
        const id = idOf(routeNo, i);
        const counts = stats.sends[id];
        const stored = sandbox.getMessage(id) !== undefined;
        // No messageId is ever delivered twice.
        expect(counts?.accepted ?? 0).toBeLessThanOrEqual(1);
        if (stored) delivered++;
        if (result.status === 'fulfilled') {
          // Every success is really stored.
          expect(stored, `${id} reported sent but not stored`).toBe(true);
          expect(result.value.messageId).toBe(id);
          if (result.value.recovered) recovered++;
        } else {
          // Every failure says whether it may have arrived, and "not-sent" is the truth.
          expect(result.reason).toBeInstanceOf(CdmsError);
          const delivery = (result.reason as CdmsError).delivery;
          expect(['not-sent', 'unknown']).toContain(delivery);
          if (delivery === 'not-sent') expect(stored, `${id} said not-sent but was stored`).toBe(false);
        }
      }
      expect(recovered).toBeGreaterThan(0);
      expect(delivered / SENDS).toBeGreaterThanOrEqual(0.99);
    },
    60_000,
  );
});
