// A sealed content as PostgreSQL keeps it: the bytes `seal` makes (IV, tag,
// body), as base64 text in the row (written as that text's bytes). Made and opened a piece at a time, as the
// SQLite ledger's pieces are (sealed-pieces.ts), so a message with ten 5 MB
// attachments (about 90 MB of base64) never holds the event loop for the
// whole of its JSON text, encryption or encoding: sealed whole, one tracked
// send of it held the event loop 710 ms before its request left.
//
// Base64 encodes three bytes as four characters, so the text of the whole is
// the texts of its parts joined wherever each part but the last is a whole
// number of three-byte groups. The head (28 bytes) is known only once the
// body is written (its tag), and with the body's first two bytes it makes
// 30: so those two wait for the head, and the rest of the body is encoded as
// it comes.
import { nextTurn } from '../../internal/json-pieces.js';
import type { StoredPayload } from '../model/message-state.js';
import { sealInPieces, unseal, unsealInPieces } from './sealed-payload.js';

/** Bytes of the head (IV and tag) before the body. */
const HEAD_BYTES = 28;
/** Body bytes that join the head to make whole groups (28 + 2 = 30 = 10 x 3). */
const HEAD_TAIL = 2;
/** Base64 characters of the head and those two bytes. */
const FIRST_CHARS = ((HEAD_BYTES + HEAD_TAIL) / 3) * 4;
/** Characters opened per turn of the event loop: 384 kB of sealed bytes (a whole number of groups). */
const OPEN_CHARS = 1 << 19;

/**
 * Seals a content under its key (bound to its messageId) as base64 text, a
 * piece per turn of the event loop: the bytes (ASCII) of the text
 * `seal(payload, key, messageId).toString('base64')` gives. Bytes, not a
 * string: the PostgreSQL driver sends bytes as they are, where it would
 * flatten and encode a 90 MB string in one go (180 ms on the 2-core
 * machine); the parts are joined here a few megabytes per turn.
 */
export async function sealToBase64(payload: StoredPayload, key: Uint8Array, messageId: string): Promise<Buffer> {
  const texts: Buffer[] = [];
  // The body's first two bytes, once written (they wait for the head), and the bytes short of a whole group.
  const left: { early: Buffer | null; carry: Buffer } = { early: null, carry: Buffer.alloc(0) };
  const head = await sealInPieces(payload, key, messageId, (bytes) => {
    let rest = left.carry.length > 0 ? Buffer.concat([left.carry, bytes]) : bytes;
    if (left.early === null) {
      if (rest.length < HEAD_TAIL) {
        left.carry = Buffer.from(rest);
        return;
      }
      left.early = Buffer.from(rest.subarray(0, HEAD_TAIL));
      rest = rest.subarray(HEAD_TAIL);
    }
    const whole = rest.length - (rest.length % 3);
    texts.push(Buffer.from(rest.toString('base64', 0, whole), 'latin1'));
    left.carry = Buffer.from(rest.subarray(whole));
  });
  const ascii = (bytes: Buffer): Buffer => Buffer.from(bytes.toString('base64'), 'latin1');
  if (left.early === null) return ascii(Buffer.concat([head, left.carry]));
  return joinInTurns([ascii(Buffer.concat([head, left.early])), ...texts, ascii(left.carry)]);
}

/** Bytes copied per turn of the event loop while joining. */
const JOIN_BYTES = 4 << 20;

/** The parts as one buffer, copied a few megabytes per turn of the event loop (one Buffer.concat of 90 MB held it 90 ms). */
async function joinInTurns(parts: readonly Buffer[]): Promise<Buffer> {
  // Every byte is written below before the buffer is used, so it needs no zeroing.
  const all = Buffer.allocUnsafe(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  let sinceTurn = 0;
  for (const part of parts) {
    if (sinceTurn >= JOIN_BYTES) {
      sinceTurn = 0;
      await nextTurn();
    }
    part.copy(all, at);
    at += part.length;
    sinceTurn += part.length;
  }
  return all;
}

/**
 * Opens base64 text made by {@link sealToBase64} (or `seal` and base64), a
 * piece per turn of the event loop when it is long (unsealInPieces).
 *
 * @throws when the key or the messageId is not the one it was sealed with, or the text was altered.
 */
export async function unsealBase64(text: string, key: Uint8Array, messageId: string): Promise<StoredPayload> {
  if (text.length <= FIRST_CHARS + OPEN_CHARS) return unseal(Buffer.from(text, 'base64'), key, messageId);
  const first = Buffer.from(text.slice(0, FIRST_CHARS), 'base64');
  const opener = unsealInPieces(first.subarray(0, HEAD_BYTES), key, messageId);
  opener.push(first.subarray(HEAD_BYTES));
  for (let at = FIRST_CHARS; at < text.length; at += OPEN_CHARS) {
    await nextTurn();
    opener.push(Buffer.from(text.slice(at, at + OPEN_CHARS), 'base64'));
  }
  return opener.finish();
}

/** Whether a row's base64 content is long enough to be opened after its read, a piece per turn ({@link unsealBase64}). */
export const openedInPieces = (text: unknown): text is string => typeof text === 'string' && text.length > FIRST_CHARS + OPEN_CHARS;
