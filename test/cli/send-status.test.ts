// `cdms send` on the three routes and `cdms status`, with and without
// --wait, against a sandbox in this process: the test plays the practice
// user and the GP route while the CLI waits.
import { writeFileSync } from 'node:fs';
import { EICAR_TEST_FILE_BASE64, startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NHS_NUMBER, assertBuilt, cdms, expectNoLeak, fixtures, gpMessage, json, startCli } from './support.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let files: ReturnType<typeof fixtures>;
let accessToken: string;

interface Sent {
  route: string;
  messageId: string;
  statusEndpoint: string;
  recovered: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
  files = fixtures({
    'notes.txt': 'Seen in clinic.\n',
    'consultation.json': JSON.stringify(gpMessage()),
    'eicar.txt': Buffer.from(EICAR_TEST_FILE_BASE64, 'base64').toString('latin1'),
  });
  const code = await sandbox.issueAccessCode('dr-jones');
  const response = await fetch(`${sandbox.url}/api/v1/messages/instant/access/token`, {
    method: 'POST',
    headers: { ApiKey: sandbox.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ accessCode: code }),
  });
  accessToken = ((await response.json()) as { token: string }).token;
});

afterAll(async () => {
  // beforeAll may have failed (dist/ missing): report that, not a TypeError here.
  if (sandbox === undefined) return;
  expectNoLeak([sandbox.apiKey, accessToken, NHS_NUMBER, '943 476 5919']);
  files.cleanup();
  await sandbox.close();
});

