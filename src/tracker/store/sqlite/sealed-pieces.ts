// A message's sealed content on the SQLite ledger, written without holding
// the event loop. node:sqlite is synchronous: one INSERT of a 67 MB content
// (a message with ten 5 MB attachments) held the main thread for a second or
// more, and the commit after it for as long again while SQLite copied the
// log into the database. Here the content is sealed and written about a
// megabyte at a time, each piece by a small statement of its own with a turn
// of the event loop between them, before the row that names the pieces
// (D-TRACKER-41). A content of one piece (most messages) stays in the row.
//
// Pieces without a row are harmless: they are ciphertext whose key was never
// written (a process that died while writing) or has been destroyed (an
// erased or deleted message). `PieceSweeper` drops them, one piece at a
// time, after each erase and at the start, skipping the contents still
// being written (one process owns the ledger, so that set is all of them).
import { randomUUID } from 'node:crypto';
import type { SqlRow } from '../../db/driver.js';
import type { MessageState, StoredPayload } from '../../model/message-state.js';
import { nextTurn } from '../../../internal/json-pieces.js';
import { newMessageKey, sealInPieces, unsealInPieces } from '../sealed-payload.js';
import type { SqliteConnection } from './connection.js';
import { withoutZeroingSealed } from './erase-sealed.js';
import { PIECES } from './sql.js';
import { CdmsError } from '../../../core/errors/cdms-error.js';

/** A content sealed for its row: the sealed bytes the row holds (all of them, or only the head when `contentId` names pieces), and its key. */
export interface SealedForRow {
  sealed: Buffer | null;
  key: Buffer | null;
  contentId: string | null;
}

/** No content: nothing sealed. */
export const NOTHING_SEALED: SealedForRow = { sealed: null, key: null, contentId: null };

/**
 * Seals a message's content under a new key: in the row when it is one
 * piece, else its pieces written now (each its own statement, a turn of the
 * event loop between them) and their id returned for the row. `writing`
 * holds the id until the caller has written the row (`done`), so the sweeper
 * leaves those pieces alone meanwhile.
 */
export async function sealForRow(c: SqliteConnection, s: MessageState, writing: Set<string>): Promise<SealedForRow> {
  if (s.payload === null) return NOTHING_SEALED;
  const key = newMessageKey();
  let first: Buffer | undefined;
  let contentId: string | null = null;
  let seq = 0;
  const put = (bytes: Buffer): void => {
    c.run(PIECES.insert, { content_id: contentId, seq: seq++, bytes });
    c.checkpointSoon();
  };
  try {
    const head = await sealInPieces(s.payload, key, s.messageId, (bytes) => {
      if (contentId === null && first === undefined) {
        first = bytes;
        return;
      }
      if (contentId === null) {
        contentId = randomUUID();
        writing.add(contentId);
        c.beginLarge();
        put(first ?? Buffer.alloc(0));
        first = undefined;
      }
      put(bytes);
    });
    if (contentId === null) return { sealed: Buffer.concat([head, first ?? Buffer.alloc(0)]), key, contentId: null };
    return { sealed: head, key, contentId };
  } catch (error) {
    // Pieces written before a failure (a full disk) have no row and their key is gone with this call: the sweeper drops them.
    if (contentId !== null) writing.delete(contentId);
    throw error;
  } finally {
    if (contentId !== null) c.endLarge();
  }
}

/** Whether a claimed row's content is in pieces: opened after the claim by {@link openPieces}, not with the row. */
export const inPieces = (row: SqlRow): boolean => typeof row.content_id === 'string' && row.sealed instanceof Uint8Array;

/**
 * A claimed row's content that is in pieces, opened a piece per turn of the
 * event loop: each piece read by a statement of its own and decrypted as it
 * comes (unsealInPieces), as sealForRow wrote them. Null when it cannot be
 * opened (a piece gone or altered, its key destroyed meanwhile), as for a
 * row sealed whole (rows.ts).
 */
export async function openPieces(c: SqliteConnection, row: SqlRow): Promise<StoredPayload | null> {
  if (!(row.sealed instanceof Uint8Array && row.payload_key instanceof Uint8Array)) return null;
  const opener = unsealInPieces(row.sealed, row.payload_key, String(row.message_id));
  try {
    for (let seq = 0; ; seq++) {
      // A failure to read (the disk, the ledger closed) is the caller's, as for any statement.
      const piece = readPiece(c, String(row.content_id), seq);
      if (piece === undefined) return opener.finish();
      opener.push(piece);
      await nextTurn();
    }
  } catch (error) {
    // The statement's failures come as the SDK's own errors; a piece that does not decrypt or read as JSON does not.
    if (error instanceof CdmsError) throw error;
    // Altered or incomplete: treated as no longer held, as a row sealed whole is (rows.ts).
    return null;
  }
}

/** Piece `seq` of a content, or undefined past its last. */
function readPiece(c: SqliteConnection, contentId: string, seq: number): Uint8Array | undefined {
  const bytes = c.get(PIECES.readOne, { content_id: contentId, seq })?.bytes;
  return bytes instanceof Uint8Array ? bytes : undefined;
}

/**
 * Drops the pieces no row names, one piece per turn of the event loop, with
 * freed pages left unzeroed (their key is gone: erase-sealed.ts). One sweep
 * at a time; a sweep asked for during one runs again after it.
 */
export class PieceSweeper {
  readonly #c: SqliteConnection;
  readonly #writing: Set<string>;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(c: SqliteConnection, writing: Set<string>) {
    this.#c = c;
    this.#writing = writing;
  }

  /** Starts a sweep (or one more after the running one); resolves when the pieces it found are dropped. A failure (the disk refusing) is left for the next sweep. */
  sweep(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#sweepUntilDone().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #sweepUntilDone(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#sweepOnce();
      } catch {
        // The disk refused (full, read-only) or the ledger closed: the pieces stay until the next sweep, unreadable without their key.
        return;
      }
    } while (this.#again);
  }

  async #sweepOnce(): Promise<void> {
    const orphans = this.#c.all(PIECES.orphans).map((r) => String(r.content_id)).filter((id) => !this.#writing.has(id));
    for (const contentId of orphans) {
      while (withoutZeroingSealed(this.#c, true, () => this.#c.run(PIECES.dropOne, { content_id: contentId })) > 0) await nextTurn();
    }
  }
}
