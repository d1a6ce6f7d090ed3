import { describe, expect, it } from 'vitest';
import { EICAR_TEST_FILE_BASE64, MESSAGE_ID_USED_REASON, VALIDATION_PROBLEM_TITLE, VALIDATION_PROBLEM_TYPE } from '../../src/sandbox/index.js';
import { PATIENT, gpBody, instantBody, paramNames, problemOf, raw, reasonFor, standardBody, useSandbox, widgetBody } from './support.js';

const ctx = useSandbox();

const attachment = (i: number) => ({ mimeType: 'text/plain', fileName: `note-${i}.txt`, content: Buffer.from(`note ${i}`).toString('base64') });

describe('sandbox validation (raw HTTP)', () => {
  it('a validation problem has the spec shape: problem+json, type, title, status, urn:uuid instance', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: '{"messageId": ' });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    const p = problemOf(r);
    expect(p).toMatchObject({ type: VALIDATION_PROBLEM_TYPE, title: VALIDATION_PROBLEM_TITLE, status: 400 });
    expect(p.instance).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(paramNames(r)).toEqual(['(body)']);
    expect(reasonFor(r, '(body)')).toBe('is not valid JSON');
  });

  it('bad JSON is a 400 on every endpoint that takes a body', async () => {
    for (const path of ['/api/v1/messages', '/api/v1/messages/instant', '/api/v1/gpconnect/messages', '/api/v1/widgets', '/api/v1/messages/instant/access/token']) {
      const r = await raw(ctx.sandbox, 'POST', path, { body: '{not json' });
      expect([path, r.status]).toEqual([path, 400]);
    }
  });

  it('a body that is not a JSON object is a 400', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: [standardBody()] });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(['(body)']);
  });

  it('a missing or wrong Content-Type is a 400 naming Content-Type, and nothing is stored', async () => {
    const body = standardBody();
    const missing = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body, contentType: null });
    const text = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body, contentType: 'text/plain' });
    for (const r of [missing, text]) {
      expect(r.status).toBe(400);
      expect(paramNames(r)).toEqual(['Content-Type']);
    }
    expect(ctx.sandbox.listMessages()).toHaveLength(0);
    const withCharset = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body, contentType: 'Application/JSON; charset=utf-8' });
    expect(withCharset.status).toBe(200);
  });

  it('the type field detects the wrong endpoint, naming the right one', async () => {
    const instantAtStandard = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: instantBody() });
    expect(paramNames(instantAtStandard)).toEqual(['type']);
    expect(reasonFor(instantAtStandard, 'type')).toContain('POST /api/v1/messages/instant');
    const gpAtInstant = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', { body: gpBody() });
    expect(reasonFor(gpAtInstant, 'type')).toContain('POST /api/v1/gpconnect/messages');
    const standardAtGp = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: standardBody() });
    expect(reasonFor(standardAtGp, 'type')).toBe("is required: 'GPConnectMessage'");
    const odd = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ type: 'Letter' }) });
    expect(reasonFor(odd, 'type')).toContain('must be absent');
    for (const r of [instantAtStandard, gpAtInstant, standardAtGp, odd]) expect(r.status).toBe(400);
    expect(ctx.sandbox.listMessages()).toHaveLength(0);
  });

  it('11 attachments are a 400 naming attachments; 10 are accepted', async () => {
    const eleven = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ attachments: Array.from({ length: 11 }, (_, i) => attachment(i)) }) });
    expect(eleven.status).toBe(400);
    expect(paramNames(eleven)).toContain('attachments');
    const ten = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ attachments: Array.from({ length: 10 }, (_, i) => attachment(i)) }) });
    expect(ten.status).toBe(200);
  });

  it('no attachment is a 400; the GP route takes exactly one', async () => {
    const none = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ attachments: [] }) });
    expect(paramNames(none)).toContain('attachments');
    const pdf = (gpBody().attachments as unknown[])[0];
    const two = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ attachments: [pdf, pdf] }) });
    expect(two.status).toBe(400);
    expect(paramNames(two)).toContain('attachments');
  });

  it('an unknown recipient organisation is a 400 naming recipient.id.value', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ recipient: { id: { type: 'OcsClientIdentifier', value: 'Z99999' } } }) });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(['recipient.id.value']);
    expect(reasonFor(r, 'recipient.id.value')).toBe('is not an organisation that uses the service');
  });

  it('the GP route accepts UNK and gpconnect as recipients (routing uses the patient)', async () => {
    for (const value of ['UNK', 'gpconnect']) {
      const r = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ recipient: { id: { type: 'OdsOrganisationId', value } } }) });
      expect([value, r.status]).toEqual([value, 200]);
    }
  });

  it('a topic outside the list is a 400 naming topic', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ topic: 'Holiday Photos' }) });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(['topic']);
  });

  it("the sample's 'units' key is refused in favour of the definition's 'unit'", async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ codedDataItems: [{ code: '271649006', value: 128, units: 'mm[Hg]' }] }) });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toContain('codedDataItems[0].units');
  });

  it('coded data items are refused on the GP route', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ codedDataItems: [{ code: '271649006', value: 1 }] }) });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toContain('codedDataItems');
  });

  it('schema problems name each field by its dotted path', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', {
      body: standardBody({ topic: 7, body: { mimeType: 'text/rtf', content: 'x' }, attachments: [{ mimeType: 'application/pdf' }] }),
    });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(expect.arrayContaining(['topic', 'body.mimeType', 'attachments[0].fileName', 'attachments[0].content']));
  });

  it('a reused messageId is a 400 naming messageId with "already been used"; nothing is stored twice', async () => {
    const body = standardBody();
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body })).status).toBe(200);
    const again = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body });
    expect(again.status).toBe(400);
    expect(paramNames(again)).toEqual(['messageId']);
    expect(reasonFor(again, 'messageId')).toBe(MESSAGE_ID_USED_REASON);
    expect(reasonFor(again, 'messageId')).toContain('already been used');
    // The same id on another route, or in upper case, is the same id.
    const elsewhere = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ messageId: String(body.messageId).toUpperCase() }) });
    expect(paramNames(elsewhere)).toEqual(['messageId']);
    expect(ctx.sandbox.stats().sends[String(body.messageId)]).toEqual({ attempts: 2, accepted: 1, duplicates: 1 });
    expect(ctx.sandbox.listMessages()).toHaveLength(1);
  });

  it('the EICAR test file is rejected by the virus scan, naming that attachment content; nothing is stored', async () => {
    const clean = attachment(0);
    const infected = { mimeType: 'text/plain', fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 };
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ attachments: [clean, infected] }) });
    expect(r.status).toBe(400);
    expect(problemOf(r).invalidParameters).toEqual([{ name: 'attachments[1].content', reason: expect.stringContaining('virus scan') as string }]);
    expect(ctx.sandbox.listMessages()).toHaveLength(0);
  });

  it('EICAR followed by whitespace is detected; with other bytes after it, it is not', async () => {
    const eicar = Buffer.from(EICAR_TEST_FILE_BASE64, 'base64');
    const padded = Buffer.concat([eicar, Buffer.from(' \t\r\n\x1a')]).toString('base64');
    const trailing = Buffer.concat([eicar, Buffer.from(' hello')]).toString('base64');
    const send = (content: string) =>
      raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', {
        body: instantBody({ attachments: [{ mimeType: 'text/plain', fileName: 'a.txt', content }] }),
        headers: { 'Service-Instant-Access-Token': crypto.randomUUID() },
      });
    expect(paramNames(await send(padded))).toEqual(['Service-Instant-Access-Token']);
    // The token problem comes first; with a valid token the scan decides.
    const token = await validToken();
    const scan = (content: string) =>
      raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', {
        body: instantBody({ attachments: [{ mimeType: 'text/plain', fileName: 'a.txt', content }] }),
        headers: { 'Service-Instant-Access-Token': token },
      });
    expect(paramNames(await scan(padded))).toEqual(['attachments[0].content']);
    expect((await scan(trailing)).status).toBe(200);
  });

  it('the instant send needs a valid access token header', async () => {
    const missing = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', { body: instantBody() });
    expect(missing.status).toBe(400);
    expect(paramNames(missing)).toEqual(['Service-Instant-Access-Token']);
    const token = await validToken();
    ctx.sandbox.revokeToken(token);
    const revoked = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant', { body: instantBody(), headers: { 'Service-Instant-Access-Token': token } });
    expect(revoked.status).toBe(400);
    expect(reasonFor(revoked, 'Service-Instant-Access-Token')).toContain('not a valid access token');
  });

  it('a 6th widget is a 400 naming name; re-registering a name (any case, outer spaces) updates it', async () => {
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect((await raw(ctx.sandbox, 'POST', '/api/v1/widgets', { body: widgetBody({ name }) })).status).toBe(204);
    }
    const sixth = await raw(ctx.sandbox, 'POST', '/api/v1/widgets', { body: widgetBody({ name: 'Six' }) });
    expect(sixth.status).toBe(400);
    expect(paramNames(sixth)).toEqual(['name']);
    const update = await raw(ctx.sandbox, 'POST', '/api/v1/widgets', { body: widgetBody({ name: '  tHREE ', icon: 'star' }) });
    expect(update.status).toBe(204);
    expect(update.text).toBe('');
    const widgets = ctx.sandbox.listWidgets();
    expect(widgets).toHaveLength(5);
    expect(widgets.find((w) => w.name === '  tHREE ')).toMatchObject({ icon: 'star', encryptionMethod: 'A256GCM', approval: 'pending' });
    expect(JSON.stringify(widgets)).not.toContain('k3Y9-widget-secret');
  });

  it('a widget registration that breaks the schema is a 400 naming the fields', async () => {
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/widgets', { body: widgetBody({ requiresUserData: 'yes', encryptionMethod: 'RSA' }) });
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(expect.arrayContaining(['requiresUserData', 'encryptionMethod']));
  });

  it('the token exchange refuses an unknown code, and a code used once', async () => {
    const unknown = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: 'NOPE-NOPE' } });
    expect(unknown.status).toBe(400);
    expect(paramNames(unknown)).toEqual(['accessCode']);
    const code = await ctx.sandbox.issueAccessCode('dr-a');
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } })).status).toBe(200);
    const reused = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } });
    expect(paramNames(reused)).toEqual(['accessCode']);
  });

  it('the access code may be typed in lower case with spaces', async () => {
    const code = await ctx.sandbox.issueAccessCode('dr-b');
    const typed = code.toLowerCase().replace('-', ' ');
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: typed } });
    expect(r.status).toBe(200);
    expect((r.body as { token: string }).token).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('verify needs the token header (400), a UUID (400), and answers 410 for an unknown token', async () => {
    const path = '/api/v1/messages/instant/access/token';
    expect(paramNames(await raw(ctx.sandbox, 'GET', path))).toEqual(['Service-Instant-Access-Token']);
    expect((await raw(ctx.sandbox, 'GET', path, { headers: { 'Service-Instant-Access-Token': 'ABCD-EFGH' } })).status).toBe(400);
    expect((await raw(ctx.sandbox, 'GET', path, { headers: { 'Service-Instant-Access-Token': crypto.randomUUID() } })).status).toBe(410);
  });

  it('a message status path that is not a UUID is a 400', async () => {
    const r = await raw(ctx.sandbox, 'GET', '/api/v1/messages/not-a-uuid/status');
    expect(r.status).toBe(400);
    expect(paramNames(r)).toEqual(['message-id']);
  });

  it('problems never echo patient data', async () => {
    const body = gpBody({ topic: 'Nope', attachments: [], recipient: { id: { type: 'X', value: PATIENT.nhsNumber } } });
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body });
    expect(r.status).toBe(400);
    for (const secret of Object.values(PATIENT)) expect(r.text).not.toContain(secret);
  });

  async function validToken(): Promise<string> {
    const code = await ctx.sandbox.issueAccessCode('dr-c');
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } });
    return (r.body as { token: string }).token;
  }
});

