// `cdms token exchange` / `verify` and `cdms widgets register` against a
// sandbox in this process. The token and the widget secret are never
// printed; the token reaches the user only through the --save file.
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cdms, expectNoLeak, fixtures, json } from './support.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let files: ReturnType<typeof fixtures>;
const tokens: string[] = [];
const SECRET = 'k3Yp4ss-0123456789abcdefghijklmn';

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
  files = fixtures({
    'widget.json': JSON.stringify({ name: 'Referral Tracker', icon: 'clipboard', launchUrl: 'https://widgets.example.org/launch', requiresUserData: true, requiresPatientData: false }),
  });
});

afterAll(async () => {
  // beforeAll may have failed (dist/ missing): report that, not a TypeError here.
  if (sandbox === undefined) return;
  expectNoLeak([sandbox.apiKey, SECRET, ...tokens]);
  files.cleanup();
  await sandbox.close();
});

async function exchange(user: string, save: string, extra: string[] = []) {
  const code = await sandbox.issueAccessCode(user);
  const r = await cdms(['token', 'exchange', code, '--save', save, ...extra], env);
  return { code, r };
}

function saved(path: string): string {
  const token = readFileSync(path, 'utf8').trim();
  tokens.push(token);
  return token;
}

describe.concurrent('cdms token', () => {
  it('exchange: saves the token to a file only its owner can read, and prints it masked', async () => {
    const path = files.path('token-a.txt');
    const { r } = await exchange('user-a', path);
    expect(r.code, r.stderr).toBe(0);
    const token = saved(path);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(r.stdout).toContain(`Access token …${token.slice(-4)} saved to ${path}`);
  });

  it('exchange --json: the masked token and where it went', async () => {
    const path = files.path('token-b.txt');
    const { r } = await exchange('user-b', path, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    const token = saved(path);
    expect(json(r)).toEqual({ token: `…${token.slice(-4)}`, savedTo: path });
  });

  it('exchange into an existing file: exit 2 before the exchange, so the code still works', async () => {
    const path = files.path('token-c.txt');
    writeFileSync(path, 'keep me\n');
    const { code, r } = await exchange('user-c', path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists (pass --force to replace it). The access code was not used.');
    expect(readFileSync(path, 'utf8')).toBe('keep me\n');
    const again = await cdms(['token', 'exchange', code, '--save', path, '--force'], env);
    expect(again.code, again.stderr).toBe(0);
    saved(path);
  });

  it('exchange of an unknown code: exit 1, the invalid parameter, and no file left behind', async () => {
    const path = files.path('token-d.txt');
    const r = await cdms(['token', 'exchange', 'ZZZZ-ZZZZ', '--save', path], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ {2}accessCode: /m);
    expect(existsSync(path)).toBe(false);
  });

  it('exchange without --save: a usage error', async () => {
    const r = await cdms(['token', 'exchange', 'ABCD-1234'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--save <file>' not specified");
  });

  it('verify: valid exits 0; after revocation "not valid" also exits 0, valid:false in JSON', async () => {
    const path = files.path('token-e.txt');
    const { r } = await exchange('user-e', path);
    expect(r.code, r.stderr).toBe(0);
    const token = saved(path);
    const valid = await cdms(['token', 'verify', '--access-token-file', path], env);
    expect(valid.code).toBe(0);
    expect(valid.stdout).toBe(`valid: access token …${token.slice(-4)} is valid.\n`);
    sandbox.revokeToken(token);
    const [human, asJson] = await Promise.all([
      cdms(['token', 'verify', token], env),
      cdms(['token', 'verify', '--json'], { ...env, CDMS_ACCESS_TOKEN: token }),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^not valid: access token …\w{4} is no longer valid \(410 Gone\)/);
    expect(asJson.code).toBe(0);
    expect(json(asJson)).toEqual({ valid: false, token: `…${token.slice(-4)}` });
  });

  it('verify of something that is not a token: exit 2; of nothing: exit 2', async () => {
    const [notToken, nothing] = await Promise.all([cdms(['token', 'verify', 'ABCD-1234'], env), cdms(['token', 'verify'], env)]);
    expect(notToken.code).toBe(2);
    expect(notToken.stderr).toContain('accessToken: must be the UUID token');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('CDMS_ACCESS_TOKEN');
  });
});

describe.concurrent('cdms widgets register', () => {
  it('from --json-file with the secret from CDMS_WIDGET_SECRET: submitted, stored, secret never printed', async () => {
    const r = await cdms(['widgets', 'register', '--json-file', files.path('widget.json')], { ...env, CDMS_WIDGET_SECRET: SECRET });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Widget 'Referral Tracker' submitted (204).");
    expect(r.stdout).toContain('operator');
    expect(sandbox.listWidgets().map((w) => w.name)).toContain('Referral Tracker');
  });

  it('from flags, --json', async () => {
    const r = await cdms(
      ['widgets', 'register', '--name', 'Care Plan', '--icon', 'heart', '--launch-url', 'https://widgets.example.org/care', '--requires-user-data', '--requires-patient-data', '--json'],
      { ...env, CDMS_WIDGET_SECRET: SECRET },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toEqual({ submitted: true, name: 'Care Plan' });
    expect(sandbox.listWidgets().find((w) => w.name === 'Care Plan')).toMatchObject({ requiresUserData: true, requiresPatientData: true });
  });

  it('an invalid registration: exit 2, one problem per line naming the flag, nothing sent', async () => {
    // A sandbox of its own: the other tests of this file run at the same time.
    const own = await startSandbox();
    try {
      const r = await cdms(
        ['widgets', 'register', '--name', 'Bad/Name', '--icon', 'x', '--launch-url', 'http://insecure.example.org', '--requires-patient-data'],
        { CDMS_BASE_URL: own.url, CDMS_API_KEY: own.apiKey },
      );
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines[0]).toBe('error: Invalid request: nothing was sent');
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}name: .*\(set with --name\)$/));
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}launchUrl: .*\(set with --launch-url\)$/));
      expect(lines).toContainEqual(expect.stringMatching(/^ {2}encryptionSecret: .*\(set with CDMS_WIDGET_SECRET\)$/));
      expect(own.stats().requests).toBe(0);
    } finally {
      await own.close();
    }
  });
});
