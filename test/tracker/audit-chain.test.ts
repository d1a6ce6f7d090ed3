// The audit's hash chain on both engines: a chain written by the tracker
// verifies; an entry rewritten by an owner who lifted the append-only rule,
// a deleted entry and a back-dated one are each found, by verifyAudit() and
// by health(); TRUNCATE is refused on PostgreSQL (a DELETE without WHERE
// changes nothing on SQLite); two instances appending at once on one
// PostgreSQL database still leave one unbroken chain.
import { describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { createTracker, type TrackerAuditEntry } from '../../src/tracker/index.js';
import { openDatabase } from '../../src/tracker/db/open.js';
import { migrate } from '../../src/tracker/db/migrate.js';
import type { SqlDriver } from '../../src/tracker/db/driver.js';
import { isSqliteDriver } from '../../src/tracker/db/sqlite/open.js';
import type { LedgerStore } from '../../src/tracker/store/ledger-store.js';
import { storeFor } from '../../src/tracker/store/store-for.js';
import { verifyAudit } from '../../src/tracker/report/audit-verify.js';
import { readAudit } from '../../src/tracker/report/audit.js';
import { chainTime, entryHash } from '../../src/tracker/store/audit-chain.js';
import { ENGINES, databaseFor, type Engine } from './support.js';
import { withSql } from './production/support.js';

interface Ledger {
  db: SqlDriver;
  store: LedgerStore;
  /** The audit table's name, qualified on PostgreSQL. */
  audit: string;
  /** Runs statements as the database's owner would, by hand. */
  sql: (statements: string) => Promise<void>;
}

/** A fresh, migrated ledger of `engine` with its store; closed after `work`. */
async function withLedger(engine: Engine, work: (ledger: Ledger, where: { database: string; schema?: string }) => Promise<void>): Promise<void> {
  const where = databaseFor(engine);
  const schema = where.schema ?? 'cdms_tracker';
  const db = await openDatabase(where.database);
  try {
    await migrate(db, schema);
    const sql = async (statements: string): Promise<void> => {
      if (isSqliteDriver(db)) db.sqlite.exec(statements);
      else await db.query(statements);
    };
    await work({ db, store: storeFor(db, schema), audit: engine === 'SQLite' ? 'audit' : `"${schema}".audit`, sql }, where);
  } finally {
    await db.close();
  }
}

const T0 = Date.parse('2026-03-01T09:00:00Z');

function entry(i: number, at = new Date(T0 + i * 60_000)): Omit<TrackerAuditEntry, 'id'> {
  return {
    at, messageId: crypto.randomUUID(), by: `person-${i}`, action: 'acknowledge', outcome: 'done',
    reason: 'rejected', assignee: null, replacement: null, note: `Phoned the practice (${i}); ünïcödé ✓\nsecond line`, detail: null,
  };
}

async function writeEntries(store: LedgerStore, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) await store.insertAudit(entry(i));
}

/** Statements that lift the append-only rule for `verb` (UPDATE or DELETE), and put it back. */
function lifted(engine: Engine, audit: string, verb: 'UPDATE' | 'DELETE', statement: string): string {
  const name = `audit_no_${verb.toLowerCase()}`;
  if (engine === 'SQLite') {
    return `DROP TRIGGER ${name}; ${statement}; CREATE TRIGGER ${name} BEFORE ${verb} ON audit BEGIN SELECT RAISE(IGNORE); END;`;
  }
  return `ALTER TABLE ${audit} DISABLE RULE ${name}; ${statement}; ALTER TABLE ${audit} ENABLE RULE ${name};`;
}

