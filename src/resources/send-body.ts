// The body of a send, made once for all its attempts. A small message is one
// string, made in one go as it always was (the cheapest for the common send).
// A large one (ten 5 MB attachments are about 67 MB of JSON) is made in
// pieces with the event loop running between them: stringified a piece at a
// time (eachJsonPiece), each piece encoded to UTF-8 on its own, the pieces
// gathered into one Blob. As one string, the JSON.stringify, then fetch's
// UTF-8 encoding of the whole text, then ky's clone of the request (one
// 67 MB copy of its single chunk) each held the event loop for hundreds of
// milliseconds. A Blob of Blobs is joined without a copy, fetch sends it with
// its Content-Length (blob.size) from a stream of small chunks, ky's clone
// tees that stream chunk by chunk, and every attempt (a retry, a resend
// after recovery) reads the same bytes again from the same Blob.
import { isRecord } from '../internal/is-record.js';
import { eachJsonPiece } from '../internal/json-pieces.js';
import { serialiseWireMessage } from './wire-body.js';

/** A send's request body: the JSON text, or for a large message a Blob of its UTF-8 bytes. */
export type SendBody = string | Blob;

/** From this many characters of attachment and body content on, the body is made in pieces (about 1 MiB of JSON). */
export const LARGE_BODY_CHARS = 1 << 20;

/**
 * The body of a send: exactly the bytes of `JSON.stringify(wire)` in UTF-8.
 * Below {@link LARGE_BODY_CHARS} of content, the text itself (see
 * {@link serialiseWireMessage}); from there on, a Blob made in pieces with a
 * turn of the event loop between them.
 *
 * @param wire - The plain-data copy of the message that goes on the wire; nobody else holds it, so it cannot change between pieces.
 * @param contentValidated - True only when local validation has just passed this very object.
 * @param onPiece - Called as each piece is added (tests count the turns between pieces with it).
 */
export async function sendBodyOf(wire: unknown, contentValidated: boolean, onPiece?: () => void): Promise<SendBody> {
  if (contentChars(wire) < LARGE_BODY_CHARS) return serialiseWireMessage(wire, contentValidated);
  const parts: Blob[] = [];
  await eachJsonPiece(wire, (piece) => {
    // A Blob per piece encodes and copies about 1 MiB; the Blob of Blobs below refers to them without another copy.
    parts.push(new Blob([piece]));
    onPiece?.();
  });
  return new Blob(parts);
}

/** Characters of content a wire message carries: its attachments' and its body's, which make nearly all of its size. */
function contentChars(wire: unknown): number {
  if (!isRecord(wire)) return 0;
  let chars = lengthOfContent(wire.body);
  if (Array.isArray(wire.attachments)) for (const attachment of wire.attachments as unknown[]) chars += lengthOfContent(attachment);
  return chars;
}

function lengthOfContent(part: unknown): number {
  return isRecord(part) && typeof part.content === 'string' ? part.content.length : 0;
}
