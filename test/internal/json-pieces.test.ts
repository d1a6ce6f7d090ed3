import { describe, expect, it } from 'vitest';
import { assertJsonable, eachJsonPiece, jsonPieceParts, jsonPieces } from '../../src/internal/json-pieces.js';
import { countTurns } from '../helpers/event-loop-turns.js';

const LONG = 1 << 16;
const joined = (value: unknown, pieceChars?: number): string => [...jsonPieces(value, pieceChars)].join('');

/** A long string whose slices would fall between the halves of surrogate pairs, with characters JSON must escape. */
function awkwardText(length: number): string {
  const parts = ['"', '\\', '\n', '\u0001', '\u2028', 'é', '😀', 'a', '\ud800'];
  let text = '';
  let i = 0;
  while (text.length < length) text += parts[i++ % parts.length];
  return text;
}

describe('jsonPieces', () => {
  it('joins to exactly what JSON.stringify writes, for a message with long base64 contents', () => {
    const content = Buffer.alloc(3 * LONG, 0x5a).toString('base64');
    const message = {
      messageId: 'x',
      attachments: [
        { fileName: 'a.pdf', content, mimeType: 'application/pdf' },
        { fileName: 'b.pdf', content: content.slice(7), extra: undefined, fn: () => 1 },
      ],
      sparse: [1, undefined, () => 2, Symbol('s'), null],
      when: new Date(0),
      nested: { deeper: { text: content } },
    };
    expect(joined(message)).toBe(JSON.stringify(message));
    expect(joined(message, LONG)).toBe(JSON.stringify(message));
  });

  it('never cuts a surrogate pair: the halves stay together, lone surrogates are escaped as JSON.stringify escapes them', () => {
    // A pair straddling the first slice's end exactly.
    const straddling = `${'a'.repeat(LONG - 1)}😀${'b'.repeat(LONG)}`;
    expect(joined(straddling, LONG)).toBe(JSON.stringify(straddling));
    for (const length of [LONG, LONG + 1, 2 * LONG + 3, 5 * LONG - 1]) {
      const text = awkwardText(length);
      expect(joined({ text }, LONG)).toBe(JSON.stringify({ text }));
      expect(joined(text, LONG)).toBe(JSON.stringify(text));
    }
  });

  it("gives each piece as texts that, each encoded to UTF-8 on its own, make exactly the text's bytes (no text ends between the halves of a pair)", () => {
    const straddling = `${'a'.repeat(LONG / 4 - 1)}😀${'b'.repeat(LONG)}`;
    for (const value of [{ text: awkwardText(3 * LONG + 5) }, straddling, { list: [awkwardText(LONG), 'é', awkwardText(2 * LONG - 1)] }]) {
      const bytes = [...jsonPieceParts(value, LONG)].flatMap((parts) => parts.map((part) => Buffer.from(part, 'utf8')));
      expect(Buffer.concat(bytes).equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
    }
  });

  it('calls toJSON with the property key, as JSON.stringify does', () => {
    const keys: string[] = [];
    const big = 'z'.repeat(2 * LONG);
    const value = { a: { toJSON: (k: string) => (keys.push(k), big) }, list: [{ toJSON: (k: string) => (keys.push(k), k) }], big };
    expect(joined(value, LONG)).toBe(JSON.stringify(value));
    expect(keys).toEqual(['a', '0', 'a', '0']);
  });

  it('writes nothing for a value JSON.stringify writes nothing for, and small values in one piece', () => {
    expect([...jsonPieces(undefined)]).toEqual([]);
    expect([...jsonPieces({ a: 1, b: 'two' })]).toEqual(['{"a":1,"b":"two"}']);
  });

  it('keeps each piece near the size asked for', () => {
    const content = 'Q'.repeat(10 * LONG);
    const pieces = [...jsonPieces({ attachments: [{ content }, { content }] }, LONG)];
    expect(pieces.length).toBeGreaterThanOrEqual(20);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(2 * LONG + 64);
  });

  it('ends each piece within a quarter past the size asked for, wherever a long string begins', () => {
    // Strings of 1.5 pieces: cut in whole pieces, the half left over and the next string's first cut made a piece of 1.5.
    const content = 'Q'.repeat(1.5 * LONG);
    const value = { attachments: Array.from({ length: 6 }, () => ({ content })) };
    const pieces = [...jsonPieces(value, LONG)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1.25 * LONG + 64);
  });

  it('throws the TypeError JSON.stringify throws for a circular structure or a BigInt, also deep inside a long value', () => {
    const cyclic: Record<string, unknown> = { content: 'x'.repeat(2 * LONG) };
    cyclic['self'] = cyclic;
    expect(() => JSON.stringify(cyclic)).toThrow(TypeError);
    expect(() => joined(cyclic)).toThrow(TypeError);
    const withBigInt = { content: 'x'.repeat(2 * LONG), n: 1n };
    expect(() => joined(withBigInt)).toThrow(TypeError);
  });

  it('assertJsonable throws where JSON.stringify throws, and passes long strings without writing them', () => {
    const cyclic: Record<string, unknown> = { content: 'x'.repeat(2 * LONG) };
    cyclic['self'] = cyclic;
    expect(() => assertJsonable(cyclic)).toThrow(TypeError);
    expect(() => assertJsonable({ deep: [{ n: 1n }], content: 'x'.repeat(2 * LONG) })).toThrow(TypeError);
    expect(() => assertJsonable({ content: 'x'.repeat(2 * LONG), list: [1, 'two', null] })).not.toThrow();
  });

  it('lets the event loop run between pieces', async () => {
    const content = 'Q'.repeat(8 * LONG);
    const loop = countTurns();
    const pieces: string[] = [];
    const turnsAtPiece: number[] = [];
    await eachJsonPiece({ content }, (parts) => {
      pieces.push(parts.join(''));
      turnsAtPiece.push(loop.turns);
    }, LONG);
    loop.stop();
    expect(pieces.join('')).toBe(JSON.stringify({ content }));
    expect(pieces.length).toBeGreaterThanOrEqual(8);
    // Each piece was handed on in a later turn than the one before it.
    for (let i = 1; i < turnsAtPiece.length; i++) expect(turnsAtPiece[i]).toBeGreaterThan(turnsAtPiece[i - 1]!);
  });
});