describe.each(ENGINES)('the audit chain ($engine)', ({ engine, skip }) => {
  it.skipIf(skip)('entries written by the tracker (and by its own statements) verify; the readers see them as before', async () => {
    await withLedger(engine, async ({ store }) => {
      expect(await verifyAudit(store)).toMatchObject({ ok: true, checked: 0, broken: null, head: { seq: 0, hash: '0'.repeat(64) } });
      await writeEntries(store, 3);
      // An acknowledgement's entry is written by the action's own statement (PostgreSQL) or transaction (SQLite).
      const { newState } = await import('../../src/tracker/model/message-state.js');
      const state = newState(crypto.randomUUID(), 'standard', 'following', T0, { attention: 'failed', attentionAt: new Date(T0), attentionRaised: ['failed'] });
      await store.insert(state);
      await store.acknowledge(state.messageId, new Date(T0 + 10 * 60_000), { by: 'alice', note: 'Called.', reason: 'failed' });
      const v = await verifyAudit(store);
      expect(v).toMatchObject({ ok: true, checked: 4, unchained: 0, broken: null, head: { seq: 4 } });
      expect(v.head.hash).toMatch(/^[0-9a-f]{64}$/);
      const page = await readAudit(store, {});
      expect(page.items.map((e) => e.by)).toEqual(['person-1', 'person-2', 'person-3', 'alice']);
      expect(page.items[0]?.note).toBe(entry(1).note);
      const ids = page.items.map((e) => BigInt(e.id));
      expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    });
  });

  it.skipIf(skip)('an entry rewritten by an owner who lifted the rule is found, at that entry', async () => {
    await withLedger(engine, async ({ store, audit, sql }) => {
      await writeEntries(store, 4);
      await sql(lifted(engine, audit, 'UPDATE', `UPDATE ${audit} SET actor = 'mallory' WHERE seq = 2`));
      const rows = await readAudit(store, {});
      expect(rows.items[1]?.by).toBe('mallory');
      const v = await verifyAudit(store);
      expect(v.ok).toBe(false);
      expect(v.broken).toMatchObject({ kind: 'altered', seq: 2, entryId: rows.items[1]?.id });
      expect(v.checked).toBe(1);
    });
  });

  it.skipIf(skip)('an entry rewritten with its hash recomputed still breaks the link to the next one', async () => {
    await withLedger(engine, async ({ store, audit, sql }) => {
      await writeEntries(store, 3);
      const [row] = await store.auditChain(1, 2, 1);
      if (!row) throw new Error('entry 2 is there');
      const forged = entryHash({ ...row, actor: 'mallory' });
      await sql(lifted(engine, audit, 'UPDATE', `UPDATE ${audit} SET actor = 'mallory', hash = '${forged}' WHERE seq = 2`));
      expect((await verifyAudit(store)).broken).toMatchObject({ kind: 'altered', seq: 3 });
    });
  });

  it.skipIf(skip)('a deleted entry is found as missing, in the middle or at the end', async () => {
    await withLedger(engine, async ({ store, audit, sql }) => {
      await writeEntries(store, 4);
      await sql(lifted(engine, audit, 'DELETE', `DELETE FROM ${audit} WHERE seq = 4`));
      expect((await verifyAudit(store)).broken).toMatchObject({ kind: 'missing', seq: 4 });
      await sql(lifted(engine, audit, 'DELETE', `DELETE FROM ${audit} WHERE seq = 2`));
      const v = await verifyAudit(store);
      expect(v.broken).toMatchObject({ kind: 'missing', seq: 2 });
      expect(v.broken?.message).toMatch(/entry 2 is missing/);
    });
  });

  it.skipIf(skip)('a back-dated entry, chained by hand with a correct hash, is found as time running backwards', async () => {
    await withLedger(engine, async ({ store, audit, sql }) => {
      await writeEntries(store, 2);
      const head = await store.auditChainHead();
      const at = T0 - 86_400_000; // the day before the entries it follows
      const forged = {
        seq: 3, at: chainTime(at), messageId: crypto.randomUUID(), actor: 'mallory', action: 'acknowledge', outcome: 'done',
        reason: null, assignee: null, related: null, note: 'Back-dated.', detail: null, prevHash: head.hash,
      };
      const hash = entryHash(forged);
      const values = `'${forged.messageId}', 'mallory', 'acknowledge', 'done', 'Back-dated.', 3, '${head.hash}', '${hash}'`;
      await sql(
        engine === 'SQLite'
          ? `INSERT INTO audit (at, message_id, actor, action, outcome, note, seq, prev_hash, hash) VALUES (${at}, ${values});
             UPDATE audit_head SET seq = 3, hash = '${hash}'`
          : `ALTER TABLE ${audit} DISABLE TRIGGER audit_chain;
             INSERT INTO ${audit} (id, at, message_id, actor, action, outcome, note, seq, prev_hash, hash)
               VALUES (nextval(pg_get_serial_sequence('${audit}', 'id')), '${new Date(at).toISOString()}', ${values});
             ALTER TABLE ${audit} ENABLE TRIGGER audit_chain;
             UPDATE ${audit}_head SET seq = 3, hash = '${hash}'`,
      );
      expect((await verifyAudit(store)).broken).toMatchObject({ kind: 'backwards', seq: 3 });
    });
  });

  it.skipIf(skip)('an entry the tracker writes dated before the last one takes its time, so the chain never runs backwards', async () => {
    await withLedger(engine, async ({ store }) => {
      await writeEntries(store, 2);
      await store.insertAudit(entry(3, new Date(T0)));
      const items = (await readAudit(store, {})).items;
      expect(items[2]?.at.getTime()).toBe(items[1]?.at.getTime());
      expect(await verifyAudit(store)).toMatchObject({ ok: true, checked: 3 });
    });
  });

  it.skipIf(skip)(engine === 'SQLite' ? 'a DELETE without WHERE changes nothing' : 'TRUNCATE is refused, as UPDATE and DELETE change nothing', async () => {
    await withLedger(engine, async ({ store, audit, sql }, where) => {
      await writeEntries(store, 2);
      await sql(`DELETE FROM ${audit}`);
      if (engine === 'PostgreSQL') {
        // A client of its own, so the server's words are seen (the tracker's driver names only the SQLSTATE).
        await withSql(engine, where, async (raw) => {
          await expect(raw('TRUNCATE $schema.audit')).rejects.toThrow(/The audit is append-only: TRUNCATE of .*audit is refused/);
          await expect(raw('TRUNCATE $schema.audit_head')).rejects.toThrow(/append-only: TRUNCATE/);
          await expect(raw('TRUNCATE $schema.audit CASCADE')).rejects.toThrow(/append-only: TRUNCATE/);
        });
      }
      expect((await readAudit(store, {})).items).toHaveLength(2);
      expect(await verifyAudit(store)).toMatchObject({ ok: true, checked: 2 });
    });
  });

  it.skipIf(skip)("health() warns (audit-chain-broken) once an entry is rewritten, and not before", async () => {
    await withLedger(engine, async ({ db, store, audit, sql }, where) => {
      await writeEntries(store, 3);
      // The embedded ledger has one owner: the tracker opens it once this connection lets it go.
      const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:65530', apiKey: 'not-used' });
      const healthCodes = async (): Promise<string[]> => {
        if (engine === 'SQLite') await db.close();
        const tracker = await createTracker({ client, ...where });
        try {
          return (await tracker.health()).reasons.map((r) => `${r.code}:${r.severity}`);
        } finally {
          await tracker.close();
        }
      };
      expect(await healthCodes()).not.toContain('audit-chain-broken:warning');
      const again = engine === 'SQLite' ? await openDatabase(where.database) : db;
      try {
        const tamper = isSqliteDriver(again) ? (s: string) => Promise.resolve(again.sqlite.exec(s)) : sql;
        await tamper(lifted(engine, audit, 'UPDATE', `UPDATE ${audit} SET note = 'rewritten' WHERE seq = 1`));
      } finally {
        if (engine === 'SQLite') await again.close();
      }
      expect(await healthCodes()).toContain('audit-chain-broken:warning');
    });
  });

  it.skipIf(skip || engine === 'SQLite')('two instances appending at once on one database leave one unbroken chain', async () => {
    await withLedger(engine, async ({ store }, where) => {
      const other = await openDatabase(where.database);
      try {
        const second = storeFor(other, where.schema ?? 'cdms_tracker');
        const n = 20;
        await Promise.all(
          Array.from({ length: n }, (_, i) => [store.insertAudit(entry(i)), second.insertAudit(entry(i))]).flat(),
        );
        const v = await verifyAudit(store);
        expect(v).toMatchObject({ ok: true, checked: 2 * n, head: { seq: 2 * n } });
      } finally {
        await other.close();
      }
    });
  });
});
