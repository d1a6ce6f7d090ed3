import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, type CdmsClientOptions, type SendOptions, type SendResult } from 'cdms-sdk';
import { startSandbox, type Sandbox, type SandboxFaults, type SandboxMessage } from 'cdms-sdk/sandbox';
import { gpMessage, instantMessage, standardMessage } from '../../helpers/fixtures.js';
import { settlePool } from '../../helpers/settle-pool.js';
import { startDelayProxy, type DelayProxy } from '../../helpers/delay-proxy.js';
import { fnv1a, mulberry32 } from '../../../src/sandbox/faults/prng.js';

// Every send's verdict, compared with what the service holds once every
// request has landed. The faults: a slow network (a proxy holding each POST
// up to a few seconds, far past the client's timeout, then forwarding it
// anyway) and the sandbox's own latency before it processes a send. The
// status lookup answers 404 while an attempt is still on its way, which is
// no proof that it will not arrive: a send whose attempt may still arrive
// must end in success or `unknown`, never `not-sent`.

const SEED = 20261122;
const CONCURRENCY = 15;
/** What tells the two halves of an unknown verdict apart in the figures. */
const UNKNOWN_TEXT = /may (have reached|still reach) the service/;

type RouteName = 'standard' | 'instant' | 'gpconnect';
const ROUTES: readonly RouteName[] = ['standard', 'instant', 'gpconnect'];
const ROUTE_NO: Record<RouteName, number> = { standard: 1, instant: 2, gpconnect: 3 };

let sandbox: Sandbox;
let proxy: DelayProxy;
/** Straight to the sandbox: the token exchange and the resends under new ids, which must not meet the faults. */
let direct: CdmsClient;
let accessToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED });
  direct = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  // Holds only the sends: the status lookups go straight through, so they answer 404 while a send is held.
  proxy = await startDelayProxy({ target: sandbox.url, seed: SEED, maxDelayMs: 3_000, hold: ({ method, path }) => method === 'POST' && !path.includes('/tokens') });
});

afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

/** Deterministic ids, distinct per scenario and route, so no run sees another's. */
const idOf = (scenario: number, route: RouteName, i: number, resent = false) =>
  `00000000-0000-4000-8${scenario}${ROUTE_NO[route]}${resent ? 1 : 0}-${i.toString(16).padStart(12, '0')}`;

/** Marks the document a send carries, so copies under other messageIds can be counted. */
const markerOf = (scenario: number, route: RouteName, i: number) => `doc-${scenario}-${route}-${i}`;

function messageOf(route: RouteName, messageId: string, marker: string) {
  const body = { mimeType: 'text/plain' as const, content: `Discharged home. ${marker}` };
  if (route === 'standard') return { route, message: standardMessage({ messageId, body }) };
  if (route === 'instant') return { route, message: instantMessage({ messageId, body }) };
  const base = gpMessage({ messageId });
  return { route, message: { ...base, gpConnectAdditionalInformation: { ...base.gpConnectAdditionalInformation, senderReference: marker } } };
}

function send(client: CdmsClient, route: RouteName, messageId: string, marker: string, options: SendOptions = {}): Promise<SendResult> {
  const m = messageOf(route, messageId, marker);
  if (m.route === 'standard') return client.messages.send(m.message, options);
  if (m.route === 'instant') return client.instant.send(m.message, { ...options, accessToken });
  return client.gpconnect.send(m.message, options);
}

function markerIn(message: SandboxMessage): string | undefined {
  const text = JSON.stringify(message.request);
  return /doc-\d+-[a-z]+-\d+/.exec(text)?.[0];
}


/** One route's figures in one scenario. */
interface Figures {
  route: RouteName;
  sends: number;
  sent: number;
  recovered: number;
  notSent: number;
  unknown: number;
  /** Unknown verdicts whose message the service held in the end. */
  unknownHeld: number;
  /** `not-sent` verdicts whose message the service held in the end: must be 0. */
  falseNotSent: number;
  /** Documents held twice after each `not-sent` was resent under a new messageId: must be 0. */
  heldTwice: number;
  /** Successes the service does not hold: must be 0. */
  falseSent: number;
  /** Errors that are not a CdmsError with a delivery, or whose text contradicts it: must be 0. */
  badErrors: string[];
  /** messageIds accepted more than once: must be 0. */
  acceptedTwice: number;
}

