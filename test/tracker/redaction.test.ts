// What the ledger keeps of a failed send, when the service echoes the
// request's values in its answer (an ASP.NET-style "The value '…' is not
// valid" for every field): a local server answers every send that way, and
// no value of the message may be left in lastError, the attention detail,
// the events, or anywhere else in the ledger.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { createTracker, type TrackerEvent } from '../../src/tracker/index.js';
import { gpMessage, standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { dumpTables } from './ledger-dump.js';
import { ENGINES, FAST, databaseFor, eventually } from './support.js';

const env = useSandbox();

/** Values no error text may keep: each distinctive, so a hit is this test's and no one else's. */
const VALUES = {
  fileName: 'Wobbleton-Quiverfull-letter.pdf',
  body: 'Quibbled over the marmalade; discharged home to Snodsbury.',
  codedText: 'Snorkelling pressure reading',
  family: 'Fotheringay',
  given: 'Eglantine',
  practitioner: 'Brackenbury',
  senderReference: 'OOH-SNODSBURY-4471',
};

/** Every string in a JSON value, at any depth. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(leaves);
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A service that answers every send with `status`, echoing each value the request carried; anything else goes to the sandbox. */
async function echoingService(status: number): Promise<string> {
  server = createServer((request, response) => {
    if (request.method !== 'POST') {
      void fetch(`${env.sandbox.url}${request.url ?? '/'}`, { headers: { ApiKey: env.sandbox.apiKey } }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const values = leaves(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(status, { 'content-type': 'application/problem+json' });
      response.end(
        JSON.stringify({
          title: status === 400 ? 'Bad Request' : 'Service Unavailable',
          status,
          detail: values.map((v) => `The value '${v}' is not valid.`).join(' '),
          invalidParameters: values.map((v, i) => ({ name: `field${i}`, reason: `The value '${v}' is not valid.` })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const standard = () =>
  standardMessage({
    body: { mimeType: 'text/plain', content: VALUES.body },
    attachments: [{ mimeType: 'application/pdf', fileName: VALUES.fileName, content: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') }],
    codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: VALUES.codedText }],
  });

const gp = () => {
  const m = gpMessage();
  return {
    ...m,
    attachments: [{ mimeType: 'application/pdf' as const, fileName: VALUES.fileName, content: m.attachments[0]?.content ?? '' }],
    gpConnectAdditionalInformation: {
      ...m.gpConnectAdditionalInformation,
      senderReference: VALUES.senderReference,
      patient: { ...m.gpConnectAdditionalInformation.patient, name: { family: VALUES.family, given: VALUES.given } },
      practitioner: { ...m.gpConnectAdditionalInformation.practitioner, name: { family: VALUES.practitioner, given: 'Ada' } },
    },
  };
};

describe.each(ENGINES)('what the ledger keeps of echoed values, on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('a 400 echoing every value (send failed for good) and a 503 echoing them (queued): none in lastError, attention, events or any table', async () => {
    const where = databaseFor(engine);
    const failing = new CdmsClient({ baseUrl: await echoingService(400), apiKey: env.sandbox.apiKey, maxRetries: 0 });
    const tracker = await createTracker({ client: failing, ...where, ...FAST });
    const events: TrackerEvent[] = [];
    tracker.onEvent((e) => void events.push(e));
    await tracker.start();
    const refused = await tracker.send('standard', standard()).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'BadRequestError' });
    const failed = (await tracker.list({ attention: true })).items[0];
    expect(failed).toMatchObject({ stage: 'failed', attention: { reason: 'send-failed' } });
    expect(failed?.lastError).toMatch(/400/);
    await eventually('the attention event', () => events.some((e) => e.kind === 'attention'));
    await tracker.close();

    const unavailable = new CdmsClient({ baseUrl: await echoingService(503), apiKey: env.sandbox.apiKey, maxRetries: 0 });
    const second = await createTracker({ client: unavailable, ...where, ...FAST });
    const queued = await second.send('gpconnect', gp());
    expect(queued.outcome).toBe('queued');
    const kept = await second.get(queued.messageId);
    expect(kept?.lastError).toMatch(/503/);
    await second.close();

    const ledger = await dumpTables(engine, where.database, where.schema);
    const texts = JSON.stringify([failed, kept, events]);
    for (const value of Object.values(VALUES)) {
      expect(texts, value).not.toContain(value);
      // The queued message's own content is still held (sealed) to resend it, never as text in a column.
      expect(ledger, value).not.toContain(value);
    }
  });
});
