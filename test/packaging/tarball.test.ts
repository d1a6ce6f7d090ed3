// The package as a user gets it: `npm pack`, then install the tarball into
// fresh projects, one per TypeScript moduleResolution (node10 in a CommonJS
// project, node16 and bundler in ESM ones), and use every entry point from
// ESM, CommonJS, TypeScript (the newest and the lowest supported) and the
// `cdms` command in each.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The lowest TypeScript the package supports (README, "Requirements"); zod 4's own floor. */
const LOWEST_TYPESCRIPT = '5.5.4';

/** One export each entry point must have: proof that the right module was loaded. Add a line per entry point. */
const PROBES: Record<string, string> = {
  'cdms-sdk': 'CdmsClient',
  'cdms-sdk/sandbox': 'startSandbox',
  'cdms-sdk/widget': 'readLaunchTokens',
  'cdms-sdk/tracker': 'createTracker',
  'cdms-sdk/worklist': 'createWorklist',
  'cdms-sdk/conformance': 'runConformance',
};

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
const ENTRY_POINTS = Object.keys(pkg.exports)
  .filter((subpath) => subpath !== './package.json')
  .map((subpath) => (subpath === '.' ? 'cdms-sdk' : `cdms-sdk/${subpath.slice(2)}`));

/**
 * A tarball packed already (CI packs once for the runs on the other Node
 * lines, which then need not rewrite package.json while other files read it,
 * so this file runs beside them); otherwise this file packs its own.
 */
const PACKED = process.env.CDMS_TARBALL;

/** `npm pack` of the repository into the work folder: the tarball's path, and its file list in `files`. */
async function pack(): Promise<string> {
  // The manifest as prepack/postpack make it (scripts skipped here, so run by hand).
  await run(process.execPath, ['scripts/pack-manifest.mjs', 'strip'], { cwd: root });
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root }).finally(() =>
    run(process.execPath, ['scripts/pack-manifest.mjs', 'restore'], { cwd: root }),
  );
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  files = packed!.files.map((f) => f.path);
  return join(work, packed!.filename);
}

let work: string;
/** The ESM project on node16 where the run-time checks happen. */
let project: string;
/** A fresh project per moduleResolution (node16 only where the compiler's checks are left out). */
let projects: { node16: string; node10?: string; bundler?: string };

/**
 * What the TypeScript compiler makes of the package's declarations is the
 * same on every Node line: CI's runs on the other lines set CDMS_TYPES=off
 * and keep only the run-time checks (loading, the sandbox, the command),
 * which are the line's own.
 */
const TYPES = process.env.CDMS_TYPES !== 'off';
/** The projects made for this run. */
const RESOLUTIONS_MADE = TYPES ? (['node10', 'node16', 'bundler'] as const) : (['node16'] as const);
let files: string[];

/** A new project of that module type with the tarball (and a TypeScript, if given) installed. */
async function freshProject(name: string, type: 'module' | 'commonjs', tarball: string, typescript?: string): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  const install = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'];
  await run(npm, [...install, tarball, ...(typescript ? [`typescript@${typescript}`] : [])], { cwd: dir });
  return dir;
}

