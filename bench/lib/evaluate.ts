// Targets of the table and their evaluation: pass or miss, and by how
// much. Pure, checked by test/bench.

/** What a row must meet. Ratios are always SDK / baseline. */
export type Target =
  /** SDK / baseline at most `limit` (the SDK may cost up to `limit` times the baseline). */
  | { kind: 'max-ratio'; limit: number }
  /** SDK / baseline at least `limit` (a rate: the SDK must reach `limit` times the baseline's). */
  | { kind: 'min-ratio'; limit: number }
  /** Baseline / SDK at least `limit` (the SDK must be `limit` times faster). */
  | { kind: 'min-speedup'; limit: number }
  /** The SDK's own figure at least `limit`. */
  | { kind: 'min'; limit: number; unit: string }
  /** The SDK's own figure at most `limit`. */
  | { kind: 'max'; limit: number; unit: string }
  /** Reported, no target. */
  | { kind: 'report' };

/** The outcome of one row against its target. */
export interface Verdict {
  /** True when met, false when missed, null when there is nothing to meet. */
  pass: boolean | null;
  /**
   * Distance from the target relative to it: positive is headroom, negative
   * the shortfall (-0.12 misses by 12 %). Null for `report`.
   */
  margin: number | null;
  /** "pass (15% headroom)", "MISS by 12%" or "report". */
  text: string;
}

/** The target as the table shows it. */
export function describeTarget(target: Target): string {
  switch (target.kind) {
    case 'max-ratio':
      return `<= ${target.limit.toFixed(2)}x`;
    case 'min-ratio':
      return `>= ${target.limit.toFixed(2)}x`;
    case 'min-speedup':
      return `>= ${target.limit.toFixed(2)}x faster`;
    case 'min':
      return `>= ${formatValue(target.limit)} ${target.unit}`;
    case 'max':
      return `<= ${formatValue(target.limit)} ${target.unit}`;
    case 'report':
      return 'report';
  }
}

/**
 * Evaluates the SDK's median (and the baseline's, for ratio targets) against
 * a target. `extraFailure` fails the row whatever the figures (e.g. errors
 * in a load test); its text is appended.
 */
export function evaluate(target: Target, sdk: number, baseline: number | null, extraFailure?: string): Verdict {
  const margin = marginOf(target, sdk, baseline);
  if (margin === null) return extraFailure ? { pass: false, margin: null, text: `FAIL: ${extraFailure}` } : { pass: null, margin: null, text: 'report' };
  const pass = margin >= 0 && extraFailure === undefined;
  const pct = `${Math.abs(margin * 100).toFixed(1)}%`;
  let text = margin >= 0 ? `pass (${pct} headroom)` : `MISS by ${pct}`;
  if (extraFailure) text = `FAIL: ${extraFailure}; ${text}`;
  return { pass, margin, text };
}

function marginOf(target: Target, sdk: number, baseline: number | null): number | null {
  switch (target.kind) {
    case 'max-ratio':
      return (target.limit - sdk / need(baseline)) / target.limit;
    case 'min-ratio':
      return (sdk / need(baseline) - target.limit) / target.limit;
    case 'min-speedup':
      return (need(baseline) / sdk - target.limit) / target.limit;
    case 'min':
      return (sdk - target.limit) / target.limit;
    case 'max':
      return (target.limit - sdk) / target.limit;
    case 'report':
      return null;
  }
}

function need(baseline: number | null): number {
  if (baseline === null || !(baseline > 0)) throw new RangeError('a ratio target needs a positive baseline');
  return baseline;
}

/** A figure with about three significant digits, grouped in thousands when large. */
export function formatValue(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1000) return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
