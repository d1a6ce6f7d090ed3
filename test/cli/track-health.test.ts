// `cdms track health` and `cdms track purge`, run as the built binary on
// embedded databases copied from the test template (the app's tracker
// played in this process between the commands), and on a PostgreSQL
// database that stops answering.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { freshLedgerDirectory } from '../tracker/support.js';
import { withSql } from '../tracker/production/support.js';
import { TRACK_TIMEOUT_MS, asApp, ok, track, useTrackSandbox } from './track-support.js';

const env = useTrackSandbox();

interface Health {
  ok: boolean;
  reasons: { code: string; severity: string; message: string }[];
  loops: unknown;
  overduePolls: number | null;
  attention: number | null;
}

describe('cdms track health', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('exit 0 when the ledger is well; a warning (attention) fails only with --strict', async () => {
    const database = freshLedgerDirectory();
    await asApp(env.sandbox, database, async (app) => {
      const { messageId } = await app.send('standard', standardMessage());
      env.sandbox.toolbar.reject(messageId);
      await app.pollNow(messageId);
    });
    const plain = await track(['health'], database);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^Tracker health: OK$/m);
    expect(plain.stdout).toMatch(/^ {2}warning attention: 1 messages need a person/m);
    expect(plain.stdout).toMatch(/^database +answered in \d+ ms$/m);
    const health = ok<Health>(await track(['health', '--json'], database));
    expect(health).toMatchObject({ ok: true, loops: null, attention: 1, overduePolls: 0 });
    const strict = await track(['health', '--strict'], database);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^Tracker health: NOT OK \(--strict: warnings count\)$/m);
  });

  it('exit 1 when polls are overdue and nothing polls them, with the reason', async () => {
    const database = freshLedgerDirectory();
    await asApp(env.sandbox, database, async (app) => {
      await app.track({ messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date() });
    });
    await withSql('SQLite', { database }, (sql) => sql(`UPDATE messages SET due_at = ${Date.now() - 3_600_000}`));
    const r = await track(['health', '--json'], database);
    expect(r.code).toBe(1);
    const health = JSON.parse(r.stdout) as Health;
    expect(health.ok).toBe(false);
    expect(health.reasons.map((x) => [x.code, x.severity])).toEqual([['polls-stalled', 'failing']]);
  });

  it.skipIf(inject('postgresUrl') === '')('a PostgreSQL server that cannot be reached: exit 1, the password never shown', async () => {
    const url = new URL(inject('postgresUrl'));
    url.password = 's3cret-pw';
    url.port = '1'; // nothing listens there
    const r = await track(['health'], url.toString());
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
  });

  it('a database port that never answers: --timeout holds from the connection attempt on, whatever it says', async () => {
    // Takes the connection and says nothing, as a silent network or a frozen server does.
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      for (const timeout of ['1000', '3000']) {
        const started = Date.now();
        const r = await track(['health', '--timeout', timeout], `postgres://cdms:s3cret-pw@127.0.0.1:${port}/cdms`);
        const tookMs = Date.now() - started;
        expect(r.code, r.stderr).toBe(1);
        expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
        // The connection's own limit (10 s) used to decide, whatever --timeout said: 10.3 s for both. A few seconds
        // over the limit are the command's own start on a busy machine.
        expect(tookMs).toBeLessThan(Number(timeout) + 5_000);
      }
      expect(held.length).toBeGreaterThan(0);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('bad flags exit 2 without opening the database', async () => {
    const r = await track(['health', '--timeout', 'soon'], freshLedgerDirectory());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--timeout must be a whole number of milliseconds');
  });
});

describe('cdms track purge', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('deletes the settled messages older than --older-than, with their history and events; nothing else', async () => {
    const database = freshLedgerDirectory();
    const [done, pending] = await asApp(env.sandbox, database, async (app) => {
      app.onEvent(() => undefined);
      const sent = [await app.send('standard', standardMessage()), await app.send('standard', standardMessage())];
      env.sandbox.toolbar.import(sent[0]!.messageId);
      for (const { messageId } of sent) await app.pollNow(messageId);
      await app.start();
      // Every event handled before the app lets the database go.
      for (let i = 0; i < 100 && (await app.stats()).unhandledEvents > 0; i++) await new Promise((r) => setTimeout(r, 50));
      return sent.map((s) => s.messageId);
    });
    const recent = await track(['purge', '--older-than', '1d'], database);
    expect(recent.code, recent.stderr).toBe(0);
    expect(recent.stdout).toBe('Nothing to delete: no settled message was last changed more than 1d ago.\n');
    await withSql('SQLite', { database }, (sql) => sql(`UPDATE messages SET changed_at = ${Date.now() - 100 * 86_400_000}`));
    const r = ok<{ messages: number; histories: number; events: number }>(await track(['purge', '--older-than', '90d', '--json'], database));
    expect(r).toMatchObject({ messages: 1 });
    expect(r.histories).toBeGreaterThanOrEqual(2); // PENDING, COMPLETED
    expect(r.events).toBeGreaterThanOrEqual(3); // sent, status-changed, terminal
    const left = ok<{ items: { messageId: string }[] }>(await track(['list', '--json'], database));
    expect(left.items.map((m) => m.messageId)).toEqual([pending]);
    expect(left.items.map((m) => m.messageId)).not.toContain(done);
  });

  it('without --older-than, or with a duration it cannot read, exits 2 and deletes nothing', async () => {
    const database = freshLedgerDirectory();
    const missing = await track(['purge'], database);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--older-than is required');
    const bad = await track(['purge', '--older-than', 'ninety days'], database);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--older-than must be a duration such as 30m, 2h, 7d or 1d12h');
  });
});
