// `cdms sandbox import | reject | fail | expire | advance | access-code |
// revoke | faults` against a running sandbox, and `cdms sandbox --open`:
// the built binary, as scripts and CI would run it.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { gpBody, raw, standardBody } from '../sandbox/support.js';
import { NHS_NUMBER, assertBuilt, cdms, expectNoLeak, fixtures, json, startCli } from './support.js';

assertBuilt();

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  env = { CDMS_BASE_URL: sandbox.url };
});
afterAll(() => sandbox.close());

async function sent(path = '/api/v1/messages', body = standardBody()): Promise<string> {
  expect((await raw(sandbox, 'POST', path, { body })).status).toBe(200);
  return String(body.messageId);
}

describe('cdms sandbox: acting as the practice', () => {
  it('import, reject, fail and expire move the message and print its new status', async () => {
    const ids = await Promise.all([sent(), sent(), sent(), sent()]);
    const moves = ['import', 'reject', 'fail', 'expire'];
    const runs = await Promise.all(moves.map((move, i) => cdms(['sandbox', move, ids[i]!], env)));
    const expected = ['COMPLETED', 'REJECTED', 'FAILED', 'EXPIRED'];
    runs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`Message ${ids[i]} is now ${expected[i]}.\n`);
      expect(sandbox.getMessage(ids[i]!)?.status).toBe(expected[i]);
    });
  });

  it('--json prints the id and status only, never the message (it holds patient data)', async () => {
    const id = await sent();
    const r = await cdms(['sandbox', 'import', id, '--json', '--base-url', sandbox.url]);
    expect(r.code).toBe(0);
    expect(json(r)).toEqual({ messageId: id, route: 'standard', status: 'COMPLETED', subStatus: null, updated: expect.any(String) as string });
    expect(r.stdout).not.toContain(NHS_NUMBER);
  });

  it('advance: the next step, a named outcome, or a custom ending', async () => {
    const [a, b, c] = await Promise.all([sent('/api/v1/gpconnect/messages', gpBody()), sent('/api/v1/gpconnect/messages', gpBody()), sent('/api/v1/gpconnect/messages', gpBody())]);
    const [next, mesh, custom] = await Promise.all([
      cdms(['sandbox', 'advance', a], env),
      cdms(['sandbox', 'advance', b, '--outcome', 'mesh-rejected'], env),
      cdms(['sandbox', 'advance', c, '--status', 'REJECTED', '--code', '20004', '--display', 'Non-approved file type', '--json'], env),
    ]);
    expect(next.stdout).toBe(`Message ${a} is now PENDING (20013 - Success).\n`);
    expect(mesh.stdout).toBe(`Message ${b} is now REJECTED (EPL-153-ERROR_NHSNUMBER_NOT_FOUND).\n`);
    expect(json(custom)).toMatchObject({ status: 'REJECTED', subStatus: '20004-Non-approved file type' });
    const completed = await cdms(['sandbox', 'advance', a, '--outcome', 'completed'], env);
    expect(completed.code).toBe(0);
    expect(sandbox.getMessage(a)?.status).toBe('COMPLETED');
  });

  it('a move the sandbox refuses exits 1 with its reason; bad usage exits 2 and sends nothing', async () => {
    const id = await sent();
    sandbox.toolbar.import(id);
    const [terminal, unknown, badOutcome, both, noStatus] = await Promise.all([
      cdms(['sandbox', 'reject', id], env),
      cdms(['sandbox', 'import', crypto.randomUUID()], env),
      cdms(['sandbox', 'advance', id, '--outcome', 'vanished'], env),
      cdms(['sandbox', 'advance', id, '--outcome', 'received', '--code', '1'], env),
      cdms(['sandbox', 'advance', id, '--code', '1', '--display', 'x'], env),
    ]);
    expect(terminal.code).toBe(1);
    expect(terminal.stderr).toMatch(/^error: The sandbox refused \(409 Conflict\): .*terminal status/m);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('404 Not Found');
    for (const r of [badOutcome, both, noStatus]) expect(r.code).toBe(2);
    expect(badOutcome.stderr).toContain('--outcome must be one of received, completed, rejected, mesh-rejected, expired');
  });

  it('without a sandbox URL exits 2; with nothing listening exits 1 saying to start one', async () => {
    const [missing, down] = await Promise.all([cdms(['sandbox', 'import', crypto.randomUUID()]), cdms(['sandbox', 'faults', '--base-url', 'http://127.0.0.1:59'])]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Pass --base-url or set CDMS_BASE_URL');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('No sandbox answers at http://127.0.0.1:59');
  });
});

describe('cdms sandbox: access codes and tokens', () => {
  it('access-code prints a code the SDK exchanges; revoke makes verify answer 410, and never prints the token', async () => {
    const code = await cdms(['sandbox', 'access-code', 'dr.cli'], env);
    expect(code.code).toBe(0);
    expect(code.stdout).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}\n$/);
    const client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const token = await client.tokens.exchange(code.stdout.trim());
    const files = fixtures({ 'token.txt': `${token}\n` });
    try {
      const revoked = await cdms(['sandbox', 'revoke', '--access-token-file', files.path('token.txt')], env);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toBe(`Access token …${token.slice(-4)} revoked: verify now answers 410 Gone.\n`);
      expect(await client.tokens.verify(token)).toBe(false);
      const again = await cdms(['sandbox', 'revoke', crypto.randomUUID()], env);
      expect(again.code).toBe(1);
      expectNoLeak([token]);
    } finally {
      files.cleanup();
    }
  });
});

