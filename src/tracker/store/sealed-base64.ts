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
/** Base64 characters of the head and the body's first bytes that complete its last group (28 + 2 = 30 = 10 x 3). */
const FIRST_CHARS = Math.ceil(HEAD_BYTES / 3) * 4;
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
  const text = new Base64AfterHead(HEAD_BYTES);
  const head = await sealInPieces(payload, key, messageId, (bytes) => text.push(bytes));
  return text.finish(head);
}

/**
 * Base64 of a head then a body, the body given a piece at a time and encoded
 * as it comes (in parts of whole three-byte groups), the head given last:
 * its size is known from the start, its bytes only at the end. Internal.
 */
export class Base64AfterHead {
  /** The body's first bytes, which make whole groups with the head: they wait for it. */
  readonly #headTail: number;
  #early: Buffer | null = null;
  /** Body bytes short of a whole group, waiting for the next piece. */
  #carry = Buffer.alloc(0);
  readonly #parts: Buffer[] = [];

  constructor(headBytes: number) {
    this.#headTail = (3 - (headBytes % 3)) % 3;
  }

  /** The next piece of the body. */
  push(bytes: Buffer): void {
    let rest = this.#carry.length > 0 ? Buffer.concat([this.#carry, bytes]) : bytes;
    if (this.#early === null) {
      if (rest.length < this.#headTail) {
        this.#carry = Buffer.from(rest);
        return;
      }
      this.#early = Buffer.from(rest.subarray(0, this.#headTail));
      rest = rest.subarray(this.#headTail);
    }
    const whole = rest.length - (rest.length % 3);
    this.#parts.push(ascii(rest.subarray(0, whole)));
    this.#carry = Buffer.from(rest.subarray(whole));
  }

  /** The text's bytes (ASCII): the head's, then the body's, joined a few megabytes per turn of the event loop. */
  finish(head: Buffer): Promise<Buffer> {
    if (this.#early === null) return Promise.resolve(ascii(Buffer.concat([head, this.#carry])));
    return joinInTurns([ascii(Buffer.concat([head, this.#early])), ...this.#parts, ascii(this.#carry)]);
  }
}

/** The base64 text of some bytes, as its bytes. */
const ascii = (bytes: Buffer): Buffer => Buffer.from(bytes.toString('base64'), 'latin1');

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
