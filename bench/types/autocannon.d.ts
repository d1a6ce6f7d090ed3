// The part of autocannon 8's API that bench/scenarios/sandbox-load.ts uses
// (autocannon ships no types and @types/autocannon is not installed).
declare module 'autocannon' {
  interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    /** Completed requests per one-second sample; `total` over the run. */
    requests: Percentiles & { total: number; sent: number };
    /** Latency in milliseconds. */
    latency: Percentiles;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