interface Scenario {
  no: number;
  name: string;
  sends: number;
  faults: SandboxFaults;
  client: CdmsClientOptions;
  /** Per-send options drawn from the seed. */
  options?: (route: RouteName, i: number) => SendOptions;
  viaProxy: boolean;
}

async function run(scenario: Scenario): Promise<Figures[]> {
  sandbox.reset();
  accessToken = await direct.tokens.exchange(await sandbox.issueAccessCode('fault-suite-user'));
  const client = new CdmsClient({ baseUrl: scenario.viaProxy ? proxy.url : sandbox.url, apiKey: sandbox.apiKey, ...scenario.client });
  // Warm up: the first sends load code and open connections, which on a busy machine stalls for longer than the timeout.
  await Promise.all(ROUTES.map((route) => send(direct, route, idOf(scenario.no, route, 0xfff), 'warm-up')));
  await client.topics.list();
  sandbox.setFaults(scenario.faults);
  const results = await Promise.all(
    ROUTES.map((route) =>
      settlePool(scenario.sends, CONCURRENCY, (i) => send(client, route, idOf(scenario.no, route, i), markerOf(scenario.no, route, i), scenario.options?.(route, i))),
    ),
  );
  // Every request the client gave up on lands now; only then does what the service holds say what happened.
  await proxy.drain();
  await waitForLatency(scenario);
  sandbox.setFaults({});

  const figures: Figures[] = [];
  for (const [r, route] of ROUTES.entries()) {
    const f: Figures = { route, sends: scenario.sends, sent: 0, recovered: 0, notSent: 0, unknown: 0, unknownHeld: 0, falseNotSent: 0, heldTwice: 0, falseSent: 0, badErrors: [], acceptedTwice: 0 };
    const notSent: number[] = [];
    for (const [i, result] of results[r]!.entries()) {
      const id = idOf(scenario.no, route, i);
      const held = sandbox.getMessage(id) !== undefined;
      if ((sandbox.stats().sends[id]?.accepted ?? 0) > 1) f.acceptedTwice++;
      if (result.status === 'fulfilled') {
        f.sent++;
        if (result.value.recovered) f.recovered++;
        if (!held) f.falseSent++;
        continue;
      }
      const error: unknown = result.reason;
      if (!(error instanceof CdmsError) || error.delivery === undefined) {
        f.badErrors.push(`${id}: ${String(error)}`);
        continue;
      }
      // The text says what the field says.
      if ((error.delivery === 'unknown') !== UNKNOWN_TEXT.test(error.message)) f.badErrors.push(`${id}: ${error.delivery} but "${error.message}"`);
      if (error.delivery === 'unknown') {
        f.unknown++;
        if (held) f.unknownHeld++;
      } else {
        f.notSent++;
        if (held) f.falseNotSent++;
        notSent.push(i);
      }
    }
    // The docs allow a new messageId after not-sent: it must never make a second copy.
    for (const i of notSent) await send(direct, route, idOf(scenario.no, route, i, true), markerOf(scenario.no, route, i));
    const copies = new Map<string, number>();
    for (const message of sandbox.listMessages()) {
      const marker = markerIn(message);
      if (marker) copies.set(marker, (copies.get(marker) ?? 0) + 1);
    }
    f.heldTwice = notSent.filter((i) => (copies.get(markerOf(scenario.no, route, i)) ?? 0) > 1).length;
    figures.push(f);
  }
  console.info(
    `send verdicts, ${scenario.name}:\n` +
      figures
        .map(
          (f) =>
            `  ${f.route.padEnd(9)} ${f.sends} sends: ${f.sent} sent (${f.recovered} recovered), ${f.notSent} not-sent, ${f.unknown} unknown ` +
            `(${f.unknownHeld} of them held); false not-sent ${f.falseNotSent}, held twice after a resend ${f.heldTwice}`,
        )
        .join('\n'),
  );
  return figures;
}

