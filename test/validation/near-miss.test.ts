// The edit distance behind "did you mean" at its edges: a length gap or a
// distance exactly at the cap (still counted), one past it (cut short), and
// the number of edits allowed at the 8-character line between short and
// long names.
import { describe, expect, it } from 'vitest';
import { editDistance, likelyTypoOf } from '../../src/validation/near-miss.js';

describe('editDistance at its cap', () => {
  it('counts a length gap equal to the cap, and cuts one past it short', () => {
    expect(editDistance('abc', 'abcde', 2)).toBe(2);
    expect(editDistance('', 'ab', 2)).toBe(2);
    expect(editDistance('', 'abcdef', 2)).toBe(3);
    expect(editDistance('abcdef', '', 2)).toBe(3);
  });

  it('returns a distance equal to the cap, not cap + 1', () => {
    expect(editDistance('ab', 'cd', 2)).toBe(2);
    expect(editDistance('VerifedNhsNumbr', 'VerifiedNhsNumber', 2)).toBe(2);
    expect(editDistance('ba', 'ab', 1)).toBe(1);
  });

  it('cuts short as soon as a whole row is past the cap', () => {
    expect(editDistance('abcd', 'wxyz', 1)).toBe(2);
    expect(editDistance('abcd', 'wxyz', 4)).toBe(4);
  });

  it('counts a swap of neighbours as one edit, anywhere', () => {
    expect(editDistance('bacd', 'abcd', 3)).toBe(1);
    expect(editDistance('abdc', 'abcd', 3)).toBe(1);
    expect(editDistance('acbd', 'abcd', 3)).toBe(1);
  });

  it('takes a swap only when both characters cross, not when one of them matches', () => {
    // 'ax' -> 'ya': the a moves but the x does not become the y; 'xa' -> 'ay' likewise.
    expect(editDistance('ax', 'ya', 5)).toBe(2);
    expect(editDistance('xa', 'ay', 5)).toBe(2);
  });
});

describe('likelyTypoOf at the line between short and long names', () => {
  it('allows two edits on a name of 8 characters', () => {
    expect(likelyTypoOf('ABCDEFXY', ['ABCDEFGH'])).toBe('ABCDEFGH');
    expect(likelyTypoOf('ABCDEXYZ', ['ABCDEFGH'])).toBeUndefined();
  });

  it('allows one edit on a name of 7 characters', () => {
    expect(likelyTypoOf('ABCDEFX', ['ABCDEFG'])).toBe('ABCDEFG');
    expect(likelyTypoOf('ABCDEXY', ['ABCDEFG'])).toBeUndefined();
  });

  it('ignores case both in the value and in the known names, and names the known value as written', () => {
    expect(likelyTypoOf('abcdefx', ['ABCDEFG'])).toBe('ABCDEFG');
    expect(likelyTypoOf('ABCDEFX', ['abcdefg'])).toBe('abcdefg');
    expect(likelyTypoOf('abcdefg', ['ABCDEFG', 'ABCDEFH'])).toBeUndefined();
  });
});
