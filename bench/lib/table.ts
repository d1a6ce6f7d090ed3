// One row per figure of the table, and the table printed from them.
// Pure, checked by test/bench.
import { describeTarget, evaluate, formatValue, type Target } from './evaluate.js';
import { median, ratio } from './stats.js';

/** One line of the table and of bench/results.json. */
export interface Row {
  /** The scenario name (validate-10x5MB, send-10x5MB, ...). */
  scenario: string;
  /** What is measured (wall time, peak RSS, throughput...). */
  metric: string;
  /** Unit of `sdk` and `baseline`. */
  unit: string;
  /** Median of the SDK's samples. */
  sdk: number;
  /** Median of the baseline's samples, measured in the same run; null when there is none. */
  baseline: number | null;
  /** What the baseline is. */
  baselineName: string | null;
  /** sdk / baseline, or null. */
  ratio: number | null;
  /** The target as text. */
  target: string;
  /** Met, missed, or null for report-only rows. */
  pass: boolean | null;
  /** Headroom (positive) or shortfall (negative) relative to the target. */
  margin: number | null;
  /** "pass (15% headroom)", "MISS by 12%", "report". */
  verdict: string;
  /** Every measured sample, in the order taken (warm-ups left out). */
  samples: { sdk: number[]; baseline?: number[] };
  /** Anything a reader needs besides the figures. */
  note?: string;
}

/** What a scenario hands over to become a row. */
export interface RowInput {
  scenario: string;
  metric: string;
  unit: string;
  target: Target;
  sdkSamples: readonly number[];
  baselineSamples?: readonly number[] | undefined;
  baselineName?: string | undefined;
  /** Fails the row whatever the figures (e.g. errors in a load test). */
  failure?: string | undefined;
  note?: string | undefined;
}

/** Medians, ratio and verdict of a scenario's samples. */
export function toRow(input: RowInput): Row {
  const sdk = median(input.sdkSamples);
  const baseline = input.baselineSamples ? median(input.baselineSamples) : null;
  const verdict = evaluate(input.target, sdk, baseline, input.failure);
  return {
    scenario: input.scenario,
    metric: input.metric,
    unit: input.unit,
    sdk,
    baseline,
    baselineName: input.baselineName ?? null,
    ratio: baseline === null ? null : ratio(sdk, baseline),
    target: describeTarget(input.target),
    pass: verdict.pass,
    margin: verdict.margin,
    verdict: verdict.text,
    samples: { sdk: [...input.sdkSamples], ...(input.baselineSamples ? { baseline: [...input.baselineSamples] } : {}) },
    ...(input.note === undefined ? {} : { note: input.note }),
  };
}

const HEADERS = ['scenario', 'metric', 'SDK', 'baseline', 'ratio', 'target', 'result'] as const;

/** The rows as a plain-text table with aligned columns. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.scenario,
    r.metric,
    `${formatValue(r.sdk)} ${r.unit}`,
    r.baseline === null ? '-' : `${formatValue(r.baseline)} ${r.unit}`,
    r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`,
    r.target,
    r.verdict,
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]): string => c.map((v, i) => v.padEnd(widths[i]!)).join(' | ').trimEnd();
  return [line(HEADERS), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** Short summary: how many rows pass, miss, or only report. */
export function summarise(rows: readonly Row[]): string {
  const pass = rows.filter((r) => r.pass === true).length;
  const miss = rows.filter((r) => r.pass === false).length;
  const report = rows.filter((r) => r.pass === null).length;
  return `${pass} pass, ${miss} miss, ${report} report only`;
}
