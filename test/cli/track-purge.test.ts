// `cdms track purge --dry-run`, run as the built binary on an embedded
// ledger (the app's tracker played in this process first): it counts what
// the purge would delete, including the messages the audit names, changes
// nothing, and the purge that follows deletes exactly what it counted.
import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { freshLedgerDirectory } from '../tracker/support.js';
import { withSql } from '../tracker/production/support.js';
import { TRACK_TIMEOUT_MS, asApp, ok, track, useTrackSandbox } from './track-support.js';

const env = useTrackSandbox();

interface Preview {
  dryRun: true;
  before: string;
  messages: number;
  histories: number;
  events: number;
  audited: number;
}

describe('cdms track purge --dry-run', { timeout: TRACK_TIMEOUT_MS }, () => {
  it('says what would be deleted, with counts, and changes nothing; the purge then deletes what it counted', async () => {
    const database = freshLedgerDirectory();
    const [imported, rejected, pending] = await asApp(env.sandbox, database, async (app) => {
      app.onEvent(() => undefined);
      const sent = [await app.send('standard', standardMessage()), await app.send('standard', standardMessage()), await app.send('standard', standardMessage())];
      env.sandbox.toolbar.import(sent[0]!.messageId);
      env.sandbox.toolbar.reject(sent[1]!.messageId);
      for (const { messageId } of sent) await app.pollNow(messageId);
      await app.acknowledge(sent[1]!.messageId, { by: 'duty-manager', note: 'Phoned the practice' });
      await app.start();
      // Every event handled before the app lets the database go.
      for (let i = 0; i < 100 && (await app.stats()).unhandledEvents > 0; i++) await new Promise((r) => setTimeout(r, 50));
      return sent.map((s) => s.messageId);
    });
    const recent = await track(['purge', '--older-than', '1d', '--dry-run'], database);
    expect(recent.code, recent.stderr).toBe(0);
    expect(recent.stdout).toBe('Dry run, nothing deleted. Nothing would be deleted: no settled message was last changed more than 1d ago.\n');

    await withSql('SQLite', { database }, (sql) => sql(`UPDATE messages SET changed_at = ${Date.now() - 100 * 86_400_000}`));
    const text = await track(['purge', '--older-than', '90d', '--dry-run'], database);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Dry run, nothing deleted\. A purge now would delete 2 settled messages last changed before \d{4}-\d{2}-\d{2}T[\d:]+Z \(more than 90d ago\), with \d+ history rows and \d+ events\.$/m);
    expect(text.stdout).toMatch(/^1 of them has entries in the audit: the entries stay, and the worklist says when the message was removed\.$/m);
    const preview = ok<Preview>(await track(['purge', '--older-than', '90d', '--dry-run', '--json'], database));
    expect(preview).toMatchObject({ dryRun: true, messages: 2, audited: 1 });
    expect(Date.parse(preview.before)).toBeLessThan(Date.now() - 89 * 86_400_000);
    // Nothing changed: every message is still there.
    const still = ok<{ items: { messageId: string }[] }>(await track(['list', '--json'], database));
    expect(still.items.map((m) => m.messageId).sort()).toEqual([imported, rejected, pending].sort());

    const purged = ok<{ messages: number; histories: number; events: number }>(await track(['purge', '--older-than', '90d', '--json'], database));
    expect(purged).toEqual({ messages: preview.messages, histories: preview.histories, events: preview.events });
    const left = ok<{ items: { messageId: string }[] }>(await track(['list', '--json'], database));
    expect(left.items.map((m) => m.messageId)).toEqual([pending]);
  });
});
