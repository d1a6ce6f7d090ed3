import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { raw, standardBody } from './support.js';

/** Sends raw bytes on a new connection and returns what came back before the server closed or `ms` passed. */
function rawExchange(url: string, request: string, ms = 2_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
    setTimeout(() => socket.destroy(), ms).unref();
  });
}

describe('sandbox: hostile requests', () => {
  it('answers a request target that is no URL with 400 and keeps serving', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const reply = await rawExchange(sandbox.url, 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(reply).toMatch(/^HTTP\/1\.1 400 /);
      expect((await raw(sandbox, 'GET', '/api/v1/test')).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps no messageId from the body of a request without a valid key, nor one that is not a UUID', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const huge = 'x'.repeat(2_000_000);
      const unauthenticated = await raw(sandbox, 'POST', '/api/v1/messages', { apiKey: null, body: { ...standardBody(), messageId: huge } });
      const notUuid = await raw(sandbox, 'POST', '/api/v1/messages', { body: { ...standardBody(), messageId: huge } });
      const valid = standardBody();
      const withKeyNoCheck = await raw(sandbox, 'POST', '/api/v1/messages', { apiKey: 'not-the-key', body: valid });
      expect([unauthenticated.status, notUuid.status, withKeyNoCheck.status]).toEqual([401, 400, 401]);
      expect(sandbox.requests().map((e) => e.messageId)).toEqual([undefined, undefined, undefined]);
    } finally {
      await sandbox.close();
    }
  });

  it('delays more than ten requests at once without a listener warning', async () => {
    const sandbox = await startSandbox({ port: 0, faults: { latencyMs: 200 } });
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const answers = await Promise.all(Array.from({ length: 15 }, () => raw(sandbox, 'GET', '/api/v1/test')));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 15 }, () => 200));
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await sandbox.close();
    }
  });
});
