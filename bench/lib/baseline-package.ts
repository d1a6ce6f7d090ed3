// The baseline of the tracker scenario: the package as another commit built
// it (by default `main`, what is released), measured in the same run as this
// checkout's build, by the same bench children. Its sources are taken with
// `git archive` into bench/.tmp/baseline-<commit>/ and built there with its
// own build script against this checkout's node_modules (a link), once per
// commit; then laid out as a project of its own, whose `cdms-sdk` is that
// build and whose children are this run's: so the one difference between the
// two sides is the package.
//
// BENCH_TRACKER_BASELINE=<git ref> picks the commit; `off` measures this build
// alone.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scriptPath, type ChildName } from './children.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));

/** A built package to measure, and the copies of the children that load it. */
export interface BaselinePackage {
  /** What the rows call it: `main @ 1a2b3c4d`. */
  name: string;
  /** The commit it was built from. */
  commit: string;
  /** A child's script in the baseline's project (its `cdms-sdk` is the baseline). */
  script(name: ChildName): string;
}

/** The baseline to measure, built if need be; undefined when BENCH_TRACKER_BASELINE is `off`. */
export async function baselinePackage(log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<BaselinePackage | undefined> {
  const ref = env['BENCH_TRACKER_BASELINE'] ?? 'main';
  if (ref === 'off') return undefined;
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = `${TMP}baseline-${commit.slice(0, 12)}/`;
  const source = `${dir}source/`;
  if (!existsSync(`${source}dist/tracker/index.js`)) {
    log(`tracker: building the baseline, ${ref} at ${commit.slice(0, 8)} (once per commit)`);
    rmSync(source, { recursive: true, force: true });
    mkdirSync(source, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${source}'`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    symlinkSync(realpathSync(`${ROOT}node_modules`), `${source}node_modules`);
    const build = spawn(process.execPath, ['scripts/build.mjs'], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
    const [code] = (await once(build, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the baseline's build (${ref} at ${commit.slice(0, 8)}) failed with ${String(code)}`);
  }
  // Its own project: package.json closes the scope, node_modules/cdms-sdk is the baseline build.
  const project = `${dir}project/`;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(`${project}node_modules/cdms-sdk`, { recursive: true });
  mkdirSync(`${project}children`, { recursive: true });
  writeFileSync(`${project}package.json`, '{ "private": true, "type": "module" }\n');
  cpSync(`${source}package.json`, `${project}node_modules/cdms-sdk/package.json`);
  cpSync(`${source}dist`, `${project}node_modules/cdms-sdk/dist`, { recursive: true, filter: (f) => !/\.(map|d\.ts|d\.cts)$/.test(f) });
  return {
    name: `${ref} @ ${commit.slice(0, 8)}`,
    commit,
    script(name) {
      const copy = `${project}children/${name}.mjs`;
      if (!existsSync(copy)) cpSync(scriptPath(name), copy);
      return copy;
    },
  };
}
