// The measuring loop: warm-ups, then the SDK and its baseline alternated
// (AB BA BA AB ...) so that neither side always runs first, after the
// other's garbage or on a machine that is speeding up or slowing down.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One measurement: resolves to the figure of that run (ms, kB...). */
export type Probe = () => Promise<number> | number;

export interface AlternateOptions<K extends string> {
  /** Rounds before measuring (JIT, caches, connections); their figures are dropped. */
  warmup: number;
  /** Measured rounds (the issue asks for at least 5). */
  reps: number;
  /** The sides, e.g. `{ sdk, baseline }`; each runs once per round. */
  probes: Record<K, Probe>;
}

/**
 * The order of the sides in round `i`: rotated each round and reversed every
 * other cycle, so that each side runs first, last and after each other side
 * equally often (for two sides: AB BA BA AB ...).
 */
export function roundOrder<K>(sides: readonly K[], i: number): K[] {
  const n = sides.length;
  const rotated = sides.map((_, k) => sides[(k + i) % n]!);
  return Math.floor(i / n) % 2 === 1 ? rotated.reverse() : rotated;
}

/** Runs warm-up rounds, then `reps` measured rounds of every side, alternated. */
export async function alternate<K extends string>(options: AlternateOptions<K>): Promise<Record<K, number[]>> {
  const sides = Object.keys(options.probes) as K[];
  const samples = Object.fromEntries(sides.map((s) => [s, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < options.warmup + options.reps; i++) {
    for (const side of roundOrder(sides, i)) {
      const value = await options.probes[side]();
      if (i >= options.warmup) samples[side].push(value);
    }
  }
  return samples;
}

let gcFunction: (() => void) | undefined;

/**
 * A full garbage collection, so that a run does not pay for the garbage of
 * the one before (both sides get the same treatment). `npm run bench` runs
 * tsx without --expose-gc, so the flag is set at run time.
 */
export function collectGarbage(): void {
  if (!gcFunction) {
    setFlagsFromString('--expose-gc');
    gcFunction = runInNewContext('gc') as () => void;
  }
  gcFunction();
}

/** Milliseconds that `fn` takes, after a full collection. */
export async function timeMs(fn: () => unknown): Promise<number> {
  collectGarbage();
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
