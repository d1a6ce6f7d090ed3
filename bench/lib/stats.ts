// Pure statistics of the bench: medians and ratios. Kept free of I/O so that
// test/bench can check them.

/** The median of some samples (the mean of the middle two for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new RangeError('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** SDK over baseline: above 1 the SDK costs more. */
export function ratio(sdk: number, baseline: number): number {
  if (!(baseline > 0)) throw new RangeError(`baseline must be positive, got ${baseline}`);
  return sdk / baseline;
}

/** Bytes per millisecond as GB/s (10^9 bytes per second). */
export function gigabytesPerSecond(bytes: number, ms: number): number {
  return bytes / ms / 1e6;
}
