// `cdms send --track`, run as the built binary against a sandbox in this
// process: on an embedded database copied from the test template, and on the
// tests' PostgreSQL server, shared with a tracker playing the app.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gpMessage } from '../contract/support.js';
import { freshLedgerDirectory, freshSchema } from '../tracker/support.js';
import { NHS_NUMBER, assertBuilt, cdms, expectNoLeak, fixtures, json } from './support.js';
import { PATIENT_DATA, TRACK_TIMEOUT_MS, asApp, newLedger, ok, track, type TrackedSend } from './track-support.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let files: ReturnType<typeof fixtures>;

/** A password in the PostgreSQL URL (the test server trusts loopback, so any password connects). */
const PASSWORD = 'pg-Secret-7f3a91c2';

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
  files = fixtures({ 'gp.json': JSON.stringify(gpMessage()) });
});

afterAll(async () => {
  if (sandbox === undefined) return;
  expectNoLeak([sandbox.apiKey, PASSWORD, ...PATIENT_DATA]);
  files.cleanup();
  await sandbox.close();
});

const standard = ['--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file'];

/** `cdms send --track` of a standard message to `database`. */
function send(database: string, extra: readonly string[] = [], sendEnv = env) {
  return cdms(['send', '--track', '--database', database, ...standard, files.path('summary.pdf'), ...extra], sendEnv);
}

