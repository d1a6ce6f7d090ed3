import { inspect } from 'node:util';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, type Logger } from '../../src/index.js';
import { ACCESS_TOKEN, instantMessage } from '../helpers/fixtures.js';
import { API_KEY, BASE, problem, recordingFetch, useMswServer } from '../helpers/msw.js';

const { server, http, HttpResponse } = useMswServer();
const INSTANT = `${BASE}/api/v1/messages/instant`;
const VERIFY = `${BASE}/api/v1/messages/instant/access/token`;
/** Recovery asks the status after an unclear send; that answer echoes secrets too. */
const STATUS = `${BASE}/api/v1/messages/:id/status`;

/** A server that echoes the key and token back in every part of its answer. */
const echo = (status: number) =>
  problem(
    status,
    {
      title: `Bad key ${API_KEY}`,
      detail: `token ${ACCESS_TOKEN} rejected`,
      invalidParameters: [{ name: 'Service-Instant-Access-Token', reason: `${ACCESS_TOKEN} unknown`, value: ACCESS_TOKEN }],
      echo: { apiKey: API_KEY, token: ACCESS_TOKEN },
    },
    { 'X-Echo': API_KEY },
  );

function logCapture() {
  const lines: string[] = [];
  const push = (fields: Record<string, unknown>, message: string) => void lines.push(`${message} ${inspect(fields, { depth: 10 })}`);
  const logger: Logger = { debug: push, info: push, warn: push, error: push };
  return { logger, lines };
}

function renderings(error: unknown): string[] {
  return [String(error), (error as Error).message, JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })];
}

const scenarios: [string, () => void, (c: CdmsClient) => Promise<unknown>][] = [
  ...[400, 401, 403, 404, 410, 500, 503, 418].map(
    (status): [string, () => void, (c: CdmsClient) => Promise<unknown>] => [
      `instant send answered ${status}`,
      () => server.use(http.post(INSTANT, () => echo(status))),
      (c) => c.instant.send(instantMessage(), { accessToken: ACCESS_TOKEN }),
    ],
  ),
  [
    'verify answered 500 on both paths',
    () => server.use(http.get(VERIFY, () => echo(404)), http.get(`${VERIFY}/verify`, () => echo(500))),
    (c) => c.tokens.verify(ACCESS_TOKEN, { maxRetries: 0 }),
  ],
  ['a connection error', () => server.use(http.post(INSTANT, () => HttpResponse.error()), http.get(STATUS, () => echo(404))), (c) => c.instant.send(instantMessage(), { accessToken: ACCESS_TOKEN })],
  [
    'a timeout',
    () =>
      server.use(
        http.post(INSTANT, async () => {
          await delay(300);
          return HttpResponse.json({});
        }),
        http.get(STATUS, () => echo(500)),
      ),
    (c) => c.instant.send(instantMessage(), { accessToken: ACCESS_TOKEN, timeoutMs: 20 }),
  ],
  [
    'an abort',
    () =>
      server.use(
        http.post(INSTANT, async () => {
          await delay(300);
          return HttpResponse.json({});
        }),
      ),
    (c) => c.instant.send(instantMessage(), { accessToken: ACCESS_TOKEN, signal: AbortSignal.timeout(20) }),
  ],
  [
    'a schema-breaking 200',
    () => server.use(http.post(INSTANT, () => HttpResponse.json({ messageStatusEndpoint: 7, key: API_KEY, token: ACCESS_TOKEN }))),
    (c) => c.instant.send(instantMessage(), { accessToken: ACCESS_TOKEN }),
  ],
  ['a token that is not a uuid', () => undefined, (c) => c.instant.send(instantMessage(), { accessToken: `${API_KEY}\r\n` })],
  ['a header with CR/LF', () => undefined, (c) => c.test({ headers: { 'X-Key': `${API_KEY}\n` } })],
];

describe('leaks', () => {
  it.each(scenarios)('%s: no key or token in the error or the debug log', async (_name, arrange, act) => {
    arrange();
    const { logger, lines } = logCapture();
    const client = new CdmsClient({ baseUrl: BASE, apiKey: API_KEY, fetch: recordingFetch, logger, maxRetries: 1 });
    const error = await act(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CdmsError);
    for (const text of [...renderings(error), ...lines]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(ACCESS_TOKEN);
    }
  });

  it('construction refusals never echo the key', () => {
    const key = `${API_KEY}\r\n`;
    const error = (() => {
      try {
        return new CdmsClient({ baseUrl: BASE, apiKey: key });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CdmsError);
    for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
  });

  it('the client itself does not show its key when inspected or serialised', () => {
    const client = new CdmsClient({ baseUrl: BASE, apiKey: API_KEY });
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(client)).not.toContain(API_KEY);
  });
});
