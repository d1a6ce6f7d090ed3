// The strict base64 check at its edges, on inputs small enough for every
// mutation run: every UTF-16 code unit against JavaScript's own whitespace
// class, every last character before '=' or '==' against the canonical
// round trip, which problem is named first and at which index, and strings
// just across the fast pass's chunk boundaries (65,536 characters).
import { describe, expect, it } from 'vitest';
import { checkStrictBase64 } from '../../src/index.js';
import { base64Reason, decodedSize } from '../../src/validation/base64.js';
import { diagnoseBase64, lastQuantumIsCanonical } from '../../src/validation/base64-diagnose.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const canonical = (s: string) => Buffer.from(s, 'base64').toString('base64') === s;
const CHUNK = 65_536;
/** Valid base64 of exactly `chars` characters (a multiple of 4), no padding. */
const valid = (chars: number) => 'QUJD'.repeat(chars / 4);

describe('whitespace, by code unit', () => {
  // Every code unit up to past the last of the General Punctuation spaces, and each side of the
  // two beyond it (U+3000, U+FEFF): the whole of \\s and every edge of it, in a tenth of the units.
  const CODES = [...Array.from({ length: 0x2070 }, (_, c) => c), 0x2fff, 0x3000, 0x3001, 0xfefe, 0xfeff, 0xff00, 0xffff];

  it('names exactly the characters of \\s as whitespace, at their index', () => {
    const wrong: string[] = [];
    for (const c of CODES) {
      const ch = String.fromCharCode(c);
      if (ALPHABET.includes(ch) || ch === '=') continue;
      const problem = diagnoseBase64(`QUJD${ch}QUJ`);
      const expected = /\s/.test(ch) ? 'whitespace' : c === 0x2d || c === 0x5f ? 'url-safe-alphabet' : 'invalid-character';
      if (problem.ok || problem.problem !== expected || problem.index !== 4) wrong.push(`${c.toString(16)}: ${JSON.stringify(problem)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the last quantum', () => {
  it.each([...ALPHABET])('%s before one or two pad characters is accepted only when canonical', (ch) => {
    for (const s of [`QU${ch}=`, `Q${ch}==`]) {
      expect(lastQuantumIsCanonical(s), s).toBe(canonical(s));
      expect(diagnoseBase64(s).ok, s).toBe(canonical(s));
      expect(checkStrictBase64(s).ok, s).toBe(canonical(s));
      if (!canonical(s)) expect(diagnoseBase64(s)).toEqual({ ok: false, problem: 'non-zero-pad-bits' });
    }
  });

  it('refuses three pad characters whatever comes before them', () => {
    expect(lastQuantumIsCanonical('QQ===')).toBe(false);
    expect(lastQuantumIsCanonical('QUJD')).toBe(true);
  });
});

describe('which problem is named, and where', () => {
  it.each([
    ['whitespace after an invalid and a URL-safe character', 'a!-b cd=', { problem: 'whitespace', index: 4 }],
    ['URL-safe before an invalid character that comes first', '!a-bcdef', { problem: 'url-safe-alphabet', index: 2 }],
    ['the first URL-safe character', 'a_b-', { problem: 'url-safe-alphabet', index: 1 }],
    ['the first invalid character', 'a!b$', { problem: 'invalid-character', index: 1 }],
    ['an invalid character at index 0', '!AAA', { problem: 'invalid-character', index: 0 }],
    ['whitespace at index 0', ' AAA', { problem: 'whitespace', index: 0 }],
    ['the first = when data follows it', 'QQ==QUJD', { problem: 'misplaced-padding', index: 2 }],
    ['an invalid character before misplaced padding', 'Q=Q!', { problem: 'invalid-character', index: 3 }],
    ['three = at the end', 'QUJDQ===', { problem: 'misplaced-padding', index: 5 }],
    ['= first with data after it', '=QUJ', { problem: 'misplaced-padding', index: 0 }],
  ] as const)('%s', (_label, s, expected) => {
    expect(diagnoseBase64(s)).toEqual({ ok: false, ...expected });
    expect(checkStrictBase64(s)).toEqual({ ok: false, ...expected });
  });

  it('reads one or two = at the end as padding, not misplaced, and a short one as a length problem', () => {
    expect(diagnoseBase64('QQ==')).toEqual({ ok: true, decodedBytes: 1 });
    expect(diagnoseBase64('QUE=')).toEqual({ ok: true, decodedBytes: 2 });
    expect(diagnoseBase64('QQ=')).toEqual({ ok: false, problem: 'bad-length' });
    expect(diagnoseBase64('QUJDQQ=')).toEqual({ ok: false, problem: 'bad-length' });
  });

  it('takes a data-URL prefix only with its colon, in any case', () => {
    expect(diagnoseBase64('dataQUJD')).toEqual({ ok: true, decodedBytes: 6 });
    expect(checkStrictBase64('dataQUJD')).toEqual({ ok: true, decodedBytes: 6 });
    expect(diagnoseBase64('DaTa:QUJD')).toEqual({ ok: false, problem: 'data-url-prefix' });
  });
});

describe('across the fast pass’s chunks (65,536 characters)', () => {
  it.each([CHUNK - 4, CHUNK, CHUNK + 4, 2 * CHUNK, 2 * CHUNK + 8])('accepts %i characters with the right size', (chars) => {
    expect(checkStrictBase64(valid(chars))).toEqual({ ok: true, decodedBytes: (chars / 4) * 3 });
  });

  it.each([CHUNK, CHUNK + 4, 2 * CHUNK + 4])('counts the padding of the last chunk only, at %i characters', (chars) => {
    const one = `${valid(chars - 4)}QUE=`;
    const two = `${valid(chars - 4)}QQ==`;
    expect(checkStrictBase64(one)).toEqual({ ok: true, decodedBytes: decodedSize(one) });
    expect(decodedSize(one)).toBe((chars / 4) * 3 - 1);
    expect(checkStrictBase64(two)).toEqual({ ok: true, decodedBytes: (chars / 4) * 3 - 2 });
  });

  it.each([0, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK + 2])('finds a bad character at %i of 2 chunks and a bit', (at) => {
    const base = valid(2 * CHUNK + 4);
    for (const [ch, problem] of [['!', 'invalid-character'], ['-', 'url-safe-alphabet'], ['_', 'url-safe-alphabet'], ['\n', 'whitespace'], ['\u0141', 'invalid-character'], ['\u00e9', 'invalid-character'], ['=', 'misplaced-padding']] as const) {
      const s = base.slice(0, at) + ch + base.slice(at + 1);
      expect(checkStrictBase64(s), `${JSON.stringify(ch)} at ${at}`).toEqual({ ok: false, problem, index: at });
    }
  });

  it('refuses non-zero pad bits and a wrong length on a multi-chunk string', () => {
    expect(checkStrictBase64(`${valid(CHUNK)}QR==`)).toEqual({ ok: false, problem: 'non-zero-pad-bits' });
    expect(checkStrictBase64(`${valid(CHUNK)}QUJ`)).toEqual({ ok: false, problem: 'bad-length' });
  });
});

describe('the reasons and the shape of a problem', () => {
  it('names the character of a problem that has one, and gives no index key to one that has none', () => {
    expect(base64Reason({ ok: false, problem: 'whitespace', index: 4 })).toBe(
      'contains whitespace or a line break (at character 4); send base64 as one unbroken line (no MIME wrapping, e.g. base64 -w 0)',
    );
    expect(base64Reason({ ok: false, problem: 'invalid-character', index: 0 })).toBe(
      'contains a character outside the base64 alphabet (at character 0); send RFC 4648 base64 (A-Z a-z 0-9 + / and = padding)',
    );
    expect(base64Reason({ ok: false, problem: 'invalid-character' })).toBe(
      'contains a character outside the base64 alphabet; send RFC 4648 base64 (A-Z a-z 0-9 + / and = padding)',
    );
    expect(Object.keys(diagnoseBase64('QUJ'))).toEqual(['ok', 'problem']);
    expect(Object.keys(diagnoseBase64('!UJD'))).toEqual(['ok', 'problem', 'index']);
  });

  it('calls a value that is not a string an invalid character', () => {
    expect(checkStrictBase64(undefined as unknown as string)).toEqual({ ok: false, problem: 'invalid-character' });
    expect(checkStrictBase64(42 as unknown as string)).toEqual({ ok: false, problem: 'invalid-character' });
  });

  it('names a = followed by data even when the string is too short for three characters after it', () => {
    expect(diagnoseBase64('Q=Q')).toEqual({ ok: false, problem: 'misplaced-padding', index: 1 });
  });
});
