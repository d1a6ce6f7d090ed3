import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { DEFAULT_RECIPIENTS, DEFAULT_TOPICS, SandboxError, startSandbox } from '../../src/sandbox/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('sandbox lifecycle', () => {
  it('starts on a random loopback port with the documented handle, and stops', async () => {
    const sandbox = await startSandbox({ port: 0 });
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.port).toBeGreaterThan(0);
    expect(sandbox.apiKey).not.toBe(sandbox.forbiddenApiKey);
    expect(sandbox.recipients).toEqual(DEFAULT_RECIPIENTS);
    expect(sandbox.topics).toEqual(DEFAULT_TOPICS);
    for (const name of ['issueAccessCode', 'expire', 'revokeToken', 'setFaults', 'close'] as const) expect(typeof sandbox[name]).toBe('function');
    for (const name of ['run', 'import', 'reject', 'fail'] as const) expect(typeof sandbox.toolbar[name]).toBe('function');
    expect(typeof sandbox.gpRoute.advance).toBe('function');
    await new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey }).test();
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/api/v1/test`)).rejects.toThrow(TypeError);
  });

  it('two sandboxes run side by side on different ports, with separate state', async () => {
    const [a, b] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0 })]);
    try {
      expect(a.port).not.toBe(b.port);
      await a.issueAccessCode('u');
      expect(a.stats()).toEqual(b.stats());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('close() is safe to call twice and drops kept-alive connections', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    await cdms.test(); // leaves a kept-alive socket
    await Promise.all([sandbox.close(), sandbox.close()]);
    await sandbox.close();
  });

  it('takes the given keys, recipients and topics, and refuses bad options', async () => {
    const sandbox = await startSandbox({ apiKey: 'k-1', forbiddenApiKey: 'k-2', recipients: ['Y12345'], topics: ['Letters'] });
    try {
      expect([sandbox.apiKey, sandbox.forbiddenApiKey, sandbox.recipients, sandbox.topics]).toEqual(['k-1', 'k-2', ['Y12345'], ['Letters']]);
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ apiKey: 'same', forbiddenApiKey: 'same' })).rejects.toThrow(SandboxError);
    await expect(startSandbox({ apiKey: 'has space' })).rejects.toThrow(/printable ASCII/);
    await expect(startSandbox({ port: 70_000 })).rejects.toThrow(/port/);
    await expect(startSandbox({ faults: { slowRate: -1 } })).rejects.toThrow(/slowRate/);
    await expect(startSandbox({ topics: [] })).rejects.toThrow(/topics/);
  });

  it('rejects when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startSandbox({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('leaves no open handle: a process that starts and closes it exits by itself', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/fixtures/start-and-close.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The safety net kills a process that hangs; the assertion is the exit code.
    const safety = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    clearTimeout(safety);
    expect({ code, signal, output: output.trim() }).toEqual({ code: 0, signal: null, output: 'closed dropped' });
  });
});
