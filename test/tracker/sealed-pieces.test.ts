// A large content on the SQLite ledger is sealed and written in pieces, with
// the event loop running between them, before the row that names them; a
// claim opens it a piece at a time; an erase, a deleted row, a duplicate id or a crash
// before the row leaves pieces no row names, and those are swept away.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/tracker/db/open.js';
import { migrate } from '../../src/tracker/db/migrate.js';
import type { SqliteDatabase } from '../../src/tracker/db/sqlite/load.js';
import { newState, type MessageState } from '../../src/tracker/model/message-state.js';
import { begin } from '../../src/tracker/model/transition.js';
import { SqliteStore } from '../../src/tracker/store/sqlite/store.js';
import { DatabaseUnavailableError } from '../../src/tracker/index.js';
import { countTurns } from '../helpers/event-loop-turns.js';
import { openLedgerFile } from './sqlite-ledger.js';
import { SQLITE, eventually, freshLedgerDirectory } from './support.js';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** A store on a new ledger file, and a second connection to look at its tables. */
async function ledger(): Promise<{ store: SqliteStore; look: SqliteDatabase; directory: string; raw: SqliteDatabase }> {
  const directory = freshLedgerDirectory();
  const db = await openDatabase(directory);
  await migrate(db, 'cdms_tracker');
  await db.close();
  const raw = openLedgerFile(directory);
  raw.exec('PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON');
  const look = openLedgerFile(directory, { readOnly: true });
  opened.push(look, raw);
  return { store: new SqliteStore(raw), look, directory, raw };
}

/** A message whose content is `megabytes` of base64 attachments. */
function bigState(megabytes: number, messageId: string = randomUUID()): MessageState {
  const attachments = Array.from({ length: megabytes }, (_, i) => ({ fileName: `part-${i}.pdf`, content: randomBytes(750_000).toString('base64') }));
  return newState(messageId, 'standard', 'sending', Date.now(), { payload: { message: { messageId, attachments }, allowOtherNhsNumbers: true } });
}

const count = (look: SqliteDatabase, sql: string, ...params: string[]): number => Number(look.prepare(sql).get(...params)?.n ?? 0);
const piecesOf = (look: SqliteDatabase): number => count(look, 'SELECT count(*) AS n FROM sealed_pieces');
const rowOf = (look: SqliteDatabase, id: string) => look.prepare('SELECT content_id, length(sealed) AS sealed_bytes FROM messages WHERE message_id = ?').get(id);

