// `cdms track list | show | attention | stats | acknowledge`, run as the
// built binary on embedded databases copied from the test template. The
// test plays the app between the commands: a tracker in this process sends
// to a sandbox and polls, then lets the database go.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gpMessage, standardMessage } from '../contract/support.js';
import { freshLedgerDirectory } from '../tracker/support.js';
import { cdms, json } from './support.js';
import { TRACK_TIMEOUT_MS, asApp, newLedger, ok, track, useTrackSandbox } from './track-support.js';

const env = useTrackSandbox();

interface Page {
  items: { messageId: string; attention: { reason: string } | null }[];
  nextCursor: string | null;
}

/** Plays the app: two messages sent, one rejected by the practice, both polled. Returns [rejected, pending]. */
function seeded(database: string): Promise<string[]> {
  return asApp(env.sandbox, database, async (app) => {
    const sent = [await app.send('standard', standardMessage()), await app.send('standard', standardMessage())];
    env.sandbox.toolbar.reject(sent[0]!.messageId);
    for (const { messageId } of sent) await app.pollNow(messageId);
    return sent.map((s) => s.messageId);
  });
}

describe('cdms track', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('list and stats: one row per message, the filters, the counts', async () => {
    const database = freshLedgerDirectory();
    const [rejected, pending] = await seeded(database);
    const list = await track(['list'], database);
    expect(list.code, list.stderr).toBe(0);
    const [header, ...rows] = list.stdout.trim().split('\n');
    expect(header).toMatch(/^messageId +route +stage +status +attention +created +topic$/);
    expect(rows.map((l) => l.split(/ {2,}/))).toEqual([
      [pending, 'standard', 'following', 'PENDING', '-', expect.stringMatching(/Z$/), 'Discharge Summary'],
      [rejected, 'standard', 'settled', 'REJECTED', 'rejected', expect.stringMatching(/Z$/), 'Discharge Summary'],
    ]);
    expect(ok<Page>(await track(['list', '--status', 'rejected', '--json'], database))).toEqual({
      items: [expect.objectContaining({ messageId: rejected, attention: expect.objectContaining({ reason: 'rejected' }) })],
      nextCursor: null,
    });
    expect(ok(await track(['stats', '--json'], database))).toMatchObject({
      total: 2,
      attention: 1,
      byStatus: { PENDING: 1, REJECTED: 1 },
      byRoute: { standard: 2, instant: 0, gpconnect: 0 },
      byStage: { following: 1, settled: 1 },
      oldestUnresolved: { messageId: pending, stage: 'following' },
    });
    const stats = await track(['stats'], database);
    expect(stats.stdout).toMatch(/^messages {11}2$/m);
    expect(stats.stdout).toMatch(/^by status {10}PENDING 1, REJECTED 1$/m);
    expect(stats.stdout).toMatch(/^need attention {5}1 \(cdms track attention\)$/m);
    expect(stats.stdout).toMatch(new RegExp(`^oldest unresolved  ${pending} \\(following\\), created \\S+Z`, 'm'));
  });

  it('attention: why, since when and what to do; acknowledge clears it once', async () => {
    const database = freshLedgerDirectory();
    const [rejected, pending] = await seeded(database);
    const attention = await track(['attention'], database);
    expect(attention.code, attention.stderr).toBe(0);
    expect(attention.stdout).toMatch(new RegExp(`^${rejected}  rejected since \\S+Z \\(\\d+(s|min) ago\\)$`, 'm'));
    expect(attention.stdout).toContain('  standard route, Discharge Summary, to A81001; status REJECTED');
    expect(attention.stdout).toContain('  To do: the practice rejected it: contact the practice');
    expect(attention.stdout).not.toContain(pending);

    expect(ok(await track(['ack', rejected!, '--json'], database))).toEqual({ messageId: rejected, acknowledged: 'rejected' });
    expect(ok<Page>(await track(['attention', '--json'], database))).toEqual({ items: [], nextCursor: null });
    const again = await track(['acknowledge', rejected!], database);
    expect(again.stdout.trim()).toBe(`Nothing to acknowledge: ${rejected} did not need attention.`);
  });

  it('acknowledge --by --note: the audit names the person and keeps the note; one without the other is refused and clears nothing', async () => {
    const database = freshLedgerDirectory();
    const [rejected] = await seeded(database);
    const half = await track(['ack', rejected!, '--by', 'j.smith'], database);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('--by and --note go together');
    const note = 'Phoned the practice; they re-imported it.';
    expect(ok(await track(['ack', rejected!, '--by', 'j.smith', '--note', note, '--json'], database))).toEqual({ messageId: rejected, acknowledged: 'rejected' });
    const audit = await asApp(env.sandbox, database, (app) => app.audit({ messageId: rejected! }));
    expect(audit.items).toMatchObject([{ action: 'acknowledge', by: 'j.smith', note, reason: 'rejected', outcome: 'done' }]);
  });

  it('show: the message, its attention and every status seen; the same with --json', async () => {
    const database = freshLedgerDirectory();
    const id = await asApp(env.sandbox, database, async (app) => {
      const { messageId } = await app.send('standard', standardMessage(), { metadata: { document: 'DS-1042' } });
      env.sandbox.toolbar.reject(messageId);
      await app.pollNow(messageId);
      return messageId;
    });
    const human = await track(['show', id], database);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^messageId +${id}$`, 'm'));
    expect(human.stdout).toMatch(/^stage +settled: followed to its end$/m);
    expect(human.stdout).toMatch(/^attention +rejected since \S+Z: REJECTED/m);
    expect(human.stdout).toMatch(/^metadata +\{"document":"DS-1042"\}$/m);
    const history = human.stdout.slice(human.stdout.indexOf('History:')).trim().split('\n').slice(2);
    expect(history.map((l) => l.trim().split(/ {2,}/).slice(1))).toEqual([
      ['PENDING', '-', 'send'],
      ['REJECTED', expect.any(String), 'poll-now'],
    ]);
    expect(ok(await track(['show', id, '--json'], database))).toMatchObject({
      messageId: id,
      stage: 'settled',
      status: 'REJECTED',
      polls: 1,
      metadata: { document: 'DS-1042' },
      history: [{ status: 'PENDING', source: 'send' }, { status: 'REJECTED', source: 'poll-now' }],
    });
  });

  it('show, GP route: the code, where it comes from and what to do; the attention says it too', async () => {
    const database = freshLedgerDirectory();
    const id = await asApp(env.sandbox, database, async (app) => {
      const { messageId } = await app.send('gpconnect', gpMessage());
      env.sandbox.gpRoute.advance(messageId);
      env.sandbox.gpRoute.advance(messageId, 'rejected');
      await app.pollNow(messageId);
      return messageId;
    });
    const human = await track(['show', id], database);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^status +REJECTED \(30002-Patient not known here\)$/m);
    expect(human.stdout).toMatch(/^code +30002 \(ITK3 business response, final\)$/m);
    expect(human.stdout).toMatch(/^version +1$/m);
    expect(human.stdout).toMatch(/^to do +Check the NHS number, family name and date of birth against the Personal Demographics Service/m);
    expect(human.stdout).toMatch(/^attention +rejected since \S+Z: REJECTED: 30002-Patient not known here\. The practice has no record of this patient.* To do: Check the NHS number/m);
  });

  it('pages: --limit, and the next-page command it prints with --cursor', async () => {
    const database = freshLedgerDirectory();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await asApp(env.sandbox, database, async (app) => {
      for (const messageId of ids) await app.track({ messageId, route: 'gpconnect', sentAt: new Date() });
    });
    const first = await track(['list', '--route', 'gpconnect', '--limit', '2'], database);
    const next = /^More: cdms track list --route gpconnect --limit 2 --cursor (\S+)$/m.exec(first.stdout);
    expect(next, first.stdout).not.toBeNull();
    expect(ok<Page>(await track(['list', '--route', 'gpconnect', '--limit', '2', '--cursor', next![1]!, '--json'], database))).toEqual({
      items: [expect.objectContaining({ messageId: ids[0] })],
      nextCursor: null,
    });
  });

  it('CDMS_TRACKER_DATABASE names the database; without either, ./.cdms/tracker, which a read never creates', async () => {
    const database = await newLedger(env.sandbox);
    const r = await cdms(['track', 'stats', '--json'], { CDMS_TRACKER_DATABASE: database });
    expect(ok(r)).toMatchObject({ total: 0, attention: 0, oldestUnresolved: null });
    const empty = mkdtempSync(join(tmpdir(), 'cdms-track-cwd-'));
    try {
      const missing = await cdms(['track', 'stats', '--json'], {}, empty);
      expect(missing.code).toBe(2);
      expect(json<{ error: Record<string, unknown> }>(missing).error).toMatchObject({
        name: 'ConfigurationError',
        exitCode: 2,
        message: 'There is no tracker database in ./.cdms/tracker. Check the path: a tracker creates its database on its first start.',
      });
      expect(existsSync(join(empty, '.cdms'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('while the app holds the embedded database, a command that writes: exit 2, naming the process and the way out (PostgreSQL)', async () => {
    const database = freshLedgerDirectory();
    await asApp(env.sandbox, database, async () => {
      const r = await track(['acknowledge', crypto.randomUUID()], database);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: The tracker database ${database} is in use by process ${process.pid} on `);
      expect(r.stderr).toContain('keep the ledger in PostgreSQL');
      expect(r.stderr).toContain('--database or CDMS_TRACKER_DATABASE set to the postgres:// URL');
    });
  });

  it('while the app runs on the embedded database, the commands that only read (health, attention, show) read it beside the app', async () => {
    const database = freshLedgerDirectory();
    await asApp(env.sandbox, database, async (app) => {
      const { messageId } = await app.send('standard', standardMessage());
      env.sandbox.toolbar.reject(messageId);
      await app.pollNow(messageId);
      expect((await app.get(messageId))?.attention?.reason).toBe('rejected');
      // The app still holds the ledger (its lock) while these run in other processes.
      const [health, attention, show] = await Promise.all([track(['health', '--json'], database), track(['attention', '--json'], database), track(['show', messageId, '--json'], database)]);
      expect(ok<{ items: { messageId: string }[] }>(attention).items.map((i) => i.messageId)).toEqual([messageId]);
      expect(ok<{ messageId: string; attention: { reason: string } }>(show)).toMatchObject({ messageId, attention: { reason: 'rejected' } });
      expect(health.stderr).not.toContain('in use by process');
      expect(json<{ attention: number }>(health)).toMatchObject({ attention: 1 });
      // And the app goes on writing while they read.
      await app.acknowledge(messageId);
      expect((await app.get(messageId))?.attention).toBeNull();
    });
  });

  it('bad usage exits 2 without opening the database; an id the ledger lacks exits 1', async () => {
    const database = await newLedger(env.sandbox);
    const cases: [string[], string][] = [
      [['show', '9434765919'], 'error: The messageId must be a UUID'],
      [['ack', 'x'], 'error: The messageId must be a UUID'],
      [['list', '--stage', 'done'], 'error: --stage must be one of sending, queued, following, failed, settled.'],
      [['list', '--route', 'fax'], 'error: --route must be one of standard, instant, gpconnect.'],
      [['attention', '--limit', '0'], 'error: --limit must be a whole number from 1 to 1000.'],
    ];
    const runs = await Promise.all(cases.map(([args]) => track(args, join(database, 'not-there'))));
    runs.forEach((r, i) => {
      expect(r.code, cases[i]![0].join(' ')).toBe(2);
      expect(r.stderr).toContain(cases[i]![1]);
    });
    const memory = await track(['stats'], 'memory:');
    expect(memory.stderr).toContain('--database memory: lives only as long as one command');
    const cursor = await track(['list', '--cursor', 'not-a-cursor'], database);
    expect(cursor.code).toBe(2);
    expect(cursor.stderr).toBe('error: Invalid page request.\n  --cursor: must be the nextCursor of an earlier page, unchanged\n');
    const unknown = await track(['show', crypto.randomUUID(), '--json'], database);
    expect(unknown.code).toBe(1);
    expect(json<{ error: Record<string, unknown> }>(unknown).error).toMatchObject({ name: 'UnknownMessageError', exitCode: 1 });
  });
});
