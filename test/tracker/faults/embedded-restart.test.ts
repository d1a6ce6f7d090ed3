// A tracker process killed with SIGKILL while its send is at the service,
// then started again with a new process id (so a new instance id): the
// restart takes the dead process's lock and its leases over at once and
// settles the send within seconds, not when the two-minute lease runs out.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTracker } from '../../../src/tracker/index.js';
import { useSandbox } from '../../sandbox/support.js';
import { SQLITE, eventually, freshLedgerDirectory } from '../support.js';

const env = useSandbox();
const here = fileURLToPath(new URL('.', import.meta.url));

describe.skipIf(!SQLITE)('the embedded ledger after its process is killed mid-send', () => {
  it('a restart resumes the in-flight send within seconds (lock and leases taken over at once), and the service holds it once', { timeout: 120_000 }, async () => {
    const database = freshLedgerDirectory();
    const messageId = crypto.randomUUID();
    // The service as the dead process saw it: its send arrives and is never answered; anything else
    // (the topic list the client reads first) is passed to the sandbox.
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const blackhole = createServer((request, response) => {
      if (request.method === 'POST') return arrived();
      void fetch(`${env.sandbox.url}${request.url ?? '/'}`, { headers: { ApiKey: env.sandbox.apiKey } }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(blackhole.address() as AddressInfo).port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'send-in-flight.ts'), JSON.stringify({ database, url, messageId })], {
      cwd: join(here, '..', '..', '..'),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await Promise.race([requestArrived, exited.then(() => Promise.reject(new Error('the tracker process exited before sending')))]);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
      blackhole.closeAllConnections();
      blackhole.close();
    }

    const restartedAt = Date.now();
    // Default lease (two minutes) and instance id: waiting out the lease would fail the bounds below. The
    // dead process's request may still be on its way for all the restart knows, so a 404 is trusted only
    // once the in-flight grace has passed (pollIntervalMs / 360: 5 s here, a minute by default).
    const tracker = await createTracker({ client: env.client(), database, pollIntervalMs: 1_800_000 });
    try {
      await tracker.start();
      // Taken over at once: the restart asks the status endpoint within seconds.
      const lookedUp = await eventually('the restart looked the message up', () =>
        env.sandbox.requests().find((r) => r.messageId === messageId && r.method === 'GET' && Date.parse(r.at) >= restartedAt - 1_000),
      30_000);
      expect(Date.parse(lookedUp.at) - restartedAt).toBeLessThan(10_000);
      const settled = await eventually('the send settled', async () => {
        const m = await tracker.get(messageId);
        return m?.stage === 'following' && m;
      }, 60_000);
      const tookMs = Date.now() - restartedAt;
      expect(tookMs).toBeLessThan(20_000);
      expect(settled).toMatchObject({ status: 'PENDING', recipient: 'A81001' });
      // Stored once: the restart asked the status endpoint first, then sent it (the dead process's request never reached it).
      expect(env.sandbox.stats().sends[messageId]).toMatchObject({ accepted: 1 });
      expect(env.sandbox.getMessage(messageId)).toBeDefined();
    } finally {
      await tracker.close();
    }
  });
});
