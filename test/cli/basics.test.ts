// The program as a whole: help and examples, version, usage errors, the
// configuration (flags win over the environment, a missing key), and the
// two read-only commands `test` and `topics`.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_URL } from '../../src/cli/links.js';
import { assertBuilt, cdms, expectNoLeak, json } from './support.js';

let sandbox: Sandbox;
let env: Record<string, string>;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
});

afterAll(async () => {
  // beforeAll may have failed (dist/ missing): report that, not a TypeError here.
  if (sandbox === undefined) return;
  expectNoLeak([sandbox.apiKey, sandbox.forbiddenApiKey]);
  await sandbox.close();
});

const COMMANDS = [
  ['test'],
  ['topics'],
  ['send'],
  ['status'],
  ['token'],
  ['token', 'exchange'],
  ['token', 'verify'],
  ['widgets'],
  ['widgets', 'register'],
  ['validate'],
  ['sandbox'],
  ['track'],
  ['track', 'list'],
  ['track', 'show'],
  ['track', 'attention'],
  ['track', 'stats'],
  ['track', 'acknowledge'],
];

describe.concurrent('cdms: help, version and usage', () => {
  it('--help of the program lists every command, the variables and the exit codes', async () => {
    const r = await cdms(['--help'], env);
    expect(r.code).toBe(0);
    for (const name of ['test', 'topics', 'send', 'status', 'token', 'widgets', 'validate', 'sandbox', 'track']) expect(r.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(r.stdout).toContain('CDMS_API_KEY');
    expect(r.stdout).toContain('CDMS_TRACKER_DATABASE');
    expect(r.stdout).toMatch(/Exit codes:[\s\S]*2 usage/);
    expect(r.stdout).toContain('$ cdms ');
    expect(r.stdout).toContain('CDMS_REJECTED_CONTENT_FILE');
    expect(r.stdout).toContain(`Docs: ${REPOSITORY_URL}/blob/main/docs/cli.md`);
  });

  it.each([['sandbox'], ['validate']])('--help of `%s` leaves out --base-url and --api-key, which mean nothing there', async (command) => {
    const r = await cdms([command, '--help'], env);
    expect(r.code).toBe(0);
    const globals = /Global Options:\n([\s\S]*?)\n\n/.exec(r.stdout)?.[1] ?? '';
    expect(globals).toContain('--json');
    expect(globals).not.toMatch(/--base-url|--api-key/);
  });

  it('--help of `send` still lists --base-url and --api-key', async () => {
    const r = await cdms(['send', '--help'], env);
    expect(r.stdout).toMatch(/Global Options:[\s\S]*--base-url[\s\S]*--api-key/);
  });

  it.each(COMMANDS)('--help of `%s %s` shows an example', async (...command) => {
    const r = await cdms([...command.filter(Boolean), '--help'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: cdms ${command.filter(Boolean).join(' ')}`);
    expect(r.stdout).toMatch(/Examples:\n {2}\$ .*\bcdms /);
    expect(r.stderr).toBe('');
  });

  it('--help never shows the key, even when it is set', async () => {
    const r = await cdms(['send', '--help', '--api-key', sandbox.apiKey], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--api-key <key>');
  });

  it('--version prints the package version', async () => {
    const r = await cdms(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an unknown option is a usage error: exit 2, the message and a hint on stderr', async () => {
    const r = await cdms(['topics', '--bogus'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown option '--bogus'");
    expect(r.stderr).toContain('--help');
    expect(r.stdout).toBe('');
  });

  it('an unknown command and a missing command exit 2', async () => {
    const [unknown, missing, noSub] = await Promise.all([cdms(['bogus']), cdms([]), cdms(['token'])]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'bogus'");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: cdms');
    expect(noSub.code).toBe(2);
  });

  it('a usage error with --json is one JSON document on stdout', async () => {
    const r = await cdms(['status', '--json'], env);
    expect(r.code).toBe(2);
    const { error } = json<{ error: { name: string; exitCode: number; title: string } }>(r);
    expect(error).toMatchObject({ name: 'UsageError', exitCode: 2 });
    expect(error.title).toContain("missing required argument 'messageId'");
  });
});

describe.concurrent('cdms: configuration', () => {
  it('a missing key exits 2 naming the flag and the variable', async () => {
    const r = await cdms(['test'], { CDMS_BASE_URL: sandbox.url });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: Missing configuration: pass --api-key or set CDMS_API_KEY.');
    expect(r.stderr).toMatch(/^ {2}--api-key \/ CDMS_API_KEY: /m);
    expect(r.stderr).not.toContain('CDMS_BASE_URL');
  });

  it('a missing base URL and key are both named; with --json as an error document', async () => {
    const r = await cdms(['topics', '--json']);
    expect(r.code).toBe(2);
    const { error } = json<{ error: { name: string; invalidParameters: { name: string }[] } }>(r);
    expect(error.name).toBe('UsageError');
    expect(error.invalidParameters.map((p) => p.name)).toEqual(['--base-url / CDMS_BASE_URL', '--api-key / CDMS_API_KEY']);
  });

  it('flags win over the environment', async () => {
    const r = await cdms(['test', '--api-key', sandbox.apiKey], { ...env, CDMS_API_KEY: 'not-the-key-at-all' });
    expect(r.code).toBe(0);
    const wrong = await cdms(['test', '--api-key', 'not-the-key-at-all'], env);
    expect(wrong.code).toBe(1);
  });

  it('plain http off loopback is refused before any request: exit 2', async () => {
    const r = await cdms(['test', '--base-url', 'http://example.org'], { CDMS_API_KEY: sandbox.apiKey });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('use https://');
  });
});

describe.concurrent('cdms test', () => {
  it('says OK and exits 0 when the key is accepted', async () => {
    const r = await cdms(['test'], env);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(`OK: ${sandbox.url}/ answered and accepted the API key.\n`);
  });

  it('--json: { ok, baseUrl }', async () => {
    expect(json(await cdms(['test', '--json'], env))).toEqual({ ok: true, baseUrl: `${sandbox.url}/` });
  });

  it('an unknown key: exit 1, the title with its status, what to do, and the key never printed', async () => {
    const r = await cdms(['test', '--api-key', 'cdms-unknown-key-0123456789'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .+ \(HTTP 401\)$/m);
    expect(r.stderr).toContain('CDMS_API_KEY');
    expect(r.stderr).not.toContain('cdms-unknown-key-0123456789');
  });

  it('--debug logs the SDK\'s requests on stderr, without the key; stdout is unchanged', async () => {
    const r = await cdms(['topics', '--debug', '--api-key', sandbox.apiKey], { CDMS_BASE_URL: sandbox.url });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^debug: .*"operation":"topics\.list"/m);
    expect(r.stdout.trim().split('\n')).toEqual([...sandbox.topics]);
  });

  it('the service cannot be reached: exit 1', async () => {
    const r = await cdms(['test', '--base-url', 'http://127.0.0.1:59', '--json'], env);
    expect(r.code).toBe(1);
    expect(json<{ error: { name: string } }>(r).error.name).toBe('ConnectionError');
  }, 20_000);
});

describe.concurrent('cdms topics', () => {
  it('prints one topic name per line', async () => {
    const r = await cdms(['topics'], env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([...sandbox.topics]);
  });

  it('--json: the service\'s list of { topicName }', async () => {
    expect(json(await cdms(['topics', '--json'], env))).toEqual(sandbox.topics.map((topicName) => ({ topicName })));
  });

  it('a key without the permission: exit 1 with 403, as JSON on stdout with --json', async () => {
    const r = await cdms(['topics', '--json'], { ...env, CDMS_API_KEY: sandbox.forbiddenApiKey });
    expect(r.code).toBe(1);
    const { error } = json<{ error: { status: number; name: string; exitCode: number } }>(r);
    expect(error).toMatchObject({ status: 403, name: 'PermissionDeniedError', exitCode: 1 });
    expect(r.stderr).toBe('');
  });
});