describe.skipIf(!SQLITE)('a large content on the SQLite ledger, in pieces', () => {
  it('is written in pieces, a turn of the event loop between them, and a claim opens it whole', async () => {
    const { store, look } = await ledger();
    const state = bigState(4);
    const loop = countTurns();
    expect(await store.insert(state)).not.toBe(false);
    const turns = loop.stop();
    const pieces = piecesOf(look);
    expect(pieces).toBeGreaterThanOrEqual(3);
    // The row holds only the head (IV and tag); the body is in the pieces it names.
    const row = rowOf(look, state.messageId);
    expect(typeof row?.content_id).toBe('string');
    expect(row?.sealed_bytes).toBe(28);
    expect(turns).toBeGreaterThanOrEqual(pieces - 1);
    const opening = countTurns();
    const claimed = await store.claimOne(state.messageId, 'me', new Date(Date.now() + 60_000), new Date());
    // Opened after the claim a piece at a time, the event loop running between them, as it was written.
    expect(opening.stop()).toBeGreaterThanOrEqual(pieces - 1);
    expect(claimed?.payload).toEqual(state.payload);
  });

  it('opens the due contents in pieces after the claim, each whole, and one whose piece was altered as no longer held', async () => {
    const { store, look, directory } = await ledger();
    const [kept, altered] = [bigState(3), bigState(3)];
    for (const state of [kept, altered]) expect(await store.insert({ ...state, dueAt: new Date(Date.now() - 1_000) })).not.toBe(false);
    const alteredId = String(rowOf(look, altered.messageId)?.content_id);
    const writer = openLedgerFile(directory);
    opened.push(writer);
    writer.prepare("UPDATE sealed_pieces SET bytes = zeroblob(length(bytes)) WHERE content_id = ? AND seq = 1").run(alteredId);
    const opening = countTurns();
    const claimed = await store.claimDue('me', new Date(Date.now() + 60_000), new Date(), 10);
    // A turn between the kept content's pieces (the altered one is given up at its bad piece).
    const keptPieces = count(look, 'SELECT count(*) AS n FROM sealed_pieces WHERE content_id = ?', String(rowOf(look, kept.messageId)?.content_id));
    expect(keptPieces).toBeGreaterThanOrEqual(3);
    expect(opening.stop()).toBeGreaterThanOrEqual(keptPieces - 1);
    const byId = new Map(claimed.map((work) => [work.state.messageId, work.state]));
    expect(byId.get(kept.messageId)?.payload).toEqual(kept.payload);
    expect(byId.has(altered.messageId)).toBe(true);
    expect(byId.get(altered.messageId)?.payload).toBeNull();
  });

  it('fails a claim whose pieces cannot be read (the ledger closed while they are opened), rather than calling the content gone', async () => {
    const { store, raw } = await ledger();
    const state = bigState(4);
    expect(await store.insert(state)).not.toBe(false);
    const claiming = store.claimOne(state.messageId, 'me', new Date(Date.now() + 60_000), new Date());
    // The claim's transaction has run; its pieces are being opened a turn at a time.
    await new Promise((resolve) => setImmediate(resolve));
    raw.close();
    opened.splice(opened.indexOf(raw), 1);
    await expect(claiming).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('keeps a small content in its row, with no pieces', async () => {
    const { store, look } = await ledger();
    const state = newState(randomUUID(), 'standard', 'sending', Date.now(), { payload: { message: { note: 'small' } } });
    await store.insert(state);
    expect(piecesOf(look)).toBe(0);
    expect(rowOf(look, state.messageId)?.content_id).toBeNull();
    expect((await store.claimOne(state.messageId, 'me', new Date(Date.now() + 60_000), new Date()))?.payload).toEqual(state.payload);
  });

  it('drops the pieces once the content is erased, and once an unsent row is deleted', async () => {
    const { store, look } = await ledger();
    const erased = bigState(3);
    const deleted = bigState(3);
    await store.insert(erased);
    await store.insert(deleted, { owner: 'me', until: new Date(Date.now() + 60_000), ms: 60_000 });
    expect(piecesOf(look)).toBeGreaterThanOrEqual(4);
    const t = begin(erased);
    t.state.stage = 'following';
    t.state.payload = null;
    expect(await store.save(t, null, new Date())).toBe(true);
    expect(rowOf(look, erased.messageId)?.content_id).toBeNull();
    await store.deleteUnsent(deleted.messageId, 'me');
    // The tracker clears erased keys after an erase (the key shredder calls this): the orphaned pieces go first.
    await store.shredKeys();
    expect(piecesOf(look)).toBe(0);
  });

  it('leaves no pieces behind for a duplicate id, nor for a process that died before writing the row', async () => {
    const { store, look } = await ledger();
    const first = bigState(2);
    await store.insert(first);
    const before = piecesOf(look);
    expect(await store.insert(bigState(2, first.messageId))).toBe(false);
    // The duplicate's pieces are swept at once, without waiting for the next clearing of erased keys.
    await eventually('the duplicate content swept', () => piecesOf(look) === before, 5_000);
    // A crash between the pieces and the row, played: pieces of a content no row names.
    const orphan = randomUUID();
    const writer = opened[1] as SqliteDatabase;
    for (let seq = 0; seq < 3; seq++) writer.prepare('INSERT INTO sealed_pieces (content_id, seq, bytes) VALUES (?, ?, ?)').run(orphan, seq, randomBytes(1000));
    await store.shredKeys();
    expect(piecesOf(look)).toBe(before);
    expect(count(look, 'SELECT count(*) AS n FROM sealed_pieces WHERE content_id = ?', orphan)).toBe(0);
    expect((await store.claimOne(first.messageId, 'me', new Date(Date.now() + 60_000), new Date()))?.payload).toEqual(first.payload);
  });

  it('never sweeps the pieces of a content still being written', async () => {
    const { store, look } = await ledger();
    const state = bigState(6);
    const inserting = store.insert(state);
    // Sweeps while the pieces are being written, between their turns.
    const sweeps: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      sweeps.push(store.shredKeys());
    }
    expect(await inserting).not.toBe(false);
    await Promise.all(sweeps);
    expect(piecesOf(look)).toBeGreaterThanOrEqual(4);
    expect((await store.claimOne(state.messageId, 'me', new Date(Date.now() + 60_000), new Date()))?.payload).toEqual(state.payload);
  });
});