/**
 * `npm pack` the package (the build `npm test` just made: --ignore-scripts
 * keeps `prepack` from rebuilding dist/ under the other tests), then install
 * the tarball into a fresh project per resolution, with the lowest supported
 * TypeScript where it is checked (the newest is the repository's).
 */
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cdms-pack-'));
  const tarball = PACKED ?? (await pack());
  if (PACKED) files = (await run('tar', ['-tzf', PACKED])).stdout.split('\n').filter(Boolean).map((path) => path.replace(/^package\//, ''));
  if (TYPES) {
    const [node10, node16, bundler] = await Promise.all([
      freshProject('consumer-node10', 'commonjs', tarball, LOWEST_TYPESCRIPT),
      freshProject('consumer', 'module', tarball, LOWEST_TYPESCRIPT),
      freshProject('consumer-bundler', 'module', tarball),
    ]);
    projects = { node10, node16, bundler };
  } else {
    // The run-time checks need one project; the others exist for the compiler's checks.
    projects = { node16: await freshProject('consumer', 'module', tarball) };
  }
  project = projects.node16;
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Loads every entry point (`load` binds `entries[name]`), checks its probe, then talks to the sandbox. */
const ENTRY_SCRIPT = (load: string) => `const entries = {};
${load}
const probes = ${JSON.stringify(PROBES)};
for (const [name, probe] of Object.entries(probes)) if (typeof entries[name]?.[probe] !== 'function') throw new Error(name + ' incomplete');
const [main, sandbox, widget] = [entries['cdms-sdk'], entries['cdms-sdk/sandbox'], entries['cdms-sdk/widget']];
const box = await sandbox.startSandbox();
const client = new main.CdmsClient({ baseUrl: box.url, apiKey: box.apiKey });
await client.test();
const topics = await client.topics.list();
const page = await fetch(box.url + '/_sandbox/console');
const htmx = await fetch(box.url + '/_sandbox/console/assets/htmx.min.js');
const consoleServed = page.status === 200 && htmx.status === 200 && (await htmx.text()).includes('htmx');
await box.close();
console.log(JSON.stringify({ topics: topics.length > 0, console: consoleServed, shared: Object.getPrototypeOf(widget.LaunchTokenError.prototype) === main.CdmsError.prototype }));`;

describe('tarball', () => {
  it('every entry point has its probe (add a line to PROBES for a new one)', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...ENTRY_POINTS].sort());
  });

  it('holds the build, README, CHANGELOG, SECURITY and licence only: no sources, tests or secrets', () => {
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.cjs');
    expect(files).toContain('dist/cli/index.js');
    for (const asset of ['console.js', 'console.css', 'favicon.svg']) expect(files).toContain(`dist/console-assets/${asset}`);
    for (const asset of ['htmx.min.js', 'live-events.js']) expect(files).toContain(`dist/web-assets/${asset}`);
    expect(files).toContain('dist/worklist-assets/worklist.css');
    // The embedded ledger is the runtime's own SQLite: nothing of a database engine ships.
    expect(files.filter((f) => f.startsWith('dist/tracker-template/'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'SECURITY.md']));
    for (const file of files) {
      expect(file).toMatch(/^(dist\/|README\.md$|CHANGELOG\.md$|SECURITY\.md$|LICENSE$|package\.json$)/);
      expect(file).not.toMatch(/test|\.env|\.pem$|\.key$|secret/i);
    }
  });

  it('carries a manifest without the prepare script (it builds a clone; npm warned about it on every install)', () => {
    const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'cdms-sdk', 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    expect(installed.scripts?.prepare).toBeUndefined();
    expect(installed.scripts?.build).toBeDefined();
    const repository = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(repository.scripts.prepare).toBe('node scripts/prepare.mjs');
  });

  it('imports every entry point from ESM and talks to its sandbox', async () => {
    const load = ENTRY_POINTS.map((name) => `entries['${name}'] = await import('${name}');`).join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', ENTRY_SCRIPT(load)], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ topics: true, console: true, shared: true });
  });

  it('requires every entry point from CommonJS and talks to its sandbox', async () => {
    const load = ENTRY_POINTS.map((name) => `entries['${name}'] = require('${name}');`).join('\n');
    const script = `(async () => { ${ENTRY_SCRIPT(load)} })().catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ topics: true, console: true, shared: true });
  });

  it.each(RESOLUTIONS_MADE)('runs `npx cdms --help` and `--version` in the %s project', async (resolution) => {
    const cwd = projects[resolution]!;
    // Offline: should the local bin be missing, npx must fail, not fetch some other package named cdms.
    const env = { ...process.env, npm_config_offline: 'true' };
    const help = await run(npx, ['cdms', '--help'], { cwd, env });
    expect(help.stdout).toMatch(/^Usage: cdms /);
    expect(help.stdout).toContain('CDMS_REJECTED_CONTENT_FILE');
    const { stdout } = await run(join(cwd, 'node_modules/.bin/cdms'), ['--version'], { cwd });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  const RESOLUTIONS = {
    node10: { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true },
    node16: { module: 'node16', moduleResolution: 'node16' },
    bundler: { module: 'esnext', moduleResolution: 'bundler' },
  } as const;
  /**
   * Each resolution once, and the lowest TypeScript on the two resolutions
   * older projects use. The newest TypeScript is the repository's (6.x,
   * which deprecates node10); the lowest is installed in the project.
   */
  const CHECKS = [
    ['node16', 'newest'],
    ['bundler', 'newest'],
    ['node10', 'lowest'],
    ['node16', 'lowest'],
  ] as const;
  const tscOf = (resolution: keyof typeof RESOLUTIONS, typescript: 'newest' | 'lowest') =>
    join(typescript === 'newest' ? root : projects[resolution]!, 'node_modules/typescript/bin/tsc');

  it.runIf(TYPES).concurrent.each(CHECKS)('type-checks with moduleResolution %s on the %s TypeScript, without skipLibCheck, in its own project', async (resolution, typescript) => {
    const dir = join(projects[resolution]!, `check-${typescript}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'use.ts'), useTs(ENTRY_POINTS));
    const compilerOptions = { ...RESOLUTIONS[resolution], target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['use.ts'] }));
    const tsc = tscOf(resolution, typescript);
    const { stdout } = await run(process.execPath, [tsc, '--version']);
    expect(stdout).toContain(typescript === 'lowest' ? `Version ${LOWEST_TYPESCRIPT}` : 'Version 6.');
    await expect(run(process.execPath, [tsc, '-p', dir], { cwd: projects[resolution]! })).resolves.toBeDefined();
  }, 180_000);

  // @opentelemetry/api is an optional peer: npm does not install it, and both builds must load and work without it.
  const WITHOUT_OTEL = (load: string) => `${load}
let resolvable = true;
try { createRequire(process.cwd() + '/')('@opentelemetry/api'); } catch { resolvable = false; }
const box = await sandbox.startSandbox();
const client = new main.CdmsClient({ baseUrl: box.url, apiKey: box.apiKey, propagateTraceContext: true });
await client.test();
let refused = '';
try { new main.CdmsClient({ baseUrl: box.url, apiKey: box.apiKey, tracerProvider: { getTracer: () => ({}) } }); } catch (e) { refused = e.name; }
await box.close();
console.log(JSON.stringify({ resolvable, refused }));`;

  it.each([
    ['ESM', `import { createRequire } from 'node:module'; const main = await import('cdms-sdk'); const sandbox = await import('cdms-sdk/sandbox');`, ['--input-type=module']],
    ['CommonJS', `const { createRequire } = require('node:module'); const main = require('cdms-sdk'); const sandbox = require('cdms-sdk/sandbox');`, []],
  ])('%s: without @opentelemetry/api installed, loads and works, and refuses a provider option', async (_name, load, flags) => {
    const script = flags.length > 0 ? WITHOUT_OTEL(load) : `(async () => { ${WITHOUT_OTEL(load)} })().catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, [...flags, '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ resolvable: false, refused: 'ConfigurationError' });
  });

  // Then installed next to it, as an app would: both builds find it at run time and record into the app's provider.
  const WITH_OTEL = (load: string) => `${load}
trace.setGlobalTracerProvider(new otel.BasicTracerProvider({ spanProcessors: [new otel.SimpleSpanProcessor(exporter)] }));
const box = await sandbox.startSandbox();
await new main.CdmsClient({ baseUrl: box.url, apiKey: box.apiKey }).test();
await box.close();
console.log(JSON.stringify(exporter.getFinishedSpans().map((s) => s.name)));`;
  const LOAD_OTEL = 'const exporter = new otel.InMemorySpanExporter();';

  it.each([
    [
      'ESM',
      `const { trace } = await import('@opentelemetry/api'); const otel = await import('@opentelemetry/sdk-trace-base'); ${LOAD_OTEL} const main = await import('cdms-sdk'); const sandbox = await import('cdms-sdk/sandbox');`,
      ['--input-type=module'],
    ],
    [
      'CommonJS',
      `const { trace } = require('@opentelemetry/api'); const otel = require('@opentelemetry/sdk-trace-base'); ${LOAD_OTEL} const main = require('cdms-sdk'); const sandbox = require('cdms-sdk/sandbox');`,
      [],
    ],
  ])('%s: with @opentelemetry/api installed, records its spans into the app\'s provider', async (name, load, flags) => {
    if (name === 'ESM') {
      const dev = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
      const wanted = ['@opentelemetry/api', '@opentelemetry/sdk-trace-base'].map((p) => `${p}@${dev[p]}`);
      await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...wanted], { cwd: project });
    }
    const script = flags.length > 0 ? WITH_OTEL(load) : `(async () => { ${WITH_OTEL(load)} })().catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, [...flags, '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual(['GET /api/v1/test', 'cdms.test']);
  }, 120_000);

  it('leaves no tarball in the repository', () => {
    expect(readdirSync(root).filter((f) => f.endsWith('.tgz'))).toEqual([]);
  });
});

/** A consumer's module: a typed send, and every entry point's types imported whole. */
const useTs = (entryPoints: readonly string[]) => `import { CdmsClient, LocalValidationError, type StandardMessageParams, type MessageStatus } from 'cdms-sdk';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { readLaunchTokens } from 'cdms-sdk/widget';
${entryPoints.map((name, i) => `import type * as entry${i} from '${name}';`).join('\n')}
const message: StandardMessageParams = {
  topic: 'Discharge Summary',
  recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
  subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
  attachments: [{ mimeType: 'application/pdf', fileName: 'a.pdf', content: 'JVBERi0xLjQK' }],
};
export async function use(box: Sandbox): Promise<MessageStatus['status']> {
  const cdms = new CdmsClient({ baseUrl: box.url, apiKey: box.apiKey });
  const { messageId } = await cdms.messages.send(message);
  return (await cdms.messages.status(messageId)).status;
}
export const kinds = [LocalValidationError, startSandbox, readLaunchTokens] as const;
export type Entries = [${entryPoints.map((_, i) => `typeof entry${i}`).join(', ')}];
`;
