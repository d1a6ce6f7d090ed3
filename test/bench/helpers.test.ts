// The bench's pure helpers: medians, target evaluation, table formatting and
// the alternation order. No timing is asserted anywhere in npm test.
import { describe, expect, it } from 'vitest';
import { describeTarget, evaluate, formatValue } from '../../bench/lib/evaluate.js';
import { largeMessage, pdfBytes } from '../../bench/lib/fixtures.js';
import { alternate, roundOrder } from '../../bench/lib/measure.js';
import { compareProfiles, groupOf, selfTime, type CpuProfile } from '../../bench/lib/profile.js';
import { gigabytesPerSecond, median, ratio } from '../../bench/lib/stats.js';
import { formatTable, summarise, toRow } from '../../bench/lib/table.js';

describe('bench statistics', () => {
  it('median: the middle sample of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([7])).toBe(7);
  });

  it('median: the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('median: leaves the samples in their order', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('median: refuses no samples', () => {
    expect(() => median([])).toThrow(RangeError);
  });

  it('ratio is SDK over baseline and needs a positive baseline', () => {
    expect(ratio(130, 100)).toBeCloseTo(1.3);
    expect(() => ratio(1, 0)).toThrow(RangeError);
  });

  it('throughput: 66.7 MB in 33.3 ms is 2 GB/s', () => {
    expect(gigabytesPerSecond(66_666_680, 33.33334)).toBeCloseTo(2, 5);
  });
});

describe('bench targets', () => {
  it('max-ratio: a ratio under the limit passes with its headroom', () => {
    const v = evaluate({ kind: 'max-ratio', limit: 1.3 }, 104, 100);
    expect(v.pass).toBe(true);
    expect(v.margin).toBeCloseTo(0.2);
    expect(v.text).toBe('pass (20.0% headroom)');
  });

  it('max-ratio: exactly the limit passes', () => {
    expect(evaluate({ kind: 'max-ratio', limit: 1.25 }, 125, 100).pass).toBe(true);
  });

  it('max-ratio: over the limit misses, saying by how much', () => {
    const v = evaluate({ kind: 'max-ratio', limit: 1.15 }, 172.5, 100);
    expect(v.pass).toBe(false);
    expect(v.margin).toBeCloseTo(-0.5);
    expect(v.text).toBe('MISS by 50.0%');
  });

  it('min-ratio: a rate of the SDK must reach the limit times the baseline’s', () => {
    expect(evaluate({ kind: 'min-ratio', limit: 0.95 }, 96, 100).text).toBe('pass (1.1% headroom)');
    expect(evaluate({ kind: 'min-ratio', limit: 0.95 }, 95, 100).pass).toBe(true);
    const miss = evaluate({ kind: 'min-ratio', limit: 0.95 }, 70, 100);
    expect(miss.pass).toBe(false);
    expect(miss.margin).toBeCloseTo(-0.263, 3);
  });

  it('min-speedup: the baseline over the SDK must reach the limit', () => {
    expect(evaluate({ kind: 'min-speedup', limit: 3 }, 10, 60).text).toBe('pass (100.0% headroom)');
    expect(evaluate({ kind: 'min-speedup', limit: 3 }, 10, 15).text).toBe('MISS by 50.0%');
  });

  it('min and max: the SDK figure against an absolute limit', () => {
    expect(evaluate({ kind: 'min', limit: 2, unit: 'GB/s' }, 4.5, null).pass).toBe(true);
    expect(evaluate({ kind: 'min', limit: 2000, unit: 'req/s' }, 1500, null).text).toBe('MISS by 25.0%');
    expect(evaluate({ kind: 'max', limit: 20, unit: 'kB' }, 22, null).text).toBe('MISS by 10.0%');
  });

  it('a failure fails the row even when the figure passes', () => {
    const v = evaluate({ kind: 'min', limit: 2000, unit: 'req/s' }, 9000, null, '3 errors');
    expect(v.pass).toBe(false);
    expect(v.text).toMatch(/^FAIL: 3 errors; pass/);
  });

  it('report rows neither pass nor miss, unless something failed', () => {
    expect(evaluate({ kind: 'report' }, 120, null)).toEqual({ pass: null, margin: null, text: 'report' });
    expect(evaluate({ kind: 'report' }, 120, null, 'no output').pass).toBe(false);
  });

  it('a ratio target without a baseline is a bench bug', () => {
    expect(() => evaluate({ kind: 'max-ratio', limit: 1.3 }, 1, null)).toThrow(RangeError);
  });

  it('targets read as the issue writes them', () => {
    expect(describeTarget({ kind: 'max-ratio', limit: 1.3 })).toBe('<= 1.30x');
    expect(describeTarget({ kind: 'min-speedup', limit: 3 })).toBe('>= 3.00x faster');
    expect(describeTarget({ kind: 'min-ratio', limit: 0.95 })).toBe('>= 0.95x');
    expect(describeTarget({ kind: 'min', limit: 2000, unit: 'req/s' })).toBe('>= 2,000 req/s');
    expect(describeTarget({ kind: 'max', limit: 20, unit: 'kB' })).toBe('<= 20.0 kB');
  });

  it('figures keep about three significant digits', () => {
    expect(formatValue(22_719.4)).toBe('22,719');
    expect(formatValue(457.2)).toBe('457');
    expect(formatValue(14.84)).toBe('14.8');
    expect(formatValue(4.5)).toBe('4.50');
  });
});

