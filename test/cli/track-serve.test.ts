// `cdms track serve`, run as the built binary and driven over HTTP: it
// refuses to start without a source of the person (and says why), keeps
// --local-user on loopback, warns when it trusts a header beyond loopback,
// serves the worklist over an embedded ledger, names the proxy's user in the
// audit, and stops cleanly on Ctrl-C.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { freshLedgerDirectory } from '../tracker/support.js';
import { cdms, startCli } from './support.js';
import { TRACK_TIMEOUT_MS, asApp, useTrackSandbox } from './track-support.js';

const env = useTrackSandbox();

/** A ledger with one message the practice rejected, as the app left it. */
async function ledgerWithRejection(): Promise<{ database: string; messageId: string }> {
  const database = freshLedgerDirectory();
  const messageId = await asApp(env.sandbox, database, async (app) => {
    const { messageId } = await app.send('standard', standardMessage());
    env.sandbox.toolbar.reject(messageId);
    await app.pollNow(messageId);
    return messageId;
  });
  return { database, messageId };
}

describe('cdms track serve', () => {
  it('refuses to start without a source of the person, saying why (exit 2)', async () => {
    const r = await cdms(['track', 'serve', '--database', freshLedgerDirectory()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs to know who is acting');
    expect(r.stderr).toContain('--trust-header X-Forwarded-User');
    expect(r.stderr).toContain('--local-user NAME');
    expect(r.stderr).toContain('no anonymous mode');
  });

  it('keeps --local-user on loopback, and warns when it trusts a header beyond it', async () => {
    const local = await cdms(['track', 'serve', '--database', freshLedgerDirectory(), '--local-user', 'j.smith', '--host', '0.0.0.0']);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('--local-user works on loopback only');
    // 192.0.2.1 is a documentation address no machine holds: the warning comes first, then the listen fails.
    const proxied = await cdms(['track', 'serve', '--database', freshLedgerDirectory(), '--trust-header', 'X-Forwarded-User', '--host', '192.0.2.1', '--port', '0']);
    expect(proxied.stderr).toContain('Warning: listening on 192.0.2.1, and trusting the X-Forwarded-User header');
    expect(proxied.code).not.toBe(0);
    const both = await cdms(['track', 'serve', '--database', freshLedgerDirectory(), '--local-user', 'a', '--trust-header', 'X-Forwarded-User']);
    expect(both.code).toBe(2);
  });

  it(
    'serves the worklist behind a proxy header: nothing without it, the header\'s person in the audit, stops on Ctrl-C',
    async () => {
      const { database, messageId } = await ledgerWithRejection();
      const serve = startCli(['track', 'serve', '--database', database, '--port', '0', '--trust-header', 'X-Forwarded-User', '--base-path', '/worklist']);
      const [, url] = await serve.waitFor('stdout', /Worklist at (http:\/\/127\.0\.0\.1:\d+\/worklist\/)/, 60_000);
      const anonymous = await fetch(url!);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain(messageId);
      const queue = await fetch(url!, { headers: { 'X-Forwarded-User': 'j.smith' } });
      expect(queue.status).toBe(200);
      expect(await queue.text()).toContain(messageId);
      const act = await fetch(`${url!}messages/${messageId}/acknowledge`, {
        method: 'POST',
        headers: { 'X-Forwarded-User': 'j.smith', 'HX-Request': 'true', Origin: new URL(url!).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ note: 'Phoned the practice.', reason: 'rejected' }).toString(),
      });
      expect(act.status).toBe(200);
      const audit = await (await fetch(`${url!}audit.csv`, { headers: { 'X-Forwarded-User': 'j.smith' } })).text();
      expect(audit).toContain(`${messageId},j.smith,acknowledge,done,rejected,,,Phoned the practice.`);
      serve.child.kill('SIGINT');
      const ended = await serve.done;
      expect(ended.stderr).toContain('Worklist stopped.');
      // The ledger was released: the app can open it again, and the acknowledgement is in it.
      const after = await asApp(env.sandbox, database, (app) => app.get(messageId));
      expect(after?.attention).toBeNull();
      rmSync(database, { recursive: true, force: true });
    },
    TRACK_TIMEOUT_MS,
  );

  it(
    '--local-user acts as one person on loopback',
    async () => {
      const { database, messageId } = await ledgerWithRejection();
      const serve = startCli(['track', 'serve', '--database', database, '--port', '0', '--local-user', 'duty.manager', '--json']);
      const [, url] = await serve.waitFor('stdout', /"url":"(http:\/\/127\.0\.0\.1:\d+\/)"/, 60_000);
      const page = await (await fetch(`${url!}messages/${messageId}`)).text();
      expect(page).toContain('Signed in as <strong>duty.manager</strong>');
      // The built package finds its files: the stylesheet and the shared scripts.
      for (const asset of ['worklist.css', 'htmx.min.js', 'live-events.js']) expect((await fetch(`${url!}assets/${asset}`)).status).toBe(200);
      serve.child.kill('SIGTERM');
      await serve.done;
    },
    TRACK_TIMEOUT_MS,
  );
});