describe('sandbox authentication and routing (raw HTTP)', () => {
  it('a missing or unknown ApiKey is a 401 on every endpoint', async () => {
    for (const apiKey of [null, 'not-a-key']) {
      for (const [method, path] of [['GET', '/api/v1/test'], ['GET', '/api/v1/topics'], ['POST', '/api/v1/messages'], ['GET', `/api/v1/messages/${crypto.randomUUID()}/status`]] as const) {
        const r = await raw(ctx.sandbox, method, path, { apiKey, ...(method === 'POST' ? { body: standardBody() } : {}) });
        expect([path, r.status, r.headers.get('content-type')]).toEqual([path, 401, 'application/problem+json']);
      }
    }
  });

  it('the forbidden key gets 403 where the spec lists it, and not on test or status', async () => {
    const apiKey = ctx.sandbox.forbiddenApiKey;
    const refused = [
      ['GET', '/api/v1/topics'],
      ['POST', '/api/v1/messages'],
      ['POST', '/api/v1/messages/instant'],
      ['POST', '/api/v1/gpconnect/messages'],
      ['POST', '/api/v1/messages/instant/access/token'],
      ['GET', '/api/v1/messages/instant/access/token'],
      ['GET', '/api/v1/messages/instant/access/token/verify'],
      ['POST', '/api/v1/widgets'],
    ] as const;
    for (const [method, path] of refused) {
      const r = await raw(ctx.sandbox, method, path, { apiKey, ...(method === 'POST' ? { body: {} } : {}) });
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }
    expect((await raw(ctx.sandbox, 'GET', '/api/v1/test', { apiKey })).status).toBe(200);
    expect((await raw(ctx.sandbox, 'GET', `/api/v1/messages/${crypto.randomUUID()}/status`, { apiKey })).status).toBe(404);
  });

  it('the test endpoint answers GET and POST with an empty 200', async () => {
    for (const method of ['GET', 'POST']) {
      const r = await raw(ctx.sandbox, method, '/api/v1/test');
      expect(r.status).toBe(200);
      expect(r.text).toBe('');
    }
  });

  it('an unknown path is a 404 problem; a wrong method a 405 with Allow', async () => {
    const unknown = await raw(ctx.sandbox, 'GET', '/api/v2/test');
    expect(unknown.status).toBe(404);
    expect(problemOf(unknown).title).toBe('Not Found');
    const wrong = await raw(ctx.sandbox, 'DELETE', '/api/v1/topics');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('the query string is ignored (no endpoint takes query parameters)', async () => {
    expect((await raw(ctx.sandbox, 'GET', '/api/v1/test?x=1')).status).toBe(200);
  });
});
