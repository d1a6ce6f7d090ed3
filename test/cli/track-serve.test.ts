// `cdms track serve`, run as the built binary and driven over HTTP: it
// refuses to start without a source of the person (and says why), keeps
// --local-user on loopback, warns when it trusts a header beyond loopback,
// serves the worklist over an embedded ledger, names the proxy's user in the
// audit, and stops cleanly on Ctrl-C; answers only to this machine's names
// (DNS rebinding), refuses a base path with '..', and drops slow clients.
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
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

  it("refuses a --base-path with a '.' or '..' segment, and a --public-origin that is not an origin (exit 2)", async () => {
    const dots = await cdms(['track', 'serve', '--database', freshLedgerDirectory(), '--local-user', 'a', '--base-path', '/worklist/../admin']);
    expect(dots.code).toBe(2);
    expect(dots.stderr).toContain("--base-path must be a path such as '/worklist'");
    const origin = await cdms(['track', 'serve', '--database', freshLedgerDirectory(), '--local-user', 'a', '--public-origin', 'worklist.example']);
    expect(origin.code).toBe(2);
    expect(origin.stderr).toContain('--public-origin must be an origin');
  });

  it(
    'answers only to its own names (a DNS-rebinding page is refused, even as the local user) and drops a client that trickles its headers',
    async () => {
      const { database, messageId } = await ledgerWithRejection();
      const serve = startCli(['track', 'serve', '--database', database, '--port', '0', '--local-user', 'duty.manager', '--allowed-host', 'worklist.ward.example']);
      const [, url] = await serve.waitFor('stdout', /Worklist at (http:\/\/127\.0\.0\.1:(\d+)\/)/, 60_000);
      const port = Number(new URL(url!).port);
      const ask = (host: string, head = `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`) =>
        new Promise<{ status: string; ms: number }>((resolve, reject) => {
          const started = Date.now();
          const socket = connect(port, '127.0.0.1', () => socket.write(head));
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
          socket.on('close', () => resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed', ms: Date.now() - started }));
          socket.on('error', reject);
        });
      expect((await ask(`evil.example:${port}`)).status).toBe('421');
      expect((await ask(`127.0.0.1:${port + 1}`)).status).toBe('421');
      expect((await ask(`localhost:${port}`)).status).toBe('200');
      expect((await ask(`127.0.0.1:${port}`)).status).toBe('200');
      expect((await ask('worklist.ward.example')).status).toBe('200');
      const form = 'note=Rebound';
      const act = await ask(
        '',
        `POST /messages/${messageId}/acknowledge HTTP/1.1\r\nHost: evil.example:${port}\r\nOrigin: http://evil.example:${port}\r\nHX-Request: true\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`,
      );
      expect(act.status).toBe('421');
      // Headers that never end: Node's default would hold the connection for a minute; the worklist's server lets go within its bound.
      const trickle = await ask('', `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
      expect(trickle.ms).toBeLessThan(30_000);
      serve.child.kill('SIGTERM');
      await serve.done;
      const after = await asApp(env.sandbox, database, (app) => app.get(messageId));
      expect(after?.attention?.reason).toBe('rejected');
      rmSync(database, { recursive: true, force: true });
    },
    TRACK_TIMEOUT_MS,
  );
});
