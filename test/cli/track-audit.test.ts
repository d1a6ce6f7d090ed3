// `cdms track audit --verify`, run as the built binary on an embedded ledger
// the app's tracker (played in this process) wrote audit entries to: a sound
// chain exits 0; once an owner lifts the append-only rule and rewrites who
// acted, it exits 1 naming the entry, and `cdms track health` warns.
import { describe, expect, it } from 'vitest';
import { freshLedgerDirectory } from '../tracker/support.js';
import { withSql } from '../tracker/production/support.js';
import { TRACK_TIMEOUT_MS, asApp, ok, track, useTrackSandbox } from './track-support.js';

const env = useTrackSandbox();

interface Verification {
  ok: boolean;
  checked: number;
  broken: { kind: string; seq: number; entryId: string | null; message: string } | null;
  head: { seq: number; hash: string };
}

describe('cdms track audit --verify', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('exit 0 on a sound chain; exit 1 naming the entry once who acted was rewritten; health warns', async () => {
    const database = freshLedgerDirectory();
    await asApp(env.sandbox, database, async (app) => {
      const messageId = crypto.randomUUID();
      await app.track({ messageId, route: 'standard', sentAt: new Date() });
      for (const person of ['alice', 'bob', 'carol']) await app.assign(messageId, person, { by: person });
    });
    const sound = await track(['audit', '--verify'], database);
    expect(sound.code, sound.stderr).toBe(0);
    expect(sound.stdout).toMatch(/^Audit chain: OK, 3 entries each linked to the one before, up to the head\.$/m);
    expect(sound.stdout).toMatch(/^head {2}entry 3, sha256 [0-9a-f]{64}$/m);
    const before = ok<Verification>(await track(['audit', '--verify', '--json'], database));
    expect(before).toMatchObject({ ok: true, checked: 3, broken: null, head: { seq: 3 } });

    // The owner lifts the rule, rewrites who acted, and puts the rule back.
    await withSql('SQLite', { database }, async (sql) => {
      await sql('DROP TRIGGER audit_no_update');
      await sql("UPDATE audit SET actor = 'mallory' WHERE seq = 2");
      await sql('CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(IGNORE); END');
    });
    const broken = await track(['audit', '--verify'], database);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^Audit chain: BROKEN at entry 2 \(altered\)$/m);
    expect(broken.stdout).toContain('was changed after it was written');
    const after = JSON.parse((await track(['audit', '--verify', '--json'], database)).stdout) as Verification;
    expect(after).toMatchObject({ ok: false, checked: 1, broken: { kind: 'altered', seq: 2 } });

    const health = await track(['health'], database);
    expect(health.code, health.stderr).toBe(0);
    expect(health.stdout).toMatch(/^ {2}warning audit-chain-broken: The audit's entry 2 .* was changed after it was written/m);
  });

  it('without --verify, exits 2 saying what to add', async () => {
    const r = await track(['audit'], freshLedgerDirectory());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cdms track audit needs --verify');
  });
});
