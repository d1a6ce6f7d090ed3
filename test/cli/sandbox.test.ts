// `cdms sandbox`: spawned, its URL and key read from stdout, used, then
// stopped with SIGINT or SIGTERM: a clean exit 0.
import { describe, expect, it } from 'vitest';
import { NHS_NUMBER, assertBuilt, cdms, fixtures, json, startCli } from './support.js';

assertBuilt();

describe.concurrent('cdms sandbox', () => {
  it('prints the URL, both keys, recipients, topics and the export line; serves; stops on SIGINT with exit 0', async () => {
    const cli = startCli(['sandbox', '--seed', '7']);
    await cli.waitFor('stdout', /Press Ctrl-C to stop\./);
    const { stdout } = cli.output();
    const url = /^CDMS sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1] ?? '';
    const key = /^ {2}API key\s+(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(url).not.toBe('');
    expect(stdout).toMatch(/^ {2}forbidden API key\s+cdms-sandbox-forbidden-/m);
    expect(stdout).toMatch(/^ {2}recipients\s+A81001, /m);
    expect(stdout).toMatch(/^ {2}topics\s+Discharge Summary, /m);
    expect(stdout).toContain(`  export CDMS_BASE_URL=${url} CDMS_API_KEY=${key}`);

    const response = await fetch(`${url}/api/v1/test`, { headers: { ApiKey: key } });
    expect(response.status).toBe(200);
    const topics = await cdms(['topics', '--json'], { CDMS_BASE_URL: url, CDMS_API_KEY: key });
    expect(topics.code).toBe(0);

    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(r.signal).toBeNull();
    expect(r.stderr).toBe('Sandbox stopped.\n');
    await expect(fetch(`${url}/api/v1/test`, { headers: { ApiKey: key } })).rejects.toThrow();
  });

  it('--api-key: the same key on every start, so a restart keeps queued messages and CDMS_API_KEY good', async () => {
    const apiKey = `fixed-sandbox-key-${process.pid}`;
    for (let start = 0; start < 2; start++) {
      const cli = startCli(['sandbox', '--json', '--api-key', apiKey]);
      await cli.waitFor('stdout', /\n/);
      const info = JSON.parse(cli.output().stdout) as { url: string; apiKey: string; export: string };
      expect(info.apiKey).toBe(apiKey);
      expect(info.export).toBe(`export CDMS_BASE_URL=${info.url} CDMS_API_KEY=${apiKey}`);
      const response = await fetch(`${info.url}/api/v1/test`, { headers: { ApiKey: apiKey } });
      expect(response.status).toBe(200);
      cli.child.kill('SIGTERM');
      expect((await cli.done).code).toBe(0);
    }
    const help = await cdms(['sandbox', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--api-key <key> keeps one across restarts');
  });

  it('--json: one JSON line with everything, then SIGTERM stops it with exit 0', async () => {
    const cli = startCli(['sandbox', '--json']);
    await cli.waitFor('stdout', /\n/);
    const info = JSON.parse(cli.output().stdout) as { url: string; apiKey: string; forbiddenApiKey: string; recipients: string[]; topics: string[]; export: string };
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.recipients.length).toBeGreaterThan(0);
    expect(info.topics.length).toBeGreaterThan(0);
    expect(info.export).toBe(`export CDMS_BASE_URL=${info.url} CDMS_API_KEY=${info.apiKey}`);
    const forbidden = await fetch(`${info.url}/api/v1/topics`, { headers: { ApiKey: info.forbiddenApiKey } });
    expect(forbidden.status).toBe(403);
    cli.child.kill('SIGTERM');
    const r = await cli.done;
    expect(r.code).toBe(0);
    expect(json(r)).toMatchObject({ url: info.url });
  });

  it('--faults are injected: every standard send meets a 500: exit 1, and the messageId to look up before resending', async () => {
    const files = fixtures();
    const cli = startCli(['sandbox', '--json', '--faults', '{"internalErrorRate":1,"operations":["messages.send"]}']);
    try {
      await cli.waitFor('stdout', /\n/);
      const info = JSON.parse(cli.output().stdout) as { url: string; apiKey: string };
      const env = { CDMS_BASE_URL: info.url, CDMS_API_KEY: info.apiKey };
      const send = ['send', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')];
      const [test, sent] = await Promise.all([cdms(['test'], env), cdms(send, env)]);
      expect(test.code).toBe(0);
      expect(sent.code).toBe(1);
      expect(sent.stderr).toMatch(/^error: .*\(HTTP 500\)$/m);
      // A 500 leaves the outcome open (decision D-CLIENT-02): the CLI names the message to look up.
      expect(sent.stderr).toMatch(/^The message may have arrived: check it with `cdms status [0-9a-f-]{36}` before sending it again/m);
    } finally {
      cli.child.kill('SIGINT');
      expect((await cli.done).code).toBe(0);
      files.cleanup();
    }
  });

  it('invalid --faults, --port or --seed: exit 2 without starting', async () => {
    const [faults, unknown, port] = await Promise.all([
      cdms(['sandbox', '--faults', 'not json']),
      cdms(['sandbox', '--faults', '{"gpconnect503Rat":1}']),
      cdms(['sandbox', '--port', '70000']),
    ]);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toContain('--faults must be a JSON object');
    expect(unknown.code).toBe(2);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port must be a whole number from 0 to 65535');
  });
});