describe('bench table', () => {
  const rows = [
    toRow({
      scenario: 'status-2000',
      metric: '2000 sequential calls',
      unit: 'ms',
      target: { kind: 'max-ratio', limit: 1.15 },
      sdkSamples: [110, 100, 120],
      baselineSamples: [100, 90, 110],
      baselineName: 'fetch',
    }),
    toRow({ scenario: 'bundle', metric: 'gzip', unit: 'kB', target: { kind: 'report' }, sdkSamples: [120], note: 'zod most' }),
  ];

  it('a row holds medians, their ratio, the verdict and every sample', () => {
    expect(rows[0]).toMatchObject({ sdk: 110, baseline: 100, target: '<= 1.15x', pass: true, samples: { sdk: [110, 100, 120] } });
    expect(rows[0]!.ratio).toBeCloseTo(1.1);
    expect(rows[1]).toMatchObject({ baseline: null, ratio: null, pass: null, verdict: 'report', note: 'zod most' });
  });

  it('prints aligned columns with a header and a rule', () => {
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^scenario\s+\| metric\s+\| SDK\s+\| baseline\s+\| ratio \| target\s+\| result$/);
    expect(lines[1]).toMatch(/^-+-\|-/);
    expect(lines[2]).toContain('| 110 ms | 100 ms   | 1.10x | <= 1.15x | pass (4.3% headroom)');
    expect(lines[3]).toContain('| 120 kB | -        | -     | report');
    const bars = lines.map((l) => [...l.matchAll(/\|/g)].map((m) => m.index));
    expect(bars[2]).toEqual(bars[0]);
  });

  it('summarises passes, misses and report-only rows', () => {
    expect(summarise(rows)).toBe('1 pass, 0 miss, 1 report only');
  });
});

describe('bench measurement', () => {
  it('alternates two sides AB BA BA AB', () => {
    expect([0, 1, 2, 3].map((i) => roundOrder(['a', 'b'], i).join(''))).toEqual(['ab', 'ba', 'ba', 'ab']);
  });

  it('with three sides, each leads once per cycle', () => {
    const firsts = [0, 1, 2].map((i) => roundOrder(['a', 'b', 'c'], i)[0]);
    expect(new Set(firsts).size).toBe(3);
  });

  it('drops the warm-up rounds and keeps each side’s figures apart', async () => {
    const calls: string[] = [];
    let n = 0;
    const samples = await alternate({
      warmup: 1,
      reps: 5,
      probes: { sdk: () => (calls.push('sdk'), ++n), baseline: () => (calls.push('baseline'), -++n) },
    });
    expect(calls).toHaveLength(12);
    expect(samples.sdk).toHaveLength(5);
    expect(samples.baseline).toHaveLength(5);
    expect(samples.sdk.every((v) => v > 2) && samples.baseline.every((v) => v < -2)).toBe(true);
  });
});

