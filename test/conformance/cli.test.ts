// `cdms conformance run` in-process (runCli with injected streams): the
// progress line on stderr, --list, --json, the exit codes, and the refusal
// of a base URL that is no sandbox.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import type { CliIo } from '../../src/cli/output.js';
import { selectScenarios } from 'cdms-sdk/conformance';
import { startSandbox } from 'cdms-sdk/sandbox';
import { evidenceDir } from './support.js';

function memoryIo(): CliIo & { env: Record<string, string>; text(): { stdout: string; stderr: string } } {
  const text = { stdout: '', stderr: '' };
  return {
    stdout: { write: (chunk: string) => (text.stdout += chunk) },
    stderr: { write: (chunk: string) => (text.stderr += chunk), isTTY: false },
    env: {},
    text: () => ({ ...text }),
  };
}

const run = (argv: string[], io: CliIo) => runCli(argv, io, new AbortController().signal);
const out = evidenceDir();
afterAll(() => out.cleanup());

describe('cdms conformance run', () => {
  it('--list prints every scenario with its requirements; --json as a list', async () => {
    const io = memoryIo();
    expect(await run(['conformance', 'run', '--list'], io)).toBe(0);
    expect(io.text().stdout.trim().split('\n')).toHaveLength(selectScenarios().length);
    expect(io.text().stdout).toMatch(/^STD-07\s+rejected content never sent again \[CDMS-CONTENT\]$/m);
    const json = memoryIo();
    expect(await run(['conformance', 'run', '--list', '--json', '--suite', 'tokens'], json)).toBe(0);
    expect((JSON.parse(json.text().stdout) as { id: string }[]).map((s) => s.id)).toEqual(['TOK-01', 'TOK-02']);
  });

  it('runs against an in-process sandbox with a progress line per scenario, writes the evidence, exits 0 when every one passed', async () => {
    const io = memoryIo();
    const code = await run(['conformance', 'run', '--only', 'ops-01,STD-05', '--out', out.dir], io);
    expect(io.text().stderr).toContain('[1/2] OPS-01 connectivity test');
    expect(io.text().stderr).toContain('[2/2] STD-05 invalid message refused locally, nothing sent');
    expect(io.text().stdout).toMatch(/^PASSED: 2 passed, 0 failed, 0 skipped, 0 needs the practice/m);
    expect(code).toBe(0);
    for (const file of ['index.html', 'evidence.json', 'requirements.csv', 'manifest.sha256']) expect(existsSync(join(out.dir, file))).toBe(true);
  }, 60_000);

  it("says when the evidence has no pictures, because there is no Chromium at --chromium, and keeps the PDF's text", async () => {
    const io = memoryIo();
    const dir = join(out.dir, 'no-chromium');
    const code = await run(['conformance', 'run', '--only', 'STD-01', '--out', dir, '--chromium', '/nonexistent/chromium'], io);
    expect(io.text().stdout).toMatch(/^Note: Chromium is not on this machine \(\/nonexistent\/chromium\): the worklist's pages are kept as their HTML and the PDFs as their text\.$/m);
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'captures', 'STD-01-document.txt'))).toBe(true);
  }, 60_000);

  it('exits 2 with what to do, and sends nothing, for a base URL that is no sandbox; unknown suites and ids are usage errors', async () => {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const io = memoryIo();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await run(['--base-url', url, 'conformance', 'run', '--out', out.dir], io)).toBe(2);
      expect(io.text().stderr).toMatch(/is not a sandbox.*--test-mailbox/);
      expect(paths).toEqual(['GET /_sandbox']);
    } finally {
      server.close();
    }
    const suite = memoryIo();
    expect(await run(['conformance', 'run', '--suite', 'standard,nope', '--list'], suite)).toBe(2);
    expect(suite.text().stderr).toMatch(/unknown suite 'nope'/);
    const only = memoryIo();
    expect(await run(['conformance', 'run', '--only', 'STD-99', '--list'], only)).toBe(2);
    expect(only.text().stderr).toMatch(/Unknown scenario 'STD-99'/);
  });

  it('exits 1 when a scenario did not pass (skipped against a test mailbox), and names it', async () => {
    const sandbox = await startSandbox();
    // The sandbox behind a proxy that hides its control API: a test mailbox to the run.
    const proxy = createServer((req, res) => {
      if (req.url?.startsWith('/_sandbox')) return void res.writeHead(404).end();
      void fetch(`${sandbox.url}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers: { ApiKey: String(req.headers.apikey) } }).then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' }).end(Buffer.from(await r.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const io = memoryIo();
      io.env = { CDMS_API_KEY: sandbox.apiKey };
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const code = await run(['--base-url', url, 'conformance', 'run', '--test-mailbox', '--recipient', 'A81001', '--database', '/dev/null/none', '--only', 'OPS-01,STD-08', '--out', out.dir], io);
      expect(io.text().stdout).toMatch(/^SKIPPED STD-08 503 and its retry, same messageId: skipped against a test mailbox/m);
      expect(io.text().stdout).toMatch(/^Note: the tracker part was not run/m);
      expect(io.text().stdout).toMatch(/^NOT PASSED: 1 passed, 0 failed, 1 skipped/m);
      expect(code).toBe(1);
      expect(io.text().stdout + io.text().stderr).not.toContain(sandbox.apiKey);
    } finally {
      proxy.close();
      await sandbox.close();
    }
  }, 60_000);
});