describe('cdms send --track', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('records the send: outcome and messageId printed, the service holds it once, `track show` has it', async () => {
    const database = freshLedgerDirectory();
    const r = await send(database);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Sent by the standard route and recorded in the tracker\.$/m);
    expect(r.stdout).toMatch(/^outcome {4}sent: the service holds the message$/m);
    const id = /^messageId {2}(\S+)$/m.exec(r.stdout)?.[1] ?? '';
    expect(r.stdout).toContain(`See it with: cdms track show ${id}`);
    expect(sandbox.stats().sends[id]).toMatchObject({ accepted: 1 });
    expect(ok(await track(['show', id, '--json'], database))).toMatchObject({
      messageId: id,
      route: 'standard',
      stage: 'following',
      status: 'PENDING',
      topic: 'Discharge Summary',
      recipient: 'A81001',
      attention: null,
      history: [{ status: 'PENDING', source: 'send' }],
    });
  });

  it('--json: { route, messageId, outcome, recovered }; a send that failed for good exits 1 and is kept for attention', async () => {
    const database = freshLedgerDirectory();
    expect(ok(await send(database, ['--json']))).toEqual({ route: 'standard', messageId: expect.any(String), outcome: 'sent', recovered: false });
    const id = crypto.randomUUID();
    // A practice that does not use the service: only the service knows (a mistyped topic is refused locally).
    const unknownPractice = ['--topic', 'Discharge Summary', '--recipient', 'Z99999', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')];
    const failed = await cdms(['send', '--track', '--database', database, '--message-id', id, ...unknownPractice], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('error: Request Validation Error (HTTP 400)');
    expect(failed.stderr).toContain(`The tracker keeps it, flagged for attention: cdms track show ${id}; acknowledge it once dealt with.`);
    expect(ok(await track(['show', id, '--json'], database))).toMatchObject({ stage: 'failed', attention: { reason: 'send-failed' } });
  });

  it('a local validation failure exits 2 and records nothing; --database without --track is refused', async () => {
    const database = await newLedger(sandbox);
    const invalid = await send(database, ['--nhs-number', '9434765918']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('error: Invalid request: nothing was sent');
    expect(ok(await track(['stats', '--json'], database))).toMatchObject({ total: 0 });
    const misuse = await cdms(['send', '--database', database, ...standard, files.path('summary.pdf')], env);
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toBe('error: --database and --schema apply only with --track.\n');
  });

  it('a GP-route send that keeps getting 503: queued, exit 0; the ledger still holds the message, no output shows patient data', async () => {
    const busy = await startSandbox({ faults: { gpconnect503Rate: 1 } });
    try {
      const database = freshLedgerDirectory();
      const busyEnv = { CDMS_BASE_URL: busy.url, CDMS_API_KEY: busy.apiKey };
      const r = await cdms(['send', '--track', '--database', database, '--route', 'gpconnect', '--json-file', files.path('gp.json'), '--file', files.path('summary.pdf')], busyEnv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Not delivered yet by the gpconnect route: queued in the tracker\.$/m);
      const id = /^messageId {2}(\S+)$/m.exec(r.stdout)?.[1] ?? '';
      expect(ok(await track(['show', id, '--json'], database))).toMatchObject({ route: 'gpconnect', stage: 'queued', status: null, recipient: 'A81001' });
      const human = await track(['show', id], database);
      expect(human.stdout).toMatch(/^stage +queued: not delivered yet; to be sent again with the same messageId$/m);
      expect(human.stdout).toMatch(/^last error +ServiceUnavailableError: /m);
      // expectNoLeak (afterAll) checks these outputs, and every other, for the patient's NHS number, name and date of birth.
    } finally {
      await busy.close();
    }
  });

  it('while the app holds the embedded database: exit 2 and nothing is sent', async () => {
    const database = freshLedgerDirectory();
    await asApp(sandbox, database, async () => {
      const id = crypto.randomUUID();
      const r = await send(database, ['--message-id', id, '--json']);
      expect(r.code).toBe(2);
      expect(json<{ error: { name: string; message: string } }>(r).error).toMatchObject({ name: 'ConfigurationError', message: expect.stringContaining('is in use by process') });
      expect(sandbox.stats().sends[id]).toBeUndefined();
    });
  });
});

describe.skipIf(inject('postgresUrl') === '')('cdms send --track and cdms track on PostgreSQL', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('the app and cdms share the database at once; the URL password is never printed', async () => {
    const url = new URL(inject('postgresUrl'));
    url.password = PASSWORD;
    const database = url.toString();
    const schema = freshSchema();
    const dbEnv = { ...env, CDMS_TRACKER_DATABASE: database, CDMS_TRACKER_SCHEMA: schema };
    const sent = ok<TrackedSend>(await cdms(['send', '--track', ...standard, files.path('summary.pdf'), '--json'], dbEnv));
    expect(sent.outcome).toBe('sent');
    await asApp(
      sandbox,
      database,
      async (app) => {
        sandbox.toolbar.import(sent.messageId);
        await app.pollNow(sent.messageId);
        // The app's tracker is open: cdms reads the same ledger meanwhile.
        const shown = await cdms(['track', 'show', sent.messageId, '--debug'], { CDMS_TRACKER_DATABASE: database, CDMS_TRACKER_SCHEMA: schema });
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout).toMatch(/^status +COMPLETED$/m);
        const list = ok<{ items: { messageId: string; status: string }[] }>(await track(['list', '--schema', schema, '--json'], database));
        expect(list.items).toEqual([expect.objectContaining({ messageId: sent.messageId, status: 'COMPLETED' })]);
      },
      schema,
    );
  });

  it('a database that cannot be reached: exit 1, naming it without its password; a send is not attempted', async () => {
    const url = new URL(inject('postgresUrl'));
    url.password = PASSWORD;
    url.port = '9'; // the discard port: nothing listens there
    const r = await track(['stats'], url.toString());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: Could not open the tracker database postgres://cdms@127.0.0.1:9/postgres: `);
    const id = crypto.randomUUID();
    const sent = await send(url.toString(), ['--message-id', id]);
    expect(sent.code).toBe(1);
    expect(sent.stderr).toContain(`Message ${id} was not delivered: it is safe to send it again once the problem is fixed.`);
    expect(sent.stderr).not.toContain('The tracker keeps it');
    expect(sandbox.stats().sends[id]).toBeUndefined();
  });

  it('a schema with no tracker tables: exit 2, naming the schema', async () => {
    const schema = freshSchema();
    const r = await track(['stats', '--schema', schema, '--json'], inject('postgresUrl'));
    expect(r.code).toBe(2);
    expect(json<{ error: { message: string } }>(r).error.message).toContain(`no tracker tables in the schema "${schema}"`);
  });
});
