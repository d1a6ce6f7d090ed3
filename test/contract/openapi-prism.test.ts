// docs/openapi.json is the contract tools in other languages build on. Prism,
// as a validating proxy driven by it, must refuse every request shape the
// service forbids, as the SDK's local validation and the sandbox do; and it
// must pass valid requests through to the sandbox.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenShapes, VALID_REQUESTS, type WireRequest } from './forbidden-shapes.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PRISM = fileURLToPath(new URL('../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));

let sandbox: Sandbox;
let prism: ChildProcessWithoutNullStreams;
let prismUrl: string;
let accessToken: string;

/** A port free a moment ago (Prism takes a port, not 0). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Starts Prism's validating proxy in front of the sandbox and waits until it listens. */
async function startPrism(upstream: string): Promise<string> {
  const port = await freePort();
  const args = [PRISM, 'proxy', 'docs/openapi.json', upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)];
  prism = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    prism.stdout.on('data', onData);
    prism.stderr.on('data', onData);
    prism.on('exit', (code) => reject(new Error(`Prism exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  return `http://127.0.0.1:${port}`;
}

const call = (base: string, { method, path, headers = {}, body }: WireRequest) =>
  fetch(`${base}${path}`, {
    method,
    headers: { ApiKey: sandbox.apiKey, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

beforeAll(async () => {
  sandbox = await startSandbox();
  const code = await sandbox.issueAccessCode('dr-prism');
  const exchanged = await call(sandbox.url, { method: 'POST', path: '/api/v1/messages/instant/access/token', body: { accessCode: code } });
  accessToken = ((await exchanged.json()) as { token: string }).token;
  prismUrl = await startPrism(sandbox.url);
}, 180_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((resolve) => prism.once('exit', resolve));
    prism.kill();
    await exited;
  }
  await sandbox?.close();
});

describe('docs/openapi.json through Prism', () => {
  it.each(Object.keys(VALID_REQUESTS))('passes a valid %s through to the sandbox', async (name) => {
    const before = sandbox.stats().requests;
    const response = await call(prismUrl, VALID_REQUESTS[name]!(accessToken));
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect(sandbox.stats().requests).toBe(before + 1);
  });

  it.each(forbiddenShapes().map((shape) => [shape.name, shape] as const))('refuses %s, as the SDK and the sandbox do', async (_, shape) => {
    const before = sandbox.stats().requests;
    const response = await call(prismUrl, shape.request);
    const body = (await response.json()) as { type?: string; validation?: unknown[] };
    expect(response.status).toBe(422);
    expect(body.type).toBe('https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY');
    expect(body.validation?.length).toBeGreaterThan(0);
    expect(sandbox.stats().requests, 'Prism forwarded it').toBe(before);

    if (shape.sdkRefuses) expect(shape.sdkRefuses(), 'the SDK accepts it').toBe(true);
    const direct = await call(sandbox.url, shape.request);
    expect(direct.status, 'the sandbox accepts it').toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
  });
});
