// The conformance run when something misbehaves: a service that breaks a
// rule (a test double in front of the sandbox) fails exactly the scenario
// that proves the rule; a ledger that cannot be opened leaves the tracker
// part out and says so; a base URL that is no sandbox is refused unless it
// is declared a test mailbox, and then scenarios that need the sandbox's
// controls are skipped and outcomes that need a person end as "needs the
// practice".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError } from 'cdms-sdk';
import { runConformance } from 'cdms-sdk/conformance';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioStepMs: 40 });
});

afterAll(async () => {
  await sandbox?.close();
});

/** A loopback server answering `handle`; it remembers every path asked. */
async function serve(handle: (path: string, method: string, body: Buffer, headers: Headers) => Promise<Response>): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url}`);
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' && k !== 'host' && k !== 'content-length' ? [[k, v] as [string, string]] : [])));
      void handle(req.url ?? '/', req.method ?? 'GET', Buffer.concat(chunks), headers).then(async (r) => {
        res.writeHead(r.status, Object.fromEntries(r.headers));
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server };
}

describe('a service that breaks a rule fails the scenario that proves it', () => {
  it('accepting an unknown recipient fails STD-06, passing the EICAR file fails STD-07; the rest pass', async () => {
    // The test double: the sandbox's answers, two of them rewritten as a misbehaving service would give them.
    const lying: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const body = request.body ? await request.clone().text() : '';
      const response = await fetch(request);
      if (response.status === 400 && (body.includes('Z99999') || body.includes('eicar.txt'))) {
        return Response.json({ messageStatusEndpoint: `/api/v1/messages/${(JSON.parse(body) as { messageId: string }).messageId}/status` });
      }
      return response;
    };
    const report = await runConformance({ baseUrl: sandbox.url, only: ['STD-01', 'STD-06', 'STD-07'], fetch: lying, database: false });
    const results = Object.fromEntries(report.scenarios.map((s) => [s.id, s.result]));
    expect(results).toEqual({ 'STD-01': 'passed', 'STD-06': 'failed', 'STD-07': 'failed' });
    expect(report.passed).toBe(false);
    const reasons = Object.fromEntries(report.scenarios.map((s) => [s.id, s.reason]));
    expect(reasons['STD-06']).toMatch(/refuses it with 400.*the call succeeded/);
    expect(reasons['STD-07']).toMatch(/rejects the content.*the call succeeded/);
  }, 60_000);
});

describe('the tracker part', () => {
  it('is not run, and says so, when its ledger cannot be opened; the client-level checks still run', async () => {
    const report = await runConformance({ baseUrl: sandbox.url, only: ['STD-02'], database: '/dev/null/no-ledger-here' });
    expect(report.trackerNote).toMatch(/^the tracker part was not run: its ledger could not be opened/);
    const [scenario] = report.scenarios;
    expect(scenario).toMatchObject({ id: 'STD-02', result: 'passed', trackerRun: false, timeline: [], tracker: [] });
    expect(scenario!.checks).toContain('✓ the status endpoint reports REJECTED');
  }, 60_000);
});

describe('the target', () => {
  it('refuses a base URL that is no sandbox unless it is declared a test mailbox; nothing is sent', async () => {
    const other = await serve(() => Promise.resolve(new Response('not here', { status: 404 })));
    try {
      await expect(runConformance({ baseUrl: other.url })).rejects.toThrow(ConfigurationError);
      await expect(runConformance({ baseUrl: other.url })).rejects.toThrow(/--test-mailbox/);
      expect(other.paths).toEqual(['GET /_sandbox', 'GET /_sandbox']);
    } finally {
      other.server.close();
    }
  });

  it('against a test mailbox: skips what needs the sandbox controls, and marks an outcome nobody brings about "needs the practice"', async () => {
    // The sandbox behind a proxy that hides its control API: to the run, a service like integration.
    const mailbox = await serve((path, method, body, headers) =>
      path.startsWith('/_sandbox') ? Promise.resolve(new Response('no', { status: 404 })) : fetch(`${sandbox.url}${path}`, { method, headers, ...(body.length > 0 ? { body } : {}) }),
    );
    try {
      const report = await runConformance({
        baseUrl: mailbox.url,
        testMailbox: true,
        apiKey: sandbox.apiKey,
        recipient: sandbox.recipients[0],
        only: ['STD-05', 'STD-08', 'TOK-01', 'GP-NORESPONSE'],
        practiceWaitMs: 1_500,
        pollIntervalMs: 200,
      });
      expect(report.target).toBe('test mailbox');
      const by = Object.fromEntries(report.scenarios.map((s) => [s.id, s]));
      expect(by['STD-05']!.result).toBe('passed');
      expect(by['STD-08']).toMatchObject({ result: 'skipped', reason: expect.stringMatching(/sandbox controls/) });
      expect(by['TOK-01']).toMatchObject({ result: 'skipped', reason: expect.stringMatching(/access code/) });
      expect(by['GP-NORESPONSE']).toMatchObject({ result: 'needs the practice', reason: expect.stringMatching(/nobody at the practice acted within 2 s/) });
      expect(report.passed).toBe(false);
    } finally {
      mailbox.server.close();
    }
  }, 60_000);
});