describe('bench fixture', () => {
  it('a PDF of exactly the size asked, the same for the same seed', () => {
    const a = pdfBytes(1001, 7);
    expect(a).toHaveLength(1001);
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes(1001, 7).equals(a)).toBe(true);
    expect(pdfBytes(1001, 8).equals(a)).toBe(false);
  });

  it('the message holds the asked number of attachments of that size', () => {
    const message = largeMessage(2, 3000);
    expect(message.attachments).toHaveLength(2);
    expect(Buffer.from(message.attachments[1]!.content, 'base64')).toHaveLength(3000);
  });
});

describe('bench profile summary', () => {
  /** A profile with one sampled node per function, each sampled for the given microseconds. */
  const profile = (functions: readonly [string, string, number][]): CpuProfile => ({
    nodes: functions.map(([functionName, url], i) => ({ id: i + 1, callFrame: { functionName, url } })),
    samples: functions.map((_, i) => i + 1),
    timeDeltas: functions.map(([, , us]) => us),
  });

  it('groups code by where it lives', () => {
    expect(groupOf('file:///x/bench/.tmp/node_modules/cdms-sdk/dist/index.js', 'request')).toBe('cdms-sdk');
    expect(groupOf('file:///x/node_modules/ky/distribution/core/Ky.js', 'Ky')).toBe('ky');
    expect(groupOf('node:internal/deps/undici/undici', 'fetch')).toBe('undici (fetch)');
    expect(groupOf('node:internal/abort_controller', 'createAbortSignal')).toBe('abort signals and events');
    expect(groupOf('', '(garbage collector)')).toBe('garbage collector');
    expect(groupOf('', 'parse')).toBe('V8 built-ins (JSON, RegExp, ...)');
    expect(groupOf('file:///x/bench/profile.ts', 'loop')).toBe('the bench itself');
  });

  it('adds up self time per key', () => {
    const p = profile([['a', 'node:events', 3], ['b', 'node:events', 4], ['(idle)', '', 10]]);
    expect(selfTime(p, groupOf)).toEqual(new Map([['abort signals and events', 7], ['idle', 10]]));
  });

  it('compares per call, largest difference first, idle left out', () => {
    const baseline = profile([['fetch', 'node:internal/deps/undici/undici', 400], ['(idle)', '', 900]]);
    const sdk = profile([
      ['fetch', 'node:internal/deps/undici/undici', 440],
      ['Ky', 'file:///r/node_modules/ky/distribution/core/Ky.js', 200],
      ['(idle)', '', 50],
    ]);
    const lines = compareProfiles({ baseline, sdk }, 2).split('\n');
    expect(lines[0]).toMatch(/^self CPU time per call \(us\), by group\s+fetch\s+SDK\s+SDK-fetch$/);
    expect(lines[1]).toMatch(/^ky\s+0\.0\s+100\.0\s+\+100\.0$/);
    expect(lines[2]).toMatch(/^undici \(fetch\)\s+200\.0\s+220\.0\s+\+20\.0$/);
    expect(lines[3]).toMatch(/^total \(idle left out\)\s+200\.0\s+320\.0\s+\+120\.0$/);
    expect(lines.some((l) => l.includes('idle') && !l.startsWith('total'))).toBe(false);
  });

  it('adds up the runs of a side, and with ky alone profiled shows the SDK against it too', () => {
    const run = (undici: number, ky: number): CpuProfile =>
      profile([['fetch', 'node:internal/deps/undici/undici', undici], ['Ky', 'file:///r/node_modules/ky/distribution/core/Ky.js', ky]]);
    const baseline = [run(200, 0), run(200, 0)];
    const kyAlone = [run(210, 90), run(230, 110)];
    const sdk = [run(220, 100), run(220, 100)];
    const lines = compareProfiles({ baseline, ky: kyAlone, sdk }, 4).split('\n');
    expect(lines[0]).toMatch(/fetch\s+ky alone\s+SDK\s+SDK-fetch\s+SDK-ky$/);
    expect(lines[1]).toMatch(/^ky\s+0\.0\s+50\.0\s+50\.0\s+\+50\.0\s+\+0\.0$/);
    expect(lines[2]).toMatch(/^undici \(fetch\)\s+100\.0\s+110\.0\s+110\.0\s+\+10\.0\s+\+0\.0$/);
    expect(lines[3]).toMatch(/^total \(idle left out\)\s+100\.0\s+160\.0\s+160\.0\s+\+60\.0\s+\+0\.0$/);
  });
});
