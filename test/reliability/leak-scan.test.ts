import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, type Logger } from 'cdms-sdk';
import { ACCESS_TOKEN, PATIENT, gpMessage, instantMessage, standardMessage } from '../helpers/fixtures.js';
import { everythingRecorded, telemetryHarness } from '../helpers/telemetry.js';

const API_KEY = 'leak-scan-key-91c0e6';
/** Attachment text that must never surface, in plain and in base64. */
const SECRET_TEXT = '%PDF-1.4 CONFIDENTIAL-PAYLOAD-7d2e';
const CONTENT = Buffer.from(SECRET_TEXT).toString('base64');
const NEEDLES = [API_KEY, ACCESS_TOKEN, PATIENT.nhsNumber, '943 476 5919', PATIENT.family, PATIENT.given, PATIENT.dateOfBirth, CONTENT, 'CONFIDENTIAL-PAYLOAD'];

/** What the hostile server does next: a status, a hang, a reset, a bad 200, or a good one. */
type Mode = { status: number } | 'hang' | 'reset' | 'bad-200' | 'ok';
let mode: Mode = { status: 400 };
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const echo = `${body} key=${String(req.headers.apikey)} token=${String(req.headers['service-instant-access-token'])}`;
      if (mode === 'hang') return;
      if (mode === 'reset') return void req.socket.destroy();
      if (mode === 'ok') {
        const id = /"messageId":"([^"]+)"/.exec(body)?.[1] ?? '';
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ messageStatusEndpoint: `/api/v1/messages/${id}/status`, echo }));
      }
      if (mode === 'bad-200') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ messageStatusEndpoint: 42, echo }));
      }
      res.writeHead(mode.status, { 'Content-Type': 'application/problem+json', 'X-Echo': encodeURIComponent(echo).slice(0, 4000) });
      res.end(
        JSON.stringify({
          title: `Rejected ${echo}`,
          detail: echo,
          status: mode.status,
          invalidParameters: [
            { name: 'subject.id.value', reason: `bad ${PATIENT.nhsNumber}`, value: PATIENT.nhsNumber },
            { name: 'gpConnectAdditionalInformation.patient.name.family', reason: echo, value: PATIENT.family },
            { name: 'attachments[0].content', reason: `virus in ${CONTENT}`, value: CONTENT },
          ],
          errors: { 'Patient.DateOfBirth': [PATIENT.dateOfBirth] },
          echo,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client whose debug log and OpenTelemetry spans and metrics (trace context propagated) are all kept. */
function client() {
  const lines: string[] = [];
  const push = (fields: Record<string, unknown>, message: string) => void lines.push(`${message} ${inspect(fields, { depth: 10 })}`);
  const logger: Logger = { debug: push, info: push, warn: push, error: push };
  const otel = telemetryHarness();
  const { tracerProvider, meterProvider } = otel;
  const cdms = new CdmsClient({ baseUrl, apiKey: API_KEY, logger, timeoutMs: 150, maxRetries: 1, tracerProvider, meterProvider, propagateTraceContext: true });
  /** The log lines and every string recorded in spans, span events and metrics. */
  const recorded = async () => {
    const telemetry = await everythingRecorded(otel);
    expect(telemetry.length).toBeGreaterThan(0);
    await otel.shutdown();
    return [...lines, ...telemetry];
  };
  return { cdms, lines, recorded };
}

const withPatient = (attachmentContent = CONTENT) =>
  gpMessage({ attachments: [{ mimeType: 'application/pdf', fileName: 'summary.pdf', content: attachmentContent }] });

type Scenario = [string, Mode, (cdms: CdmsClient) => Promise<unknown>];
const scenarios: Scenario[] = [
  ...[400, 401, 403, 404, 410, 422, 500, 503].map((status): Scenario => [`GP send answered ${status}`, { status }, (c) => c.gpconnect.send(withPatient())]),
  ...[400, 500].map((status): Scenario => [
    `instant send answered ${status}`,
    { status },
    (c) => c.instant.send({ ...instantMessage(), attachments: withPatient().attachments }, { accessToken: ACCESS_TOKEN }),
  ]),
  ['status answered 404', { status: 404 }, (c) => c.gpconnect.status('6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11')],
  ['verify answered 500', { status: 500 }, (c) => c.tokens.verify(ACCESS_TOKEN)],
  ['a timeout, then the lookup times out too', 'hang', (c) => c.gpconnect.send(withPatient())],
  ['a reset connection', 'reset', (c) => c.gpconnect.send(withPatient())],
  ['a schema-breaking 200', 'bad-200', (c) => c.gpconnect.send(withPatient())],
  [
    'local validation of patient fields',
    { status: 200 },
    (c) =>
      c.gpconnect.send(
        gpMessage({
          subject: { id: { type: 'NHSNumber', value: `${PATIENT.nhsNumber.slice(0, 9)}8` } },
          gpConnectAdditionalInformation: { ...gpMessage().gpConnectAdditionalInformation, patient: { name: { family: ` ${PATIENT.family}\u0000` }, dateOfBirth: '' } },
        }),
      ),
  ],
  ['local validation of the content', { status: 200 }, (c) => c.gpconnect.send(withPatient(`${CONTENT}\n`))],
];

describe('leak scan', () => {
  it.each(scenarios)('%s: no key, token, patient data or content in the error, the debug log or the telemetry', async (_name, next, act) => {
    mode = next;
    const { cdms, recorded } = client();
    const error = await act(cdms).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CdmsError);
    const renderings = [String(error), (error as Error).message, JSON.stringify(error), inspect(error, { depth: 12, showHidden: true }), ...(await recorded())];
    for (const text of renderings) for (const needle of NEEDLES) expect(text).not.toContain(needle);
  });

  it('rejected content: the refusal on the next send leaks nothing either', async () => {
    mode = { status: 400 };
    const { cdms, recorded } = client();
    await expect(cdms.gpconnect.send(withPatient())).rejects.toBeInstanceOf(CdmsError);
    const again = await cdms.gpconnect.send(withPatient()).catch((e: unknown) => e);
    expect((again as Error).name).toBe('AttachmentPreviouslyRejectedError');
    for (const text of [String(again), JSON.stringify(again), inspect(again, { depth: 12, showHidden: true }), ...(await recorded())]) {
      for (const needle of NEEDLES) expect(text).not.toContain(needle);
    }
  });

  it('successful sends on every route: the debug log and the telemetry hold no key, token, patient data or content', async () => {
    mode = 'ok';
    const { cdms, recorded } = client();
    const attachments = withPatient().attachments;
    await cdms.messages.send({ ...standardMessage(), messageId: crypto.randomUUID(), attachments });
    await cdms.instant.send({ ...instantMessage(), messageId: crypto.randomUUID(), attachments }, { accessToken: ACCESS_TOKEN });
    await cdms.gpconnect.send({ ...withPatient(), messageId: crypto.randomUUID() });
    for (const text of await recorded()) for (const needle of NEEDLES) expect(text).not.toContain(needle);
  });
});
