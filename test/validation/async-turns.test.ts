// The send path's validation lets the event loop run once for each piece's
// worth (PIECE_CHARS, 1 MiB) of attachment content checked, counted from the
// last turn: not for less, and the count starts again after each turn. The
// attachments here are about a megabyte, not the several of the send suites,
// so this runs in the mutation tests too.
import { describe, expect, it } from 'vitest';
import { PIECE_CHARS } from '../../src/internal/json-pieces.js';
import { validateMessage } from '../../src/index.js';
import { validateMessageKeepingAsync } from '../../src/validation/message.js';
import { countTurns } from '../helpers/event-loop-turns.js';
import { NOW, messageFor, patch } from './fixtures.js';

/** A PDF's base64 of exactly `chars` characters (a multiple of 4). */
const pdfOfChars = (chars: number) => {
  const bytes = Buffer.alloc((chars / 4) * 3, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes.toString('base64');
};
const withContents = (...chars: number[]) =>
  patch(messageFor('standard'), 'attachments', chars.map((n, i) => ({ mimeType: 'application/pdf', fileName: `p${i}.pdf`, content: pdfOfChars(n) })));

async function turnsDuring(message: unknown): Promise<number> {
  const loop = countTurns();
  const result = await validateMessageKeepingAsync(message, { route: 'standard', now: NOW });
  expect(result).toEqual(validateMessage(message, { route: 'standard', now: NOW }));
  return loop.stop();
}

describe('validateMessageKeepingAsync', () => {
  it('takes no turn for content just under a piece, and one at a piece exactly', async () => {
    expect(pdfOfChars(PIECE_CHARS)).toHaveLength(PIECE_CHARS);
    expect(await turnsDuring(withContents(PIECE_CHARS - 4))).toBe(0);
    expect(await turnsDuring(withContents(PIECE_CHARS))).toBe(1);
  });

  it('adds up attachments until a piece, then counts again from 0', async () => {
    const six = (PIECE_CHARS / 10) * 6 - ((PIECE_CHARS / 10) * 6) % 4;
    expect(await turnsDuring(withContents(six, six, six))).toBe(1);
    expect(await turnsDuring(withContents(six, six, six, six))).toBe(2);
  });
});