/** The sandbox's latency holds a send before processing it; once it has passed, every send has been processed. */
async function waitForLatency(scenario: Scenario): Promise<void> {
  const ms = scenario.faults.latencyMs ?? 0;
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms + 200));
}

function expectTrueVerdicts(figures: Figures[]): void {
  for (const f of figures) {
    expect(f.badErrors, f.route).toEqual([]);
    expect({ route: f.route, falseNotSent: f.falseNotSent, heldTwice: f.heldTwice, falseSent: f.falseSent, acceptedTwice: f.acceptedTwice }).toEqual({
      route: f.route,
      falseNotSent: 0,
      heldTwice: 0,
      falseSent: 0,
      acceptedTwice: 0,
    });
    expect(f.sent + f.notSent + f.unknown).toBe(f.sends);
  }
  // The fault happened: attempts the client gave up on did arrive. (How many sends succeed depends on the
  // machine's load: a lookup that times out too leaves the send unknown, which is true either way.)
  expect(figures.reduce((n, f) => n + f.unknownHeld, 0)).toBeGreaterThan(0);
}

/**
 * Per-send options drawn from the seed: a timeout of 200 to 1,500 ms, 0 to 3
 * resends, and for one send in three a caller's signal that aborts after 0.4
 * to 3 s (during an attempt, a lookup or the pause before a resend).
 */
function drawnOptions(route: RouteName, i: number): SendOptions {
  const draw = mulberry32(fnv1a(`${SEED}|${route}|${i}`));
  const [timeout, retries, aborts, abortAfter] = [draw(), draw(), draw(), draw()];
  return {
    timeoutMs: Math.round(200 + timeout * 1_300),
    maxRetries: Math.floor(retries * 4),
    ...(aborts < 1 / 3 ? { signal: AbortSignal.timeout(Math.round(400 + abortAfter * 2_600)) } : {}),
  };
}

describe('send verdicts under a slow network', () => {
  it('through a proxy holding each send up to 3 s, timeoutMs 400: no false not-sent on any route (GP route with 503s)', async () => {
    const landedBefore = proxy.stats().forwardedAfterClientLeft;
    const figures = await run({
      no: 1,
      name: 'delay proxy 0-3 s, timeoutMs 400, maxRetries 2, GP route 30% 503',
      sends: 60,
      faults: { gpconnect503Rate: 0.3 },
      client: { timeoutMs: 400, maxRetries: 2 },
      viaProxy: true,
    });
    expectTrueVerdicts(figures);
    expect(proxy.stats().forwardedAfterClientLeft - landedBefore).toBeGreaterThan(0);
    expect(sandbox.stats().faults.serviceUnavailable).toBeGreaterThan(0);
  }, 60_000);

  it('with maxRetries 0: no false not-sent on any route', async () => {
    const figures = await run({ no: 2, name: 'delay proxy 0-3 s, timeoutMs 400, maxRetries 0', sends: 60, faults: {}, client: { timeoutMs: 400, maxRetries: 0 }, viaProxy: true });
    expectTrueVerdicts(figures);
  }, 60_000);

  it("under the sandbox's own latency of 2 s before each send, with drawn timeouts, budgets and aborts: no false not-sent", async () => {
    const figures = await run({
      no: 3,
      name: 'sandbox latencyMs 2000 on the sends; timeoutMs 200-1500, maxRetries 0-3, a third aborted after 0.4-3 s',
      sends: 60,
      faults: { latencyMs: 2_000, operations: ['messages.send', 'instant.send', 'gpconnect.send'] },
      client: {},
      options: drawnOptions,
      viaProxy: false,
    });
    expectTrueVerdicts(figures);
  }, 60_000);
});
