import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStrictBase64, type Base64Problem } from '../../src/index.js';
import { base64Reason, decodedSize } from '../../src/validation/base64.js';
import { diagnoseBase64 } from '../../src/validation/base64-diagnose.js';
import { setNodeBufferForTesting } from '../../src/validation/runtime.js';

/** The canonical round trip: the definition of strict base64 this check must match. */
const canonical = (s: string) => Buffer.from(s, 'base64').toString('base64') === s;

const BAD: [string, string, Base64Problem][] = [
  ['data URL', 'data:text/plain;base64,aGVsbG8=', 'data-url-prefix'],
  ['data URL, upper case', 'DATA:application/pdf;base64,JVBERi0=', 'data-url-prefix'],
  ['space', 'aGV sbG8=', 'whitespace'],
  ['CRLF wrapping', 'aGVs\r\nbG8=', 'whitespace'],
  ['trailing newline', 'aGVsbG8=\n', 'whitespace'],
  ['tab', 'aGVs\tbG8=', 'whitespace'],
  ['no-break space', 'aGVs\u00a0bG8=', 'whitespace'],
  ['URL-safe minus', 'ab-c', 'url-safe-alphabet'],
  ['URL-safe underscore', 'ab_c', 'url-safe-alphabet'],
  ['both URL-safe', '-_-_', 'url-safe-alphabet'],
  ['exclamation', 'aGVs!bG8=', 'invalid-character'],
  ['dollar prefix', '$$$aGVsbG8=', 'invalid-character'],
  ['Latin-1 letter', 'aGVs\u00e9bG8=', 'invalid-character'],
  ['code unit whose low byte is A (Node would accept it)', 'QUJ\u0141', 'invalid-character'],
  ['CJK code unit whose low byte is @', 'QUJ\u4e41', 'invalid-character'],
  ['two messages concatenated', 'aGVsbG8=aGVsbG8=', 'misplaced-padding'],
  ['padding in the middle', 'YQ==YQ==', 'misplaced-padding'],
  ['three pad characters', 'a===', 'misplaced-padding'],
  ['only padding', '====', 'misplaced-padding'],
  ['padding first', '=AAA', 'misplaced-padding'],
  ['unpadded', 'aGVsbG8', 'bad-length'],
  ['length 1 mod 4', 'aGVsb', 'bad-length'],
  ['extra padding', 'abc==', 'bad-length'],
  ['non-zero pad bits, one =', 'aGVsbG9=', 'non-zero-pad-bits'],
  ['non-zero pad bits, two =', 'YR==', 'non-zero-pad-bits'],
];

afterEach(() => setNodeBufferForTesting(undefined));

describe('checkStrictBase64', () => {
  it.each([
    ['', 0],
    ['aGVsbG8=', 5],
    ['YQ==', 1],
    ['YWI=', 2],
    ['YWJj', 3],
    ['+/+/', 3],
  ])('accepts %j (%i bytes)', (s, bytes) => {
    expect(checkStrictBase64(s)).toEqual({ ok: true, decodedBytes: bytes });
  });

  it.each([
    ['YQ==', 1],
    ['YWI=', 2],
    ['YWJj', 3],
    ['YWJjZA==', 4],
    ['YWJjZGU=', 5],
  ])('the decoded size of %j is %i bytes, padding counted, by the fast pass, the exact pass and without Buffer', (s, bytes) => {
    expect(diagnoseBase64(s)).toEqual({ ok: true, decodedBytes: bytes });
    // The fast pass's own count: were it wrong, the slow pass would hide it (at its cost) by answering instead.
    expect(decodedSize(s)).toBe(bytes);
    setNodeBufferForTesting(null);
    expect(checkStrictBase64(s)).toEqual({ ok: true, decodedBytes: bytes });
  });

  it.each(BAD)('rejects %s as %s', (_label, s, problem) => {
    expect(checkStrictBase64(s)).toMatchObject({ ok: false, problem });
    expect(diagnoseBase64(s)).toMatchObject({ ok: false, problem });
  });

  it.each(BAD)('gives %s its own reason', (_label, s) => {
    const check = checkStrictBase64(s);
    if (check.ok) throw new Error('expected a problem');
    expect(base64Reason(check)).not.toContain(s);
  });

  it('gives each problem a distinct reason', () => {
    const reasons = new Set(BAD.map(([, s]) => base64Reason(diagnoseBase64(s) as Extract<ReturnType<typeof diagnoseBase64>, { ok: false }>).split(' (at')[0]));
    expect(reasons.size).toBe(new Set(BAD.map(([, , p]) => p)).size);
  });

  it('points at the first offending character', () => {
    expect(checkStrictBase64('aGVs\r\nbG8=')).toEqual({ ok: false, problem: 'whitespace', index: 4 });
  });

  it('matches the canonical round trip on generated strings', () => {
    const chars = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', '=', '-', '_', ' ', '\n', '!', 'é', 'Ł'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 24 }), (parts) => {
        const s = parts.join('');
        expect(checkStrictBase64(s).ok).toBe(canonical(s));
        expect(diagnoseBase64(s).ok).toBe(canonical(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts every encoding of random bytes and reports the decoded size', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const s = Buffer.from(bytes).toString('base64');
        expect(checkStrictBase64(s)).toEqual({ ok: true, decodedBytes: bytes.length });
      }),
    );
  });

  describe('on multi-megabyte strings (chunk boundaries at 65,536 characters)', () => {
    const big = randomBytes(5_000_000).toString('base64');

    it('accepts 5 MB of base64 without a stack overflow', () => {
      expect(checkStrictBase64(big)).toEqual({ ok: true, decodedBytes: 5_000_000 });
    });

    it.each([0, 65_535, 65_536, 131_071, 1_000_001, big.length - 5])('finds a bad character at %i', (at) => {
      for (const [ch, problem] of [['!', 'invalid-character'], ['-', 'url-safe-alphabet'], ['\n', 'whitespace'], ['\u0141', 'invalid-character'], ['=', 'misplaced-padding']] as const) {
        const s = big.slice(0, at) + ch + big.slice(at + 1);
        expect(checkStrictBase64(s)).toMatchObject({ ok: false, problem });
      }
    });

    it('accepts 10 MiB decoded, where the textbook grouped regex overflows the stack (domain.md section 8)', () => {
      const huge = randomBytes(10 * 1024 * 1024 + 2).toString('base64'); // a multiple of 3: no padding
      expect(checkStrictBase64(huge)).toEqual({ ok: true, decodedBytes: 10 * 1024 * 1024 + 2 });
    });
  });

  describe('without Node Buffer (other runtimes)', () => {
    it('gives the same answers from the plain-JS pass', () => {
      setNodeBufferForTesting(null);
      for (const [, s, problem] of BAD) expect(checkStrictBase64(s)).toMatchObject({ ok: false, problem });
      expect(checkStrictBase64('aGVsbG8=')).toEqual({ ok: true, decodedBytes: 5 });
    });
  });

  it('never throws on non-strings', () => {
    expect(checkStrictBase64(undefined as unknown as string).ok).toBe(false);
    expect(checkStrictBase64({} as unknown as string).ok).toBe(false);
  });
});
