import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CdmsClient, REDACTED } from '../../src/index.js';
import { ACCESS_TOKEN, gpMessage, instantMessage, standardMessage } from '../helpers/fixtures.js';

// A service whose 400 echoes the request, as ASP.NET's model binding does
// ("The value '…' is not valid."), in the title, the detail, the reasons, its
// `errors` dictionary and an extension member. Every value the message
// carried must be gone from the error: its message, its problem, its
// invalidParameters, however it is printed.

/** Every string in a JSON value, with its dotted path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

const pascal = (path: string) => path.replace(/(^|\.)([a-z])/g, (_m, dot: string, c: string) => dot + c.toUpperCase());

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') {
        // The topic list a client fetches before its first send: none, so the topic is not checked locally.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      const all = strings(request);
      const invalid = (v: string) => `The value '${v}' is not valid.`;
      res.writeHead(400, { 'content-type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
          title: `One or more validation errors occurred: ${invalid(all.map(([, v]) => v).join("', '"))}`,
          status: 400,
          detail: all.map(([, v]) => invalid(v)).join(' '),
          errors: Object.fromEntries(all.map(([p, v]) => [`$.${pascal(p)}`, [invalid(v)]])),
          invalidParameters: all.map(([p, v]) => ({ name: p, reason: invalid(v), value: v })),
          traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
          echo: { request },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Values chosen to be found anywhere: each is in the message and must be in no error. */
const CARRIED = {
  nhsNumber: '9434765919',
  fileName: 'Featherstonehaugh referral.pdf',
  bodyText: 'Seen overnight with chest pain; troponin normal',
  codedText: 'Systolic, left arm, seated',
  family: 'Quillfeather',
  given: 'Li',
  dateOfBirth: '1953-07-14',
  practitionerFamily: 'Okonkwo-Barrington',
  senderReference: 'OOH-2026-778812',
  telephone: '0113 496 0321',
};

const attachment = { mimeType: 'application/pdf' as const, fileName: CARRIED.fileName, content: Buffer.from('%PDF-1.4\n% a short document\n%%EOF\n').toString('base64') };
const subject = { id: { type: 'VerifiedNhsNumber' as const, value: CARRIED.nhsNumber } };
const body = { mimeType: 'text/plain' as const, content: CARRIED.bodyText };

function gp() {
  const base = gpMessage({ attachments: [attachment], body });
  const info = base.gpConnectAdditionalInformation;
  return gpMessage({
    attachments: [attachment],
    body,
    subject: { id: { type: 'NHSNumber', value: CARRIED.nhsNumber } },
    gpConnectAdditionalInformation: {
      ...info,
      senderReference: CARRIED.senderReference,
      patient: { name: { family: CARRIED.family, given: CARRIED.given }, dateOfBirth: CARRIED.dateOfBirth },
      practitioner: { ...info.practitioner, name: { family: CARRIED.practitionerFamily, given: 'Ada' }, telephone: CARRIED.telephone },
    },
  });
}

const routes: [string, (c: CdmsClient) => Promise<unknown>, string[]][] = [
  [
    'standard',
    (c) => c.messages.send(standardMessage({ subject, body, attachments: [attachment], codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: CARRIED.codedText }] })),
    [CARRIED.nhsNumber, CARRIED.fileName, CARRIED.bodyText, CARRIED.codedText, attachment.content],
  ],
  [
    'instant',
    (c) => c.instant.send(instantMessage({ subject, body, attachments: [attachment] }), { accessToken: ACCESS_TOKEN }),
    [CARRIED.nhsNumber, CARRIED.fileName, CARRIED.bodyText, attachment.content, ACCESS_TOKEN],
  ],
  [
    'gpconnect',
    (c) => c.gpconnect.send(gp()),
    [CARRIED.nhsNumber, CARRIED.fileName, CARRIED.bodyText, CARRIED.family, CARRIED.dateOfBirth, CARRIED.practitionerFamily, CARRIED.senderReference, CARRIED.telephone, attachment.content],
  ],
];

/** Every way the error is likely to be shown or kept. */
const renderings = (error: ApiError): [string, string][] => [
  ['message', error.message],
  ['String()', String(error)],
  ['problem', JSON.stringify(error.problem)],
  ['invalidParameters', JSON.stringify(error.invalidParameters)],
  ['JSON.stringify', JSON.stringify(error)],
  ['inspect', inspect(error, { depth: 10, showHidden: true })],
];

describe.each(routes)('%s send answered by a service that echoes the request', (_, send, carried) => {
  it('keeps no value the message carried in the error, however it is shown', async () => {
    const client = new CdmsClient({ baseUrl, apiKey: 'echo-test-key', maxRetries: 0 });
    const error = await send(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e).toMatchObject({ status: 400, delivery: 'not-sent' });
    for (const [where, text] of renderings(e)) {
      for (const value of carried) expect(text.toLowerCase(), `${where} holds "${value}"`).not.toContain(value.toLowerCase());
    }
    // A short name is masked as a word: "Li" in the echo, though "validation" keeps its letters.
    if (_ === 'gpconnect') {
      expect(JSON.stringify(e.problem)).not.toMatch(/'Li'/);
      expect(e.problem?.title).toMatch(/validation errors/);
    }
    // Still useful: which fields, and the masked echo in place of each value.
    expect(e.invalidParameters.map((p) => p.name)).toEqual(expect.arrayContaining(['subject.id.value', 'attachments[0].fileName']));
    expect(e.invalidParameters.find((p) => p.name === 'subject.id.value')).toEqual({ name: 'subject.id.value', reason: `The value '${REDACTED}' is not valid.` });
    // A value safe to show stays: the topic.
    expect(e.invalidParameters.find((p) => p.name === 'topic')).toMatchObject({ value: expect.any(String) as unknown });
  });
});
