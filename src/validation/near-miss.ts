// "Did you mean": a value a letter or two away from a known one is almost
// always a slip of the keyboard. The id types stay open (the spec names only
// examples), but a near miss of a known type is refused: sent as it is, it
// would reach a GP system under a type nobody recognises, and an NHS number
// under it would skip its check digit.

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions,
 * deletions, substitutions and swaps of neighbours each count one), or
 * `cap + 1` as soon as it must exceed `cap`.
 */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row.push(best);
    }
    if (Math.min(...row) > cap) return cap + 1;
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}

/** Edits allowed before a value stops looking like a slip: two for long names, one for short ones. */
const allowedEdits = (known: string): number => (known.length >= 8 ? 2 : 1);

/**
 * The known value that `value` is a likely typo of: different from every
 * known value even ignoring case, yet within one or two edits of one
 * (ignoring case; a stray space counts as an edit). Undefined otherwise.
 */
export function likelyTypoOf(value: string, known: readonly string[]): string | undefined {
  const folded = value.toLowerCase();
  if (known.some((k) => k.toLowerCase() === folded)) return undefined;
  return known.find((k) => {
    const limit = allowedEdits(k);
    return editDistance(folded, k.toLowerCase(), limit) <= limit;
  });
}
