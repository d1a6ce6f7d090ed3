// The tracker's PostgreSQL server crashed (`pg_ctl stop -m immediate`) and
// restarted on the same port, at the worst moments: while sends are at the
// service (their outcome cannot be recorded), while new sends arrive (nothing
// can be recorded first), and while createTracker waits on the migration
// lock (a checked-out connection is cut). Every error is a CdmsError with the
// messageId and a true `delivery`; the ledger settles what was unrecorded once
// the server is back; the process never dies.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError } from '../../../src/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createTracker, DatabaseUnavailableError } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { hasPostgres, startFaultyPostgres, type FaultyPostgres } from '../../helpers/postgres-fault-server.js';
import { FAST, freshSchema } from '../support.js';
import { startInstance } from './instances.js';
import { countVerdicts, expectTruthful, ledgerAtRest, recordSend, type SendRecord } from './verdicts.js';

let server: FaultyPostgres;
let sandbox: Sandbox;
beforeAll(async () => {
  if (!hasPostgres()) return;
  [server, sandbox] = await Promise.all([startFaultyPostgres(), startSandbox({ port: 0, seed: 3 })]);
}, 60_000);
afterAll(async () => {
  server?.destroy();
  await sandbox?.close();
});

/** Short timeouts, so a call meets the outage within a second or two rather than half a minute. */
const quick = (url: string): string => `${url}?statement_timeout=1500&query_timeout=2500&connect_timeout=2`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!hasPostgres())('the tracker when its PostgreSQL server crashes and restarts', () => {
  it('sends at the service, and sends arriving during the outage: true verdicts, settled once the server is back', async () => {
    // Each send waits 800 ms at the service: the crash comes while the first ones are there.
    sandbox.setFaults({ latencyMs: 800, operations: ['messages.send'] });
    const client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 5_000 });
    const tracker = await createTracker({ client, database: quick(server.url), schema: freshSchema(), ...FAST, leaseMs: 4_000 });
    try {
      await tracker.start();
      const send = (): Promise<SendRecord> => {
        const messageId = crypto.randomUUID();
        return recordSend(messageId, () => tracker.send('standard', standardMessage({ messageId })));
      };
      const atTheService = Array.from({ length: 12 }, send);
      await sleep(300);
      await server.crash();
      // New sends every 100 ms through a 2.5 s outage.
      const during: Promise<SendRecord>[] = [];
      for (let t = 0; t < 2_500; t += 100) {
        during.push(send());
        await sleep(100);
      }
      await server.restart();
      const records = await Promise.all([...atTheService, ...during]);
      sandbox.setFaults({});
      await ledgerAtRest(tracker, 40_000);
      const counts = await countVerdicts(records, sandbox, tracker);
      expectTruthful(counts, 10_000);
      // The outage was met: sends at the service could not be recorded, sends after it could not begin.
      const errors = records.flatMap((r) => (r.error instanceof CdmsError ? [r] : []));
      const unknown = errors.filter((r) => (r.error as CdmsError).delivery === 'unknown');
      expect(unknown.length).toBeGreaterThan(0);
      expect(errors.some((r) => (r.error as CdmsError).delivery === 'not-sent')).toBe(true);
      for (const r of errors) expect(r.error, r.messageId).toBeInstanceOf(DatabaseUnavailableError);
      // An outcome that could not be recorded is settled on recovery: the ledger follows every message the service holds.
      const held = new Set(sandbox.listMessages().map((m) => m.messageId));
      for (const r of unknown) {
        if (held.has(r.messageId)) expect((await tracker.get(r.messageId))?.stage, r.messageId).toMatch(/following|settled/);
      }
      // A send refused for the outage was neither sent nor left for the tracker to send.
      for (const r of errors.filter((e) => (e.error as CdmsError).delivery === 'not-sent')) {
        expect(held.has(r.messageId), r.messageId).toBe(false);
        expect(await tracker.get(r.messageId)).toBeUndefined();
      }
    } finally {
      sandbox.setFaults({});
      await tracker.close();
    }
  });

  it('a restart while createTracker waits on the migration lock: an error to the caller, never a crash of the process', async () => {
    const schema = freshSchema();
    // Another instance holds the migration lock, so the new one waits on it with a connection checked out.
    const holder = new pg.Client({ connectionString: server.url });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [`cdms-tracker:${schema}`]);
    const instance = startInstance({ mode: 'create', database: server.url, schema, instanceId: 'waiting', sandboxUrl: sandbox.url, apiKey: sandbox.apiKey });
    try {
      // Wait until it is queued behind the lock.
      const probe = new pg.Client({ connectionString: server.url });
      await probe.connect();
      for (let waiting = 0; waiting === 0; await sleep(100)) {
        const { rows } = await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
        waiting = rows[0]?.n ?? 0;
      }
      await probe.end();
      await server.crash();
      await sleep(500);
      await server.restart();
      const { code, signal, stderr } = await instance.exited;
      expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
      const { error } = await instance.line('error');
      expect(error).toMatchObject({ name: 'DatabaseUnavailableError', cdms: true });
    } finally {
      instance.kill();
      await holder.end().catch(() => undefined);
    }
  });
});
