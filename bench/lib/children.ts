// Child processes of the bench. Fresh-process figures (cold start, peak RSS)
// and the servers run under plain `node`, never tsx: tsx would add its own
// loader to both sides and, through tsconfig "paths", resolve `cdms-sdk` to
// src/ instead of the built package. So the children, written in TypeScript
// like the rest, are bundled once per run with esbuild into bench/.tmp/,
// keeping every package import (`cdms-sdk`, ky, zod, uuid) external: from
// there Node resolves `cdms-sdk` to the snapshot of the build (snapshot.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const OUT_DIR = fileURLToPath(new URL('../.tmp/children/', import.meta.url));

/** The child scripts, by name (bench/children/<name>.ts). */
export type ChildName = 'server' | 'send-rss' | 'send-many' | 'send-pdf' | 'cold-sdk' | 'cold-baseline' | 'sandbox' | 'resolve' | 'relay' | 'telemetry-calls' | 'tracker-instance' | 'tracker-ledger' | 'send-big-pdf';

const CHILDREN: readonly ChildName[] = ['server', 'send-rss', 'send-many', 'send-pdf', 'cold-sdk', 'cold-baseline', 'sandbox', 'resolve', 'relay', 'telemetry-calls', 'tracker-instance', 'tracker-ledger', 'send-big-pdf'];

/** Bundles the children (their own helpers inlined, packages external). */
export async function buildChildren(): Promise<void> {
  const result = await build({
    entryPoints: Object.fromEntries(CHILDREN.map((name) => [name, fileURLToPath(new URL(`../children/${name}.ts`, import.meta.url))])),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    // Without this esbuild applies tsconfig.json "paths" and bundles src/ in place of `cdms-sdk`.
    tsconfigRaw: {},
    external: ['cdms-sdk', 'cdms-sdk/*'],
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    metafile: true,
  });
  const bundled = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs).filter((f) => !f.startsWith('bench/')));
  if (bundled.length > 0) throw new Error(`bench children must import the built package, yet they bundle ${bundled.join(', ')}`);
}

/** The bundled script of a child. */
export function scriptPath(name: ChildName): string {
  return `${OUT_DIR}${name}.mjs`;
}

export interface RunOptions {
  args?: readonly string[];
  env?: Record<string, string>;
  /** Extra node flags (e.g. --expose-gc, --cpu-prof). */
  nodeFlags?: readonly string[];
  /**
   * Start the child through bench/children/relay.ts, so that its maxRSS is
   * its own and not the bench's (see there). Needed for every RSS figure.
   */
  ownMaxRss?: boolean;
  /** A copy of the child's script elsewhere, whose packages resolve from there (see scenarios/telemetry.ts). */
  script?: string;
}

function start(name: ChildName, options: RunOptions, stdin: 'ignore' | 'pipe'): ChildProcess {
  const args = [...(options.nodeFlags ?? []), options.script ?? scriptPath(name), ...(options.args ?? [])];
  return spawn(process.execPath, options.ownMaxRss ? [scriptPath('relay'), ...args] : args, {
    cwd: OUT_DIR,
    // NODE_OPTIONS could carry tsx's loader; a child must be plain node.
    env: { ...withoutNodeOptions(process.env), ...options.env },
    stdio: [stdin, 'pipe', 'inherit'],
  });
}

/** Starts a child with its stdin piped, for a caller that reads its output line by line and ends it by closing stdin. */
export function spawnChild(name: ChildName, options: RunOptions = {}): ChildProcess {
  return start(name, options, 'pipe');
}

function withoutNodeOptions(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && k !== 'NODE_OPTIONS') out[k] = v;
  return out;
}

/** Runs a child to its end and returns the JSON it printed last. */
export async function runChild<T>(name: ChildName, options: RunOptions = {}): Promise<T> {
  const child = start(name, options, 'ignore');
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`bench child ${name} exited with ${code}: ${out.slice(-500)}`);
  return lastJsonLine<T>(out, name);
}

function lastJsonLine<T>(out: string, name: string): T {
  const line = out.trim().split('\n').at(-1);
  if (!line) throw new Error(`bench child ${name} printed nothing`);
  return JSON.parse(line) as T;
}

/** A long-lived child (a server): its first line of JSON, and a way to stop it. */
export interface Service<T> {
  info: T;
  stop(): Promise<void>;
}

/** Starts a server child; it prints one JSON line when ready and exits when its stdin closes. */
export async function startService<T>(name: ChildName, options: RunOptions = {}): Promise<Service<T>> {
  const child = start(name, options, 'pipe');
  const exited = once(child, 'exit');
  const info = await new Promise<T>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl !== -1) resolve(JSON.parse(out.slice(0, nl)) as T);
    });
    void exited.then(([code]) => reject(new Error(`bench child ${name} exited with ${String(code)} before it was ready`)));
  });
  return {
    info,
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}
