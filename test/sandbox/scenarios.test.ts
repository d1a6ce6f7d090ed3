import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, GP_ROUTE_CODES, formatGpRouteSubStatus, type GpRouteCode } from '../../src/index.js';
import { manualClock, SCENARIO_NHS_NUMBERS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { gpMessage, instantMessage, standardMessage } from '../contract/support.js';
import { raw } from './support.js';

const STEP_MS = 2_000;
const clock = manualClock();
let sandbox: Sandbox;
let cdms: CdmsClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clock: clock.now });
  cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, maxRetries: 0 });
});
afterEach(() => sandbox.reset());
afterAll(async () => {
  await sandbox.close();
});

/** A GP-route message whose practitioner's given name is `given`. */
function gpWith(given: string, extra: Parameters<typeof gpMessage>[0] = {}) {
  const m = gpMessage(extra);
  const info = m.gpConnectAdditionalInformation;
  return gpMessage({ ...extra, gpConnectAdditionalInformation: { ...info, practitioner: { name: { family: 'Okafor', given } } } });
}

const subject = (nhsNumber: string) => ({ subject: { id: { type: 'VerifiedNhsNumber' as const, value: nhsNumber } } });
const numberOf = (name: string): string => Object.entries(SCENARIO_NHS_NUMBERS).find(([, n]) => n === name)?.[0] ?? '';

/** What the GP route ends at for a code given as the trigger. */
function expectedEnd(code: GpRouteCode): { status: string; subStatus: string } {
  if (code.code === '20013') return { status: 'COMPLETED', subStatus: '30001-Patient known here' };
  return { status: code.outcome === 'positive' ? 'COMPLETED' : 'REJECTED', subStatus: formatGpRouteSubStatus(code) };
}

describe('sandbox test scenarios: the GP route, from the practitioner given name', () => {
  const codes = GP_ROUTE_CODES.filter((c) => c.source !== 'service');

  it.each(codes.map((c) => [c.code, c] as const))('%s: walks its path by itself on the sandbox clock', async (_code, code) => {
    const { messageId } = await cdms.gpconnect.send(gpWith(code.code.toLowerCase()));
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'PENDING', subStatus: 'Sent to MESH' });
    expect(sandbox.getMessage(messageId)?.scenario).toMatchObject({ name: code.code, trigger: 'practitioner given name' });
    clock.advance(STEP_MS);
    const first = await cdms.gpconnect.status(messageId);
    const viaPractice = code.source === 'itk-business' || code.code === '20013';
    if (viaPractice) expect(first).toMatchObject({ status: 'PENDING', subStatus: '20013 - Success' });
    clock.advance(STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject(expectedEnd(code));
    const history = sandbox.getMessage(messageId)?.history ?? [];
    expect(history.map((h) => h.subStatus)).toEqual(['Sent to MESH', ...(viaPractice ? ['20013 - Success'] : []), expectedEnd(code).subStatus]);
    expect(history.slice(1).every((h) => h.cause.startsWith('scenario: '))).toBe(true);
  });

  it("noresponse: stays 'Sent to MESH' however long it waits, until its own expiry", async () => {
    const expiry = new Date(clock.now().getTime() + 60_000).toISOString();
    const forever = await cdms.gpconnect.send(gpWith('noresponse'));
    const expiring = await cdms.gpconnect.send(gpWith('NoResponse', { expiryDateTime: expiry }));
    clock.advance(20 * STEP_MS);
    expect(await cdms.gpconnect.status(forever.messageId)).toMatchObject({ status: 'PENDING', subStatus: 'Sent to MESH' });
    expect(await cdms.gpconnect.status(expiring.messageId)).toMatchObject({ status: 'PENDING', subStatus: 'Sent to MESH' });
    clock.advance(60_000);
    expect(await cdms.gpconnect.status(expiring.messageId)).toMatchObject({ status: 'EXPIRED', subStatus: null });
    expect(sandbox.getMessage(forever.messageId)?.scenario?.description).toMatch(/no acknowledgement of any kind/);
  });

  it('nobusack: 20013, then nothing more', async () => {
    const { messageId } = await cdms.gpconnect.send(gpWith('nobusack'));
    clock.advance(STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'PENDING', subStatus: '20013 - Success' });
    clock.advance(100 * STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'PENDING', subStatus: '20013 - Success' });
  });

  it('noinfack: the business response comes without an infrastructure acknowledgement', async () => {
    const { messageId } = await cdms.gpconnect.send(gpWith('noinfack'));
    clock.advance(STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ subStatus: 'Sent to MESH' });
    clock.advance(STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'COMPLETED', subStatus: '30001-Patient known here' });
    expect(sandbox.getMessage(messageId)?.history.map((h) => h.subStatus)).not.toContain('20013 - Success');
  });

  it('an ordinary given name, or none, keeps the manual path', async () => {
    for (const message of [gpWith('Ada'), gpWith('20013 please'), gpMessage({ gpConnectAdditionalInformation: { ...gpMessage().gpConnectAdditionalInformation, practitioner: undefined } })]) {
      const { messageId } = await cdms.gpconnect.send(message);
      clock.advance(10 * STEP_MS);
      expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'PENDING', subStatus: 'Sent to MESH' });
      expect(sandbox.getMessage(messageId)?.scenario).toBeNull();
      expect(sandbox.gpRoute.advance(messageId).subStatus).toBe('20013 - Success');
    }
  });

  it('a manual move takes over: the scenario steps left are dropped', async () => {
    const { messageId } = await cdms.gpconnect.send(gpWith('30002'));
    clock.advance(STEP_MS);
    sandbox.gpRoute.advance(messageId, 'completed');
    clock.advance(10 * STEP_MS);
    expect(await cdms.gpconnect.status(messageId)).toMatchObject({ status: 'COMPLETED', subStatus: '30001-Patient known here' });
  });

  it('the console shows which scenario a message triggered', async () => {
    const { messageId } = await cdms.gpconnect.send(gpWith('EPL-153'));
    const page = await raw(sandbox, 'GET', `/_sandbox/console/messages/${messageId}`, { apiKey: null });
    expect(page.text).toContain('Test scenario');
    expect(page.text).toContain('EPL-153 (from the practitioner given name)');
    const inbox = await raw(sandbox, 'GET', '/_sandbox/console', { apiKey: null });
    expect(inbox.text).toContain('scenario EPL-153');
    const listed = await raw(sandbox, 'GET', `/_sandbox/messages/${messageId}`, { apiKey: null });
    expect((listed.body as { scenario?: unknown }).scenario).toEqual({ name: 'EPL-153', trigger: 'practitioner given name', description: "REJECTED 'EPL-153-ERROR_NHSNUMBER_NOT_FOUND'" });
  });
});

