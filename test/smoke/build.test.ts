import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url);
const KEY = 'smoke-key';
const ID = '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11';

let server: Server;
let url: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.apikey === KEY ? 'key-ok' : 'key-missing'}`);
    if (req.url === `/api/v1/messages/${ID}/status`) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ messageId: ID, status: 'COMPLETED', updated: '2026-11-21T10:00:00Z' }));
      return;
    }
    res.writeHead(req.url === '/api/v1/test' ? 200 : 404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const script = (load: string) => `
  ${load}
  const client = new CdmsClient({ baseUrl: process.argv[1], apiKey: '${KEY}' });
  await client.test();
  const status = await client.messages.status('${ID}');
  console.log(JSON.stringify({ status: status.status, terminal: isTerminalStatus(status.status) }));
`;

const sharedClasses = `
  const proto = (C) => Object.getPrototypeOf(C.prototype);
  console.log(JSON.stringify({
    widget: proto(widget.LaunchTokenError) === main.CdmsError.prototype,
    sandboxClient: sandbox.startSandbox !== undefined,
  }));
`;

describe('build', () => {
  it('dist holds the ESM, CJS and type entry points that package.json names', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts']) {
      expect(existsSync(new URL(file, root)), `${file} missing: run "npm run build" first (npm test does)`).toBe(true);
    }
  });

  it('the ESM build imports and makes real requests', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', script(`import { CdmsClient, isTerminalStatus } from 'cdms-sdk';`), url],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ status: 'COMPLETED', terminal: true });
  });

  it('the CJS build requires and makes real requests', async () => {
    const { stdout } = await run(
      process.execPath,
      ['-e', `(async () => { ${script(`const { CdmsClient, isTerminalStatus } = require('cdms-sdk');`)} })().catch((e) => { console.error(e); process.exit(1); });`, url],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ status: 'COMPLETED', terminal: true });
    expect(seen.filter((s) => s.endsWith('key-ok')).length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['ESM', ['--input-type=module', '-e', `const main = await import('cdms-sdk'); const widget = await import('cdms-sdk/widget'); const sandbox = await import('cdms-sdk/sandbox'); ${sharedClasses}`]],
    ['CJS', ['-e', `const main = require('cdms-sdk'); const widget = require('cdms-sdk/widget'); const sandbox = require('cdms-sdk/sandbox'); ${sharedClasses}`]],
  ])('%s: errors from every entry point are instances of the one CdmsError', async (_format, args) => {
    const { stdout } = await run(process.execPath, args, { cwd: root });
    expect(JSON.parse(stdout)).toEqual({ widget: true, sandboxClient: true });
  });
});
