// Where the time of a CPU profile goes, grouped by where the code lives
// (the SDK, ky, zod, OpenTelemetry, fetch's undici, web streams, abort
// signals, the garbage collector...). Pure, checked by test/bench.

/** The parts of a V8 `.cpuprofile` (node:inspector's Profiler.stop) used here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, for the summary. Order matters: first match wins. */
const GROUPS: readonly [string, (url: string, fn: string) => boolean][] = [
  ['garbage collector', (_, fn) => fn === '(garbage collector)'],
  ['idle', (_, fn) => fn === '(idle)' || fn === '(program)'],
  ['cdms-sdk', (url) => url.includes('/cdms-sdk/dist/')],
  ['OpenTelemetry API', (url) => url.includes('/@opentelemetry/')],
  ['ky', (url) => url.includes('/node_modules/ky/')],
  ['zod', (url) => url.includes('/node_modules/zod/')],
  ['undici (fetch)', (url) => url.startsWith('node:internal/deps/undici')],
  ['web streams', (url) => url.startsWith('node:internal/webstreams')],
  ['abort signals and events', (url) => /^node:(internal\/(abort_controller|event_target|worker\/js_transferable)|events)/.test(url)],
  ['other Node internals', (url) => url.startsWith('node:')],
  ['V8 built-ins (JSON, RegExp, ...)', (url) => url === ''],
];

/** The group of a function (see GROUPS); anything else is the bench's own code. */
export function groupOf(url: string, functionName: string): string {
  return GROUPS.find(([, match]) => match(url, functionName))?.[0] ?? 'the bench itself';
}

/** A function as the summary names it: name, then its file without the path to node_modules or dist. */
function functionKey(url: string, functionName: string): string {
  const file = url.replace(/^.*\/(node_modules|dist)\//, '').replace(/^file:\/\/.*\//, '');
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

/** Microseconds of self time over the whole profile, per key of each sampled function. */
export function selfTime(profile: CpuProfile, keyOf: (url: string, functionName: string) => string): Map<string, number> {
  const keys = new Map(profile.nodes.map((n) => [n.id, keyOf(n.callFrame.url, n.callFrame.functionName)]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = keys.get(id) ?? 'unknown';
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return totals;
}

/**
 * Microseconds per call of each side and their difference, largest
 * difference first: one table by group, then the `top` functions that
 * differ most.
 */
export function compareProfiles(sides: Record<'baseline' | 'sdk', CpuProfile>, calls: number, top = 15): string {
  const table = (title: string, keyOf: (url: string, fn: string) => string, limit: number): string[] => {
    const base = selfTime(sides.baseline, keyOf);
    const sdk = selfTime(sides.sdk, keyOf);
    const per = (m: Map<string, number>, k: string): number => (m.get(k) ?? 0) / calls;
    const diff = (k: string): number => per(sdk, k) - per(base, k);
    const keys = [...new Set([...base.keys(), ...sdk.keys()])].filter((k) => k !== 'idle' && k !== '(idle)' && k !== '(program)');
    keys.sort((a, b) => diff(b) - diff(a));
    const total = (m: Map<string, number>): number => keys.reduce((n, k) => n + per(m, k), 0);
    const width = Math.max(title.length, ...keys.slice(0, limit).map((k) => k.length));
    const line = (name: string, f: number, s: number): string =>
      `${name.padEnd(width)} ${f.toFixed(1).padStart(7)} ${s.toFixed(1).padStart(7)} ${(s - f >= 0 ? '+' : '') + (s - f).toFixed(1)}`;
    return [
      `${title.padEnd(width)} ${'fetch'.padStart(7)} ${'SDK'.padStart(7)} difference`,
      ...keys.slice(0, limit).map((k) => line(k, per(base, k), per(sdk, k))),
      line('total (idle left out)', total(base), total(sdk)),
    ];
  };
  return [
    ...table('self CPU time per call (us), by group', groupOf, Infinity),
    '',
    ...table(`the ${top} functions that differ most`, functionKey, top),
  ].join('\n');
}
