// The body of a send, made once for all its attempts. A small message is one
// string, made in one go as it always was (the cheapest for the common send).
// A large one (ten 5 MB attachments are about 67 MB of JSON) is made in
// pieces with the event loop running between them: stringified a piece at a
// time (eachJsonPiece), each piece encoded to UTF-8 on its own, the pieces
// gathered into one Blob. As one string, the JSON.stringify, then fetch's
// UTF-8 encoding of the whole text, then ky's clone of the request (one
// 67 MB copy of its single chunk) each held the event loop for hundreds of
// milliseconds. Validated base64 goes in slices as it is, unescaped (as
// serialiseWireMessage places it); anything else is stringified piece by
// piece. A Blob of Blobs is joined without a copy, fetch sends it with
// its Content-Length (blob.size) from a stream of small chunks, ky's clone
// tees that stream chunk by chunk, and every attempt (a retry, a resend
// after recovery) reads the same bytes again from the same Blob.
import { isRecord } from '../internal/is-record.js';
import { PIECE_CHARS, eachJsonPiece, endOffPair, nextTurn } from '../internal/json-pieces.js';
import { serialiseWireMessage, verbatimParts } from './wire-body.js';

/** A send's request body: the JSON text, or for a large message a Blob of its UTF-8 bytes. */
export type SendBody = string | Blob;

/** From this many characters of attachment and body content on, the body is made in pieces (about 1 MiB of JSON). */
export const LARGE_BODY_CHARS = PIECE_CHARS;

/**
 * The body of a send: exactly the bytes of `JSON.stringify(wire)` in UTF-8.
 * Below {@link LARGE_BODY_CHARS} of content, the text itself (see
 * {@link serialiseWireMessage}); from there on, a Blob made in pieces with a
 * turn of the event loop between them.
 *
 * @param wire - The plain-data copy of the message that goes on the wire; nobody else holds it, so it cannot change between pieces.
 * @param contentValidated - True only when local validation has just passed this very object.
 * @param onPiece - Called with each piece's length in characters as it is added (tests count the turns between pieces with it).
 */
export async function sendBodyOf(wire: unknown, contentValidated: boolean, onPiece?: (chars: number) => void): Promise<SendBody> {
  if (contentChars(wire) < LARGE_BODY_CHARS) return serialiseWireMessage(wire, contentValidated);
  const blobs: Blob[] = [];
  const add = (piece: string | string[]) => {
    // A Blob per piece encodes and copies about 1 MiB; the Blob of Blobs below refers to them without another copy.
    // Given as its texts (slices of the contents), a piece is never joined into one string first: that
    // would copy each megabyte once more into V8's heap, whose large-object space then fills a full
    // collection sooner.
    const texts = typeof piece === 'string' ? [piece] : piece;
    blobs.push(new Blob(texts));
    onPiece?.(texts.reduce((chars, text) => chars + text.length, 0));
  };
  const parts = contentValidated ? verbatimParts(wire) : undefined;
  if (parts) await eachVerbatimPiece(parts, add);
  else await eachJsonPiece(wire, add);
  return new Blob(blobs);
}

/**
 * The pieces of a validated message's text, a turn of the event loop after
 * each: validated base64 needs no escaping, so its slices go as they are
 * (as in serialiseWireMessage), saving JSON.stringify's look at every
 * character of tens of megabytes.
 */
async function eachVerbatimPiece({ around, contents }: { around: string[]; contents: string[] }, add: (piece: string[]) => void): Promise<void> {
  let pending: string[] = [];
  let pendingChars = 0;
  // Each text goes in as much as fills the piece (a whole text added to what is pending could nearly double
  // it), never cut between the two halves of a surrogate pair: each text of a piece is encoded on its own.
  const append = async (text: string): Promise<void> => {
    for (let start = 0; start < text.length; ) {
      const end = endOffPair(text, start, Math.min(text.length, start + Math.max(1, PIECE_CHARS - pendingChars)));
      pending.push(start === 0 && end === text.length ? text : text.slice(start, end));
      pendingChars += end - start;
      start = end;
      if (pendingChars < PIECE_CHARS) continue;
      add(pending);
      pending = [];
      pendingChars = 0;
      await nextTurn();
    }
  };
  await append(around[0]!);
  for (let i = 0; i < contents.length; i++) {
    await append('"');
    await append(contents[i]!);
    await append('"');
    await append(around[i + 1]!);
  }
  if (pendingChars > 0) add(pending);
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
