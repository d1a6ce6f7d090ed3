// A message's content as the ledger stores it until the service holds it:
// sealed (AES-256-GCM) under a key of its own, kept in a small table apart.
// The sealed copy may linger in the database's files (dead row versions, the
// write-ahead log, TOAST); erasing destroys the key, and the tracker then
// rewrites the key table and moves the log past it, so no copy of the key is
// left to open them with. See D-TRACKER-24.
import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import type { StoredPayload } from '../model/message-state.js';
import { PIECE_CHARS, eachJsonPiece } from '../../internal/json-pieces.js';
import { JsonFromPieces } from '../../internal/json-from-pieces.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A fresh key for one message. */
export function newMessageKey(): Buffer {
  return randomBytes(32);
}

/** Seals a message's content under its key, bound to its messageId (a sealed copy moved to another row does not open). */
export function seal(payload: StoredPayload, key: Uint8Array, messageId: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(messageId));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed content. @throws when the key or the messageId is not the one it was sealed with, or it was altered. */
export function unseal(sealed: Uint8Array, key: Uint8Array, messageId: string): StoredPayload {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = decipherFor(bytes, key, messageId);
  const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as StoredPayload;
}

/** The decipher of a content whose sealed bytes begin with `head` (its IV, then its tag), bound to its messageId. */
function decipherFor(head: Uint8Array, key: Uint8Array, messageId: string): DecipherGCM {
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(messageId));
  decipher.setAuthTag(head.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return decipher;
}

/**
 * Characters of JSON text per piece of a content sealed in pieces: half the
 * send path's piece. Each piece here is also encrypted and, on the SQLite
 * ledger, written as a row of its own, so a piece of this size holds the
 * event loop about as long as one of the send path's.
 */
export const SEAL_PIECE_CHARS = PIECE_CHARS / 2;

/**
 * Seals a content as {@link seal} does, in pieces: its JSON text is written
 * and encrypted about half a megabyte at a time, the event loop running between
 * pieces, and each piece of the sealed body is handed to `onPiece` in order.
 * Returns the head (IV and tag); head then the pieces, joined, are what
 * `seal` returns and {@link unseal} opens (GCM is a stream cipher: the body
 * is the same whether encrypted whole or in pieces).
 */
export async function sealInPieces(payload: StoredPayload, key: Uint8Array, messageId: string, onPiece: (bytes: Buffer) => void): Promise<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(messageId));
  await eachJsonPiece(
    payload,
    (parts) => {
      // Each text encrypted as it is (GCM is a stream cipher): joined first, it would be copied once more into V8's heap.
      const sealed = parts.map((part) => cipher.update(part, 'utf8'));
      onPiece(sealed.length === 1 ? sealed[0]! : Buffer.concat(sealed));
    },
    SEAL_PIECE_CHARS,
  );
  const last = cipher.final();
  if (last.length > 0) onPiece(last);
  return Buffer.concat([iv, cipher.getAuthTag()]);
}

/** A content sealed in pieces, opened a piece at a time: {@link unsealInPieces}. */
export interface PieceOpener {
  /** Decrypts and reads the next piece of the sealed body, in order. */
  push(piece: Uint8Array): void;
  /** The content. @throws when the key or the messageId is not the one it was sealed with, or a piece was altered or is missing. */
  finish(): StoredPayload;
}

/**
 * Opens a content sealed by {@link sealInPieces} a piece at a time, as
 * {@link unseal} opens it whole: each piece is decrypted and read as it comes
 * (json-from-pieces.ts), so no step handles the whole content, and nothing
 * read is handed on before the tag is checked at the end.
 *
 * @param head - The IV and tag (the row's sealed bytes when its content is in pieces).
 */
export function unsealInPieces(head: Uint8Array, key: Uint8Array, messageId: string): PieceOpener {
  const decipher = decipherFor(head, key, messageId);
  const json = new JsonFromPieces();
  return {
    push: (piece) => json.push(decipher.update(piece)),
    finish: () => {
      json.push(decipher.final());
      return json.finish() as StoredPayload;
    },
  };
}