describe('cdms sandbox toolbar', () => {
  it('run, list and stop a user\'s toolbar; an instant message sent from the command line then imports by itself', async () => {
    const code = await sandbox.issueAccessCode('dr-toolbar');
    const { token } = (await raw(sandbox, 'POST', '/api/v1/messages/instant/access/token', { body: { accessCode: code } })).body as { token: string };
    const run = await cdms(['sandbox', 'toolbar', 'run', 'dr-toolbar'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('The toolbar of dr-toolbar runs.\n');
    expect(json(await cdms(['sandbox', 'toolbar', '--json'], env))).toEqual({ running: ['dr-toolbar'] });

    const files = fixtures();
    try {
      const send = await cdms(
        ['send', '--route', 'instant', '--topic', sandbox.topics[0]!, '--recipient', sandbox.recipients[0]!, '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf'), '--json'],
        { ...env, CDMS_API_KEY: sandbox.apiKey, CDMS_ACCESS_TOKEN: token },
      );
      expect(send.code, send.stderr).toBe(0);
      const { messageId } = json<{ messageId: string }>(send);
      // The toolbar imports after its short delay (instantImportDelayMs): ask as a sender would until it has.
      const statusOf = async (): Promise<unknown> => ((await raw(sandbox, 'GET', `/api/v1/messages/${messageId}/status`)).body as { status: unknown }).status;
      for (let i = 0; i < 50 && (await statusOf()) === 'PENDING'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await statusOf()).toBe('COMPLETED');
    } finally {
      files.cleanup();
    }

    const stop = await cdms(['sandbox', 'toolbar', 'stop', 'dr-toolbar', '--json'], env);
    expect(json(stop)).toEqual({ user: 'dr-toolbar', running: false });
    expect((await cdms(['sandbox', 'toolbar'], env)).stdout).toBe('No toolbar runs.\n');
  });
});

describe('cdms sandbox faults', () => {
  it('shows, replaces, scripts and turns off the faults', async () => {
    expect((await cdms(['sandbox', 'faults'], env)).stdout).toBe('No faults.\n');
    const set = await cdms(['sandbox', 'faults', '{"gpconnect503Rate":0.25,"retryAfterSeconds":2}'], env);
    expect(set.stdout).toBe('gpconnect503Rate   0.25\nretryAfterSeconds  2\n');
    expect(sandbox.getFaults()).toEqual({ gpconnect503Rate: 0.25, retryAfterSeconds: 2 });
    const next = await cdms(['sandbox', 'faults', '--fail-next', 'test', '--status', '500', '--count', '2'], env);
    expect(next.stdout).toBe('The next 2 test request(s) will be answered 500.\n');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await raw(sandbox, 'GET', '/api/v1/test')).status);
    expect(statuses).toEqual([500, 500, 200]);
    const off = await cdms(['sandbox', 'faults', '--off', '--json'], env);
    expect(json(off)).toEqual({});
    expect(sandbox.getFaults()).toEqual({});
  });

  it('bad faults exit 2 (not JSON, two modes at once) or 1 (the sandbox refuses an unknown key)', async () => {
    const [notJson, twoModes, unknownKey] = await Promise.all([
      cdms(['sandbox', 'faults', 'nope'], env),
      cdms(['sandbox', 'faults', '{}', '--off'], env),
      cdms(['sandbox', 'faults', '{"gpconnect503rate":1}'], env),
    ]);
    expect(notJson.code).toBe(2);
    expect(twoModes.code).toBe(2);
    expect(unknownKey.code).toBe(1);
    expect(unknownKey.stderr).toContain('gpconnect503rate');
  });
});

describe('cdms sandbox --open', () => {
  it('prints the console URL and opens it with $BROWSER', async () => {
    const files = fixtures({ 'browser.sh': '#!/bin/sh\nprintf "%s" "$1" > "$(dirname "$0")/opened.txt"\n' });
    chmodSync(files.path('browser.sh'), 0o755);
    const cli = startCli(['sandbox', '--open'], { BROWSER: files.path('browser.sh') });
    try {
      await cli.waitFor('stdout', /Press Ctrl-C to stop\./);
      const consoleUrl = /^ {2}console\s+(\S+)$/m.exec(cli.output().stdout)?.[1] ?? '';
      expect(consoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/console$/);
      await expect.poll(() => existsSync(files.path('opened.txt')), { timeout: 10_000 }).toBe(true);
      expect(readFileSync(files.path('opened.txt'), 'utf8')).toBe(consoleUrl);
      expect((await fetch(consoleUrl)).status).toBe(200);
    } finally {
      cli.child.kill('SIGINT');
      expect((await cli.done).code).toBe(0);
      files.cleanup();
    }
  });
});
