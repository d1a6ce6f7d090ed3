import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonFromPieces, LONG_STRING_BYTES } from '../../src/internal/json-from-pieces.js';

/** The value `text` holds, read by JsonFromPieces from its UTF-8 cut into pieces of the given sizes (cycled). */
function readInPieces(text: string, sizes: readonly number[]): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const reader = new JsonFromPieces();
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    reader.push(bytes.subarray(at, at + size));
    at += size;
  }
  return reader.finish();
}

/** Sizes from a small seeded generator, so a failure can be replayed. */
function seededSizes(seed: number, count: number, max: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + (x % max);
  });
}

/** Text with everything JSON escapes, multi-byte characters, pairs and a lone surrogate, of about `length` characters. */
function awkwardText(length: number): string {
  const parts = ['"', '\\', '\n', '\u0001', '\u2028', 'é', '😀', 'a', '\ud800', '\\"'];
  let text = '';
  for (let i = 0; text.length < length; i++) text += parts[i % parts.length];
  return text;
}

const LONG = LONG_STRING_BYTES;
const base64 = Buffer.alloc(3 * LONG, 0xa7).toString('base64');
const VALUES: Record<string, unknown> = {
  'a message with long base64 contents': {
    message: { messageId: 'm', attachments: [{ fileName: 'a.pdf', content: base64 }, { fileName: 'b.pdf', content: base64.slice(5) }] },
    options: { allowOtherNhsNumbers: true, n: 1.5, none: null, list: [1, 'two', false] },
  },
  'long strings with escapes, quotes and multi-byte characters': { text: awkwardText(2 * LONG), short: awkwardText(40), list: [awkwardText(LONG + 1)] },
  'strings just under, at and over the long size': ['x'.repeat(LONG - 3), 'y'.repeat(LONG - 2), 'z'.repeat(LONG - 1), 'w'.repeat(LONG)],
  'a long string that ends in escaped backslashes, and one in an escaped quote': { a: `${'b'.repeat(LONG)}\\\\`, q: `${'c'.repeat(LONG)}\\"`, after: 'd' },
  'a long object key, kept as a key': { [`k${'e'.repeat(LONG)}`]: 'value', [`l${'f'.repeat(LONG)}`]: 'g'.repeat(2 * LONG) },
  'a string of its own at the top': 'h'.repeat(2 * LONG),
  'a string that looks like a stand-in': { s: '\u0000ab:0', t: 'i'.repeat(LONG) },
  'numbers, booleans and nulls only': [0, -1.25e-7, true, false, null, {}, []],
};

describe('JsonFromPieces', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const [name, value] of Object.entries(VALUES)) {
    it(`reads back ${name}, however the bytes are cut`, () => {
      const text = JSON.stringify(value);
      const expected: unknown = JSON.parse(text);
      expect(readInPieces(text, [text.length * 4])).toEqual(expected);
      expect(readInPieces(text, [1])).toEqual(expected);
      expect(readInPieces(text, [2, 3, 5, 7, 4096])).toEqual(expected);
      expect(readInPieces(text, seededSizes(name.length, 64, 9_000))).toEqual(expected);
    });
  }

  it('hands JSON.parse only the structure and the short strings, never a long string', () => {
    const value = { message: { attachments: Array.from({ length: 4 }, (_, i) => ({ fileName: `${i}.pdf`, content: base64 })) }, text: awkwardText(3 * LONG) };
    const parse = vi.spyOn(JSON, 'parse');
    expect(readInPieces(JSON.stringify(value), [65_536])).toEqual(value);
    // The long escaped text goes through JSON.parse alone (for its escapes); the structure goes with stand-ins for the long strings.
    expect(parse.mock.calls.filter(([text]) => text.length > LONG)).toHaveLength(1);
    const structure = parse.mock.calls.filter(([text]) => text.includes('fileName'));
    expect(structure).toHaveLength(1);
    expect(structure[0]?.[0].length).toBeLessThan(LONG / 4);
  });

  it('refuses a text that ends inside a string, that is not JSON, or that is not UTF-8', () => {
    const cut = new JsonFromPieces();
    cut.push(Buffer.from(`{"a":"${'x'.repeat(LONG)}`));
    expect(() => cut.finish()).toThrow(SyntaxError);
    const broken = new JsonFromPieces();
    broken.push(Buffer.from('{"a":1,,}'));
    expect(() => broken.finish()).toThrow(SyntaxError);
    const notUtf8 = new JsonFromPieces();
    expect(() => {
      notUtf8.push(Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(LONG, 0xff), Buffer.from('"}')]));
      notUtf8.finish();
    }).toThrow(TypeError);
    const shortNotUtf8 = new JsonFromPieces();
    shortNotUtf8.push(Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(8, 0xff), Buffer.from('"}')]));
    expect(() => shortNotUtf8.finish()).toThrow(TypeError);
  });
});
