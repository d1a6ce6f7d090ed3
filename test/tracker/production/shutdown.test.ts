// The guide's graceful shutdown, as its example does it: a child process
// running examples/graceful-shutdown.ts receives SIGTERM while its first send
// is held by the sandbox; it must stop taking work, let that send finish and
// be recorded, close and exit 0.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openReadOnlyTracker } from '../../../src/tracker/internal.js';
import { useSandbox } from '../../sandbox/support.js';
import { ENGINES, databaseFor, eventually } from '../support.js';

const env = useSandbox();
const root = fileURLToPath(new URL('../../../', import.meta.url));
/** How long the sandbox holds each send: the window in which SIGTERM arrives. */
const HELD_MS = 3_000;

describe.each(ENGINES)('graceful shutdown on $engine (examples/graceful-shutdown.ts)', ({ engine, skip }) => {
  it.skipIf(skip)('SIGTERM mid-send: no more work taken, the send under way finished and recorded, the tracker closed, exit 0', async () => {
    const where = databaseFor(engine);
    const { sandbox } = env;
    sandbox.setFaults({ latencyMs: HELD_MS, operations: ['messages.send'] });
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CDMS_BASE_URL: sandbox.url,
      CDMS_API_KEY: sandbox.apiKey,
      CDMS_RECIPIENT: sandbox.recipients[0] ?? 'A81001',
      CDMS_TRACKER_DATABASE: where.database,
      ...(where.schema ? { CDMS_TRACKER_SCHEMA: where.schema } : {}),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/graceful-shutdown.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    try {
      // The first send has reached the sandbox, which holds it: the child is mid-send.
      await eventually('the first send held by the sandbox', () => sandbox.stats().faults.latency >= 1, 120_000);
      expect(sandbox.listMessages()).toHaveLength(0);
      child.kill('SIGTERM');
      expect(await exited, output).toEqual({ code: 0, signal: null });
    } finally {
      child.kill('SIGKILL');
    }
    expect(output).toContain('SIGTERM: stopping');
    expect(output).toContain('tracker closed cleanly');
    // The send under way was finished: the service holds it, once; nothing after it was sent.
    const held = sandbox.listMessages();
    expect(held).toHaveLength(1);
    expect(sandbox.stats().byOperation['messages.send']).toBe(1);
    const messageId = held[0]!.messageId;
    expect(output).toContain(`sent ${messageId} (sent)`);
    // ...and its outcome recorded before the tracker closed: followed, not left `sending` for a restart to settle.
    const ledger = await openReadOnlyTracker({ database: where.database, schema: where.schema });
    try {
      expect(await ledger.get(messageId)).toMatchObject({ stage: 'following', status: 'PENDING', sentAt: expect.any(Date) });
      expect((await ledger.list()).items).toHaveLength(1);
    } finally {
      await ledger.close();
    }
  });
});
