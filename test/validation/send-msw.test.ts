// Every rule, end to end: an invalid message sent through the client is
// refused with LocalValidationError and no request reaches the server;
// skipLocalValidation lets the same message through, for testing a server.
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalValidationError, type CdmsClient, type Route, type SendResult } from '../../src/index.js';
import { BASE, testClient, useMswServer } from '../helpers/msw.js';
import { PATIENT, REMOVE, TOPIC, messageFor, patch, widget, type Json } from './fixtures.js';
import { CASES, WIDGET_CASES } from './rule-cases.js';

const { server, seen, http, HttpResponse } = useMswServer();
const ACCESS_TOKEN = '3b241101-e2bb-4255-8caf-4136c566a962';

beforeEach(() => {
  const sent = (route: string) => () => HttpResponse.json({ messageStatusEndpoint: `/api/v1/${route}messages/x/status` });
  server.use(
    http.post(`${BASE}/api/v1/messages`, sent('')),
    http.post(`${BASE}/api/v1/messages/instant`, sent('')),
    http.post(`${BASE}/api/v1/gpconnect/messages`, sent('gpconnect/')),
    http.post(`${BASE}/api/v1/widgets`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json([{ topicName: TOPIC }, { topicName: 'Other' }])),
  );
});

function send(client: CdmsClient, route: Route, message: Json, skipLocalValidation = false): Promise<SendResult> {
  const m = message as never;
  if (route === 'standard') return client.messages.send(m, { skipLocalValidation });
  if (route === 'instant') return client.instant.send(m, { accessToken: ACCESS_TOKEN, skipLocalValidation });
  return client.gpconnect.send(m, { skipLocalValidation });
}

/** Fields the resources fill in when absent: removing them does not break the wire message. */
function filledByResource(route: Route, path: string, value: unknown): boolean {
  if (value !== REMOVE) return false;
  return path === 'messageId' || (path === 'type' && route !== 'standard') || (route === 'gpconnect' && path.startsWith('recipient'));
}

const rows = CASES.flatMap(([routes, path, value, name]) =>
  routes.filter((route) => !filledByResource(route, path, value)).map((route) => [route, path, value, name] as const),
);

describe('sending an invalid message', () => {
  it.each(rows)('%s: %s = %j rejects locally at %s and sends nothing', async (route, path, value, name) => {
    const error: unknown = await send(testClient(), route, patch(messageFor(route), path, value)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    const invalid = error as LocalValidationError;
    expect(invalid.delivery).toBe('not-sent');
    expect(invalid.invalidParameters.map((p) => p.name)).toContain(name);
    expect(invalid.message).not.toContain(PATIENT.nhsNumber);
    expect(invalid.message).not.toContain(PATIENT.fileName);
    expect(seen).toHaveLength(0);
  });

  it.each(rows)('%s: %s = %j is sent with skipLocalValidation', async (route, path, value) => {
    const message = patch(messageFor(route), path, value);
    await expect(send(testClient(), route, message, true)).resolves.toMatchObject({ recovered: false });
    await expect.poll(() => seen.length).toBe(1);
  });

  it.each(['standard', 'instant', 'gpconnect'] as Route[])('%s: a valid message is sent once', async (route) => {
    await send(testClient(), route, messageFor(route));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.body).toMatchObject({ topic: TOPIC });
  });

  it('checks the topic against the cached topic list', async () => {
    const client = testClient();
    await client.topics.list();
    seen.length = 0;
    const error: unknown = await send(client, 'standard', patch(messageFor('standard'), 'topic', 'discharge summary')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters).toEqual([
      { name: 'topic', reason: expect.stringMatching(/not in the topic list/), value: 'discharge summary' },
    ]);
    expect(seen).toHaveLength(0);
    await send(client, 'standard', patch(messageFor('standard'), 'topic', 'Other'));
    await expect.poll(() => seen.length).toBe(1);
  });

  it('does not check the topic when no list can be had (the fetch before the first send failed)', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => new HttpResponse(null, { status: 500 })));
    await send(testClient(), 'standard', patch(messageFor('standard'), 'topic', 'Not Cached Anywhere'));
    await expect.poll(() => seen.length).toBe(1);
  });

  it('honours the client limits', async () => {
    const client = testClient({ limits: { maxAttachments: 2 } });
    await expect(send(client, 'standard', messageFor('standard'))).rejects.toBeInstanceOf(LocalValidationError);
    expect(seen).toHaveLength(0);
  });
});

describe('registering an invalid widget', () => {
  it.each(WIDGET_CASES)('%s = %j rejects locally at %s and sends nothing', async (path, value, name) => {
    const error: unknown = await testClient().widgets.register(patch(widget(), path, value) as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters.map((p) => p.name)).toContain(name);
    expect((error as LocalValidationError).message).not.toContain(widget().encryptionSecret as string);
    expect(seen).toHaveLength(0);
  });

  it.each(WIDGET_CASES)('%s = %j is sent with skipLocalValidation', async (path, value) => {
    await testClient().widgets.register(patch(widget(), path, value) as never, { skipLocalValidation: true });
    await expect.poll(() => seen.length).toBe(1);
  });
});
