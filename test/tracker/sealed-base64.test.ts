// A content as PostgreSQL keeps it (base64 text of the sealed bytes) is made
// and opened a piece per turn of the event loop: the text is what sealing
// whole and encoding would give, any text written whole still opens, and an
// altered text does not.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from '../../src/tracker/db/open.js';
import { migrate } from '../../src/tracker/db/migrate.js';
import { newState, type MessageState, type StoredPayload } from '../../src/tracker/model/message-state.js';
import { storeFor } from '../../src/tracker/store/store-for.js';
import { newMessageKey, seal, unseal } from '../../src/tracker/store/sealed-payload.js';
import { SEAL_PIECE_CHARS } from '../../src/tracker/store/sealed-payload.js';
import { Base64AfterHead, openedInPieces, sealToBase64, unsealBase64 } from '../../src/tracker/store/sealed-base64.js';
import { countTurns } from '../helpers/event-loop-turns.js';
import { freshSchema } from './support.js';
import type * as SealedPayload from '../../src/tracker/store/sealed-payload.js';

// The size of every content opened whole (the real function, observed): a large one never is.
const openedWhole = vi.hoisted(() => [] as number[]);
vi.mock('../../src/tracker/store/sealed-payload.js', async (importOriginal) => {
  const real = await importOriginal<typeof SealedPayload>();
  return {
    ...real,
    unseal: (...args: Parameters<typeof real.unseal>) => {
      openedWhole.push(args[0].length);
      return real.unseal(...args);
    },
  };
});

/** A content whose JSON is about `chars` characters, a long base64 string in it. */
function payloadOf(chars: number, messageId: string): StoredPayload {
  const content = randomBytes(Math.ceil((chars * 3) / 4)).toString('base64').slice(0, chars);
  return { message: { messageId, body: { content: 'Discharged home. é 😀' }, attachments: [{ fileName: 'a.pdf', content }] }, allowOtherNhsNumbers: true };
}

describe('a sealed content as base64 text, made and opened in pieces', () => {
  it('encodes a head and a body given in pieces of any size as the base64 of the two joined, whatever the head leaves of its last group', async () => {
    for (const headBytes of [27, 28, 29]) {
      for (const sizes of [[1], [2], [5, 1, 3], [1_000], [64 * 1024 + 1]]) {
        const head = randomBytes(headBytes);
        const body = randomBytes(70_003);
        const text = new Base64AfterHead(headBytes);
        for (let at = 0, i = 0; at < body.length; i++) {
          const size = sizes[i % sizes.length] ?? 1;
          text.push(body.subarray(at, at + size));
          at += size;
        }
        expect((await text.finish(head)).toString('latin1')).toBe(Buffer.concat([head, body]).toString('base64'));
      }
      const short = new Base64AfterHead(headBytes);
      short.push(Buffer.from([7]));
      const head = randomBytes(headBytes);
      expect((await short.finish(head)).toString('latin1')).toBe(Buffer.concat([head, Buffer.from([7])]).toString('base64'));
    }
  });

  it('decodes to bytes that open to the content, at every size around the pieces and the groups of three', async () => {
    const messageId = randomUUID();
    for (const chars of [0, 1, 2, 3, 50, SEAL_PIECE_CHARS - 1, SEAL_PIECE_CHARS, SEAL_PIECE_CHARS + 1, 3 * SEAL_PIECE_CHARS + 2]) {
      const payload = payloadOf(chars, messageId);
      const key = newMessageKey();
      const text = (await sealToBase64(payload, key, messageId)).toString('latin1');
      expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      expect(unseal(Buffer.from(text, 'base64'), key, messageId)).toEqual(payload);
      expect(await unsealBase64(text, key, messageId)).toEqual(payload);
    }
  });

  it('seals and opens a large content with turns of the event loop between its pieces', async () => {
    const messageId = randomUUID();
    const payload = payloadOf(6 * SEAL_PIECE_CHARS, messageId);
    const key = newMessageKey();
    const sealing = countTurns();
    const text = (await sealToBase64(payload, key, messageId)).toString('latin1');
    expect(sealing.stop()).toBeGreaterThanOrEqual(5);
    expect(openedInPieces(text)).toBe(true);
    const opening = countTurns();
    expect(await unsealBase64(text, key, messageId)).toEqual(payload);
    expect(opening.stop()).toBeGreaterThanOrEqual(5);
  });

  it('opens a content sealed whole and encoded (a row written before), and refuses an altered text, another key or another message', async () => {
    const messageId = randomUUID();
    const payload = payloadOf(4 * SEAL_PIECE_CHARS, messageId);
    const key = newMessageKey();
    const whole = seal(payload, key, messageId).toString('base64');
    expect(await unsealBase64(whole, key, messageId)).toEqual(payload);
    const altered = `${whole.slice(0, 2_000_000)}${whole[2_000_000] === 'A' ? 'B' : 'A'}${whole.slice(2_000_001)}`;
    await expect(unsealBase64(altered, key, messageId)).rejects.toThrow();
    await expect(unsealBase64(whole, newMessageKey(), messageId)).rejects.toThrow();
    await expect(unsealBase64(whole, key, randomUUID())).rejects.toThrow();
    const small = (await sealToBase64(payloadOf(10, messageId), key, messageId)).toString('latin1').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await expect(unsealBase64(small, key, messageId)).rejects.toThrow();
  });
});

describe.skipIf(inject('postgresUrl') === '')('a large content on PostgreSQL', () => {
  it('is written and claimed whole, and one altered in its row is claimed with no content', async () => {
    const schema = freshSchema();
    const db = await openDatabase(inject('postgresUrl'));
    try {
      await migrate(db, schema);
      const store = storeFor(db, schema);
      const state = (payload: (id: string) => StoredPayload): MessageState => {
        const messageId = randomUUID();
        return { ...newState(messageId, 'standard', 'sending', Date.now(), { payload: payload(messageId) }), dueAt: new Date(Date.now() - 1_000) };
      };
      const [kept, altered] = [state((id) => payloadOf(4 * SEAL_PIECE_CHARS, id)), state((id) => payloadOf(4 * SEAL_PIECE_CHARS, id))];
      for (const s of [kept, altered]) expect(await store.insert(s)).not.toBe(false);
      await db.query(`UPDATE ${schema}.messages SET sealed = overlay(sealed placing 'AAAA' from 1000000 for 4) WHERE message_id = $1`, [altered.messageId]);
      openedWhole.length = 0;
      const claimed = await store.claimDue('me', new Date(Date.now() + 60_000), new Date(), 10);
      // Opened after the claim a piece per turn, as the SQLite ledger's pieces are: never whole.
      expect(openedWhole.filter((bytes) => bytes > SEAL_PIECE_CHARS)).toEqual([]);
      const byId = new Map(claimed.map((work) => [work.state.messageId, work.state]));
      expect(byId.get(kept.messageId)?.payload).toEqual(kept.payload);
      expect(byId.has(altered.messageId)).toBe(true);
      expect(byId.get(altered.messageId)?.payload).toBeNull();
      await store.release(kept.messageId, 'me');
      expect((await store.claimOne(kept.messageId, 'me', new Date(Date.now() + 60_000), new Date()))?.payload).toEqual(kept.payload);
      expect(openedWhole.filter((bytes) => bytes > SEAL_PIECE_CHARS)).toEqual([]);
    } finally {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  });
});
