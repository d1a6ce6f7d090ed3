// The SDK behind an HTTP proxy, as docs/proxies.md shows it: a real proxy
// (node:http with CONNECT and forwarding, the `proxy` package) in front of
// the sandbox, and undici's agents in the client's fetch.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createProxy, type ProxyServer } from 'proxy';
import { EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, ConnectionError, type CdmsError } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { standardMessage } from '../helpers/fixtures.js';

const USER = 'sender-system';
const PASSWORD = 'proxy-password-4b1d';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let sandbox: Sandbox;
let proxy: ProxyServer;
let proxyUrl: string;
/** What the proxy was asked: `CONNECT host:port` for a tunnel, `GET http://...` when forwarding. */
const seen: string[] = [];
const agents: Dispatcher[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = createProxy(createServer());
  // Like a health network's proxy: only a known user gets through.
  proxy.authenticate = (req: IncomingMessage) => req.headers['proxy-authorization'] === basic(USER, PASSWORD);
  proxy.on('connect', (req: IncomingMessage) => seen.push(`CONNECT ${req.url}`));
  proxy.on('request', (req: IncomingMessage) => seen.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(async () => {
  seen.length = 0;
  sandbox.reset();
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await sandbox.close();
});

/** A client whose every request goes through `agent`, written as the guide writes it. */
function clientThrough(agent: Dispatcher, options: { maxRetries?: number } = {}): CdmsClient {
  agents.push(agent);
  return new CdmsClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    ...options,
    fetch: (input, init) => fetch(input, Object.assign({}, init, { dispatcher: agent })),
  });
}

const sandboxHost = () => new URL(sandbox.url).host;

describe('behind an HTTP proxy', () => {
  it('sends and reads the status through a tunnel of undici\'s ProxyAgent, with the proxy\'s credentials', async () => {
    const cdms = clientThrough(new ProxyAgent({ uri: proxyUrl, token: basic(USER, PASSWORD) }));
    const { messageId } = await cdms.messages.send(standardMessage());
    expect((await cdms.messages.status(messageId)).status).toBe('PENDING');
    expect(sandbox.getMessage(messageId)).toBeDefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([`CONNECT ${sandboxHost()}`]));
  });

  it('goes nowhere once the proxy is the only way and it is gone (the traffic really used it)', async () => {
    const cdms = clientThrough(new ProxyAgent('http://127.0.0.1:9'), { maxRetries: 0 });
    const error = await cdms.messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(sandbox.listMessages()).toEqual([]);
  });

  it('a proxy that refuses the credentials (407): a ConnectionError that says so, not-sent, and no password in it', async () => {
    const cdms = clientThrough(new ProxyAgent({ uri: proxyUrl, token: basic(USER, 'wrong-password-77') }));
    const error = (await cdms.messages.send(standardMessage()).catch((e: unknown) => e)) as CdmsError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('the proxy refused the connection (407)');
    expect(error.message).toContain("check the proxy's credentials");
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(sandbox.listMessages()).toEqual([]);
    const shown = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
    expect(shown).not.toContain('wrong-password-77');
    expect(shown).not.toContain(Buffer.from(`${USER}:wrong-password-77`).toString('base64'));
    expect(shown).not.toContain(sandbox.apiKey);
  });

  it('follows the proxy variables with undici\'s EnvHttpProxyAgent (credentials in the proxy URL)', async () => {
    const cdms = clientThrough(new EnvHttpProxyAgent({ httpProxy: proxyUrl.replace('//', `//${USER}:${PASSWORD}@`), noProxy: 'example.invalid' }));
    await cdms.test();
    expect(seen).toEqual([`CONNECT ${sandboxHost()}`]);
  });

  it('skips the proxy for a NO_PROXY host', async () => {
    const cdms = clientThrough(new EnvHttpProxyAgent({ httpProxy: proxyUrl, noProxy: '127.0.0.1' }));
    await cdms.test();
    expect(seen).toEqual([]);
  });

  // Node's own proxy support, on the lines that have it (the flag and the variable came together).
  const builtEntry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  it.skipIf(!process.allowedNodeEnvironmentFlags.has('--use-env-proxy'))(
    'with NODE_USE_ENV_PROXY=1 the built-in fetch follows HTTP_PROXY, with no code',
    async () => {
      if (!existsSync(builtEntry)) throw new Error('dist/index.js is missing: run `npm run build` first (npm test builds before it tests).');
      proxy.authenticate = () => true; // Node's variables carry no credentials here
      try {
        const script = `const { CdmsClient } = await import(${JSON.stringify(builtEntry)}); await new CdmsClient({ baseUrl: process.env.BASE, apiKey: process.env.KEY }).test(); console.log('reached');`;
        const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(https?|no|all)_proxy$/i.test(name)));
        const env = { ...inherited, NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxyUrl, BASE: sandbox.url, KEY: sandbox.apiKey };
        const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env });
        expect(stdout.trim()).toBe('reached');
        // Tunnelled or forwarded, depending on the Node line: either way, through the proxy.
        expect(seen.some((line) => line === `CONNECT ${sandboxHost()}` || line === `GET ${sandbox.url}/api/v1/test`)).toBe(true);
      } finally {
        proxy.authenticate = (req: IncomingMessage) => req.headers['proxy-authorization'] === basic(USER, PASSWORD);
      }
    },
  );
});