const standard = () => ['send', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')];

async function sendOne(extra: string[] = []): Promise<Sent> {
  const r = await cdms([...standard(), '--json', ...extra], env);
  expect(r.code, r.stderr).toBe(0);
  return json<Sent>(r);
}

describe.concurrent('cdms send', () => {
  it('standard route: prints the messageId and status endpoint; the sandbox holds the message as built', async () => {
    const r = await cdms([...standard(), '--file', files.path('notes.txt'), '--body', 'See attached', '--expires-in', '2h'], env);
    expect(r.code, r.stderr).toBe(0);
    const id = /^messageId\s+(\S+)$/m.exec(r.stdout)?.[1] ?? '';
    expect(id).toMatch(UUID);
    expect(r.stdout).toContain(`status endpoint  /api/v1/messages/${id}/status`);
    expect(r.stdout).toContain(`cdms status ${id}`);
    expect(r.stdout).not.toContain('recovered');
    const stored = sandbox.getMessage(id)!;
    expect(stored.route).toBe('standard');
    expect(stored.attachments.map((a) => [a.fileName, a.mimeType])).toEqual([
      ['summary.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(stored.request).toMatchObject({
      topic: 'Discharge Summary',
      recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
      subject: { id: { type: 'VerifiedNhsNumber', value: NHS_NUMBER } },
      body: { mimeType: 'text/plain', content: 'See attached' },
    });
    const expiry = Date.parse(String(stored.request.expiryDateTime));
    expect(expiry - Date.now()).toBeGreaterThan(7_100_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(7_200_000);
  });

  it('--json: { route, messageId, statusEndpoint, recovered }; --message-id is kept', async () => {
    const id = '0b6f5f0e-3c1d-4c8e-9a57-1f6f3f0b8d21';
    const sent = await sendOne(['--message-id', id, '--nhs-number', '943 476 5919']);
    expect(sent).toEqual({ route: 'standard', messageId: id, statusEndpoint: `/api/v1/messages/${id}/status`, recovered: false });
  });

  it('an attempt whose connection drops after the service stored the message: sent once, reported as recovered', async () => {
    // A sandbox of its own, whose every standard send is stored and then has its connection destroyed.
    const dropping = await startSandbox({ faults: { resetAfterRate: 1, operations: ['messages.send'] } });
    try {
      const dropEnv = { CDMS_BASE_URL: dropping.url, CDMS_API_KEY: dropping.apiKey };
      const [human, asJson] = await Promise.all([cdms(standard(), dropEnv), cdms([...standard(), '--json'], dropEnv)]);
      expect(human.code, human.stderr).toBe(0);
      expect(human.stdout).toMatch(/^recovered {8}yes: /m);
      expect(asJson.code, asJson.stderr).toBe(0);
      const sent = json<Sent>(asJson);
      expect(sent.recovered).toBe(true);
      expect(dropping.stats().sends[sent.messageId]).toMatchObject({ accepted: 1 });
    } finally {
      await dropping.close();
    }
  });

  it('a local validation failure exits 2, one invalid parameter per line, and sends nothing', async () => {
    const id = '7a0d4c3e-2b1f-4e5d-8c9b-0a1f2e3d4c5b';
    const r = await cdms(['send', '--message-id', id, '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', '9434765918', '--body', 'x'], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: Invalid request: nothing was sent');
    expect(lines).toContain('  subject.id.value: is not a valid NHS number: the Modulus 11 check digit does not match (set with --nhs-number)');
    expect(lines.some((l) => l.startsWith('  attachments: ') && l.endsWith('(set with --file)'))).toBe(true);
    expect(sandbox.stats().sends[id]).toBeUndefined();
  });

  it('a validation failure with --json: the error document, with each invalid parameter', async () => {
    const r = await cdms(['send', '--json', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER], env);
    expect(r.code).toBe(2);
    const { error } = json<{ error: { name: string; exitCode: number; invalidParameters: { name: string }[]; delivery: string } }>(r);
    expect(error).toMatchObject({ name: 'LocalValidationError', exitCode: 2, delivery: 'not-sent' });
    expect(error.invalidParameters.map((p) => p.name)).toEqual(['attachments']);
  });

  it("the service's validation problem exits 1 with its title, each parameter, and the delivery verdict", async () => {
    // A practice that does not use the service: only the service knows (a mistyped topic is refused locally now).
    const r = await cdms(['send', '--topic', 'Discharge Summary', '--recipient', 'Z99999', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')], env);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: Request Validation Error (HTTP 400)');
    expect(lines[1]).toMatch(/^ {2}recipient\.id\.value: /);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}instance: urn:uuid:/));
    expect(lines.at(-1)).toMatch(/^Message [0-9a-f-]{36} was not delivered: it is safe to send it again/);
  });

  it('a --file that cannot be read: exit 2, without echoing the path', async () => {
    const r = await cdms([...standard(), '--file', files.path('Jane-Smith-9434765919.pdf')], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('(ENOENT)');
    expect(r.stderr).not.toContain('Jane-Smith');
  });

  it('a bad --expires-in or --route exits 2', async () => {
    const [expiry, route] = await Promise.all([cdms([...standard(), '--expires-in', 'soon'], env), cdms([...standard(), '--route', 'fax'], env)]);
    expect(expiry.code).toBe(2);
    expect(expiry.stderr).toContain('--expires-in must be a duration such as 30m, 2h, 7d');
    expect(route.code).toBe(2);
    expect(route.stderr).toContain('--route must be one of standard, instant, gpconnect');
  });

  it('instant route: the token from CDMS_ACCESS_TOKEN, never printed', async () => {
    const r = await cdms([...standard(), '--route', 'instant', '--json'], { ...env, CDMS_ACCESS_TOKEN: accessToken });
    expect(r.code, r.stderr).toBe(0);
    const sent = json<Sent>(r);
    expect(sent.route).toBe('instant');
    expect(sandbox.getMessage(sent.messageId)).toMatchObject({ route: 'instant', instantUser: 'dr-jones' });
  });

  it('instant route: the token from --access-token-file', async () => {
    const tokenFile = files.path('token.txt');
    writeFileSync(tokenFile, `${accessToken}\n`);
    const r = await cdms([...standard(), '--route', 'instant', '--access-token-file', tokenFile], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Sent by the instant route.');
  });

  it('instant route without a token: exit 2 naming the flag and the variable', async () => {
    const r = await cdms([...standard(), '--route', 'instant'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--access-token-file');
    expect(r.stderr).toContain('CDMS_ACCESS_TOKEN');
  });

  it('an access token on another route is a usage error', async () => {
    const r = await cdms([...standard(), '--access-token', accessToken], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('apply only to the instant route');
  });

  it('GP route from --json-file plus --file; its status with --gpconnect', async () => {
    const r = await cdms(['send', '--route', 'gpconnect', '--json-file', files.path('consultation.json'), '--file', files.path('summary.pdf'), '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const sent = json<Sent>(r);
    expect(sent.statusEndpoint).toBe(`/api/v1/gpconnect/messages/${sent.messageId}/status`);
    expect(sandbox.getMessage(sent.messageId)?.request).toMatchObject({ type: 'GPConnectMessage', recipient: { id: { type: 'OdsOrganisationId', value: 'UNK' } } });
    const status = json(await cdms(['status', '--gpconnect', sent.messageId, '--json'], env));
    expect(status).toMatchObject({ messageId: sent.messageId, status: 'PENDING', subStatus: 'Sent to MESH', terminal: false });
    expect(status).toMatchObject({ gpRoute: { code: 'Sent to MESH', source: 'service', outcome: 'pending', final: false, known: true } });
    sandbox.gpRoute.advance(sent.messageId, 'mesh-rejected');
    const human = await cdms(['status', '--gpconnect', sent.messageId], env);
    expect(human.stdout).toMatch(/^code +EPL-153 \(MESH, final\)$/m);
    expect(human.stdout).toMatch(/^to do +Check the NHS number, family name and date of birth/m);
    // Without the flag the standard endpoint answers 404: the command says which flag was missing.
    const forgotten = await cdms(['status', sent.messageId], env);
    expect(forgotten.code).toBe(2);
    expect(forgotten.stderr).toContain(`went by the GP route: run \`cdms status --gpconnect ${sent.messageId}\``);
  });

  it('an attachment the virus scan rejects: exit 1; the next run refuses it locally (exit 2), across processes', async () => {
    const rejected = { ...env, CDMS_REJECTED_CONTENT_FILE: files.path('rejected/hashes.txt') };
    const args = ['send', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file', files.path('eicar.txt')];
    const first = await cdms([...args, '--json'], rejected);
    expect(first.code).toBe(1);
    expect(json<{ error: { name: string } }>(first).error.name).toBe('AttachmentContentRejectedError');
    const id = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const second = await cdms([...args, '--message-id', id], rejected);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('must not be resent. Nothing was sent.');
    expect(second.stderr).toContain('Never send this attachment again');
    expect(sandbox.stats().sends[id]).toBeUndefined();
  });

  it('GP route from flags alone: exit 2, gpConnectAdditionalInformation needs --json-file', async () => {
    const r = await cdms(['send', '--route', 'gpconnect', '--topic', 'Consultation Summary', '--recipient', 'UNK', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  gpConnectAdditionalInformation: is required (set with --json-file)');
  });
});

describe.concurrent('cdms status', () => {
  it('prints the status, human and --json', async () => {
    const { messageId } = await sendOne();
    const human = await cdms(['status', messageId], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^messageId  ${messageId}\nstatus     PENDING\nupdated    \\S+Z\n$`));
    sandbox.toolbar.reject(messageId);
    const parsed = json(await cdms(['status', messageId, '--json'], env));
    expect(parsed).toMatchObject({ messageId, status: 'REJECTED', terminal: true });
  });

  it('an unknown message id: exit 1 with 404', async () => {
    const r = await cdms(['status', '5d1c9a4e-8f4b-4a8e-9a0e-3c2b1a0f9e8d'], env);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('error: Not Found (HTTP 404)');
    const asJson = await cdms(['status', '5d1c9a4e-8f4b-4a8e-9a0e-3c2b1a0f9e8d', '--json'], env);
    expect(json<{ error: { status: number; exitCode: number } }>(asJson).error).toMatchObject({ status: 404, exitCode: 1 });
  });

  it('a message id that is not a UUID: exit 2, nothing sent', async () => {
    const r = await cdms(['status', 'not-a-uuid'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  messageId: must be a UUID');
  });

  it('--interval without --wait is a usage error', async () => {
    const r = await cdms(['status', '5d1c9a4e-8f4b-4a8e-9a0e-3c2b1a0f9e8d', '--interval', '100'], env);
    expect(r.code).toBe(2);
  });

  it('--wait: polls until the practice user imports the message, with plain progress lines off a terminal', async () => {
    const { messageId } = await sendOne();
    const cli = startCli(['status', messageId, '--wait', '--interval', '100'], env);
    await cli.waitFor('stderr', /status: PENDING/);
    sandbox.toolbar.import(messageId);
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: --wait polls every 100 ms: for tests and the sandbox only/m);
    expect(r.stderr).toMatch(/^status: COMPLETED after/m);
    expect(r.stderr).not.toContain('\r');
    expect(r.stdout).toContain('status     COMPLETED (terminal)');
  });

  it('--wait --gpconnect --json: through both GP-route steps to COMPLETED; stdout holds only the final status', async () => {
    const sent = json<Sent>(await cdms(['send', '--json-file', files.path('consultation.json'), '--route', 'gpconnect', '--file', files.path('summary.pdf'), '--json'], env));
    const cli = startCli(['status', '--gpconnect', sent.messageId, '--wait', '--interval', '100', '--json'], env);
    await cli.waitFor('stderr', /status: PENDING \(Sent to MESH\)/);
    sandbox.gpRoute.advance(sent.messageId);
    await cli.waitFor('stderr', /status: PENDING \(20013 - Success\)/);
    sandbox.gpRoute.advance(sent.messageId);
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(json(r)).toMatchObject({ messageId: sent.messageId, status: 'COMPLETED', terminal: true });
  });

  it('--wait --timeout: exit 1 when no terminal status comes in time', async () => {
    const { messageId } = await sendOne();
    const r = await cdms(['status', messageId, '--wait', '--interval', '100', '--timeout', '300', '--json'], env);
    expect(r.code).toBe(1);
    expect(json<{ error: { name: string } }>(r).error.name).toBe('TimeoutError');
    expect(r.stderr).toContain(`Stopped waiting for ${messageId}; last status: PENDING.`);
  });

  it('--wait stops on Ctrl-C (SIGINT): exit 130, the last status on stderr', async () => {
    const { messageId } = await sendOne();
    const cli = startCli(['status', messageId, '--wait', '--interval', '100'], env);
    await cli.waitFor('stderr', /status: PENDING/);
    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('error: Interrupted');
    expect(r.stderr).toContain(`last status: PENDING`);
    expect(r.stdout).toBe('');
  });
});
