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

/** One side's profiles (the runs of one client, added up). */
type SideProfiles = CpuProfile | readonly CpuProfile[];

/** The clients compared: raw fetch, optionally ky alone, and the SDK. */
export interface ProfileSides {
  baseline: SideProfiles;
  ky?: SideProfiles | undefined;
  sdk: SideProfiles;
}

/** Self time of every profile of a side, added up per key. */
function sideSelfTime(side: SideProfiles, keyOf: (url: string, functionName: string) => string): Map<string, number> {
  const totals = new Map<string, number>();
  const profiles: readonly CpuProfile[] = 'samples' in side ? [side] : side;
  for (const profile of profiles) {
    for (const [key, us] of selfTime(profile, keyOf)) totals.set(key, (totals.get(key) ?? 0) + us);
  }
  return totals;
}

/**
 * Microseconds per call of each side and the SDK's difference from fetch
 * (and from ky alone, when profiled), largest difference from fetch first:
 * one table by group, then the `top` functions that differ most.
 */
export function compareProfiles(sides: ProfileSides, calls: number, top = 15): string {
  const table = (title: string, keyOf: (url: string, fn: string) => string, limit: number): string[] => {
    const base = sideSelfTime(sides.baseline, keyOf);
    const ky = sides.ky === undefined ? undefined : sideSelfTime(sides.ky, keyOf);
    const sdk = sideSelfTime(sides.sdk, keyOf);
    const columns: [string, Map<string, number>][] = [['fetch', base], ...(ky ? [['ky alone', ky] as [string, Map<string, number>]] : []), ['SDK', sdk]];
    const per = (m: Map<string, number>, k: string): number => (m.get(k) ?? 0) / calls;
    const diff = (k: string): number => per(sdk, k) - per(base, k);
    const keys = [...new Set(columns.flatMap(([, m]) => [...m.keys()]))].filter((k) => k !== 'idle' && k !== '(idle)' && k !== '(program)');
    keys.sort((a, b) => diff(b) - diff(a));
    const width = Math.max(title.length, ...keys.slice(0, limit).map((k) => k.length));
    const signed = (n: number): string => ((n >= 0 ? '+' : '') + n.toFixed(1)).padStart(9);
    const line = (name: string, value: (m: Map<string, number>) => number): string => {
      const [f, s] = [value(base), value(sdk)];
      const cells = columns.map(([, m]) => value(m).toFixed(1).padStart(8));
      return `${name.padEnd(width)} ${cells.join(' ')} ${signed(s - f)}${ky ? ` ${signed(s - value(ky))}` : ''}`;
    };
    const total = (m: Map<string, number>): number => keys.reduce((n, k) => n + per(m, k), 0);
    return [
      `${title.padEnd(width)} ${columns.map(([name]) => name.padStart(8)).join(' ')} ${'SDK-fetch'.padStart(9)}${ky ? ` ${'SDK-ky'.padStart(9)}` : ''}`,
      ...keys.slice(0, limit).map((k) => line(k, (m) => per(m, k))),
      line('total (idle left out)', total),
    ];
  };
  return [
    ...table('self CPU time per call (us), by group', groupOf, Infinity),
    '',
    ...table(`the ${top} functions that differ most`, functionKey, top),
  ].join('\n');
}