describe('sandbox test scenarios: standard and instant routes, from a reserved NHS number', () => {
  it.each([
    ['import', 'COMPLETED', null],
    ['reject', 'REJECTED', null],
    ['fail', 'FAILED', null],
    ['expire', 'EXPIRED', null],
  ] as const)('standard %s: %s after one step', async (name, status, subStatus) => {
    const { messageId } = await cdms.messages.send(standardMessage(subject(numberOf(name))));
    expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'PENDING' });
    expect(sandbox.getMessage(messageId)?.scenario).toMatchObject({ name, trigger: 'subject NHS number' });
    clock.advance(STEP_MS);
    const read = await cdms.messages.status(messageId);
    expect(read).toMatchObject({ status });
    expect(read.subStatus ?? null).toBe(subStatus);
  });

  it.each([
    ['import', 'COMPLETED', null],
    ['reject', 'REJECTED', null],
    ['fail', 'FAILED', null],
    ['expire', 'EXPIRED', 'Expired before it was imported'],
    ['fallback', 'PENDING', 'Failed instant message import'],
  ] as const)('instant %s: %s after one step, whatever the toolbar does', async (name, status, subStatus) => {
    const code = await sandbox.issueAccessCode('dr-scenario');
    const token = await cdms.tokens.exchange(code);
    sandbox.toolbar.run('dr-scenario');
    const { messageId } = await cdms.instant.send(instantMessage(subject(numberOf(name))), { accessToken: token });
    clock.advance(STEP_MS - 1);
    expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'PENDING' });
    clock.advance(1);
    const read = await cdms.messages.status(messageId);
    expect(read).toMatchObject({ status });
    expect(read.subStatus ?? null).toBe(subStatus);
    clock.advance(120_000);
    expect(await cdms.messages.status(messageId)).toMatchObject({ status });
  });

  it('the instant-only fallback number is an ordinary patient on the standard route; other numbers keep today’s behaviour', async () => {
    for (const nhsNumber of [numberOf('fallback'), '9434765919', '9990000018']) {
      const { messageId } = await cdms.messages.send(standardMessage(subject(nhsNumber)));
      clock.advance(10 * STEP_MS);
      expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'PENDING' });
      expect(sandbox.getMessage(messageId)?.scenario).toBeNull();
    }
  });

  it('a practice user acting first takes over', async () => {
    const { messageId } = await cdms.messages.send(standardMessage(subject(numberOf('reject'))));
    sandbox.toolbar.import(messageId);
    clock.advance(10 * STEP_MS);
    expect(await cdms.messages.status(messageId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('scenarioStepMs sets the pace', async () => {
    const quick = await startSandbox({ port: 0, clock: clock.now, scenarioStepMs: 10 });
    try {
      const client = new CdmsClient({ baseUrl: quick.url, apiKey: quick.apiKey });
      const { messageId } = await client.messages.send(standardMessage(subject(numberOf('import'))));
      clock.advance(10);
      expect(await client.messages.status(messageId)).toMatchObject({ status: 'COMPLETED' });
    } finally {
      await quick.close();
    }
    await expect(startSandbox({ scenarioStepMs: -1 })).rejects.toThrow(/scenarioStepMs/);
  });
});
