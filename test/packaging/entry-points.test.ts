// Every entry point of package.json "exports" is declared in each place that
// needs it. Adding an entry point is one line in each; this test names the
// place that was missed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import tsupConfig from '../../tsup.config.js';
import vitestConfig from '../../vitest.config.js';

const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;

interface PackageJson {
  exports: Record<string, string | { import: { types: string }; require: { types: string } }>;
  typesVersions: Record<string, Record<string, string[]>>;
}

const pkg = read<PackageJson>('package.json');

/** Each code entry point: its subpath ('' for the root), its source, and its types. */
const entries = Object.entries(pkg.exports)
  .filter((entry): entry is [string, { import: { types: string }; require: { types: string } }] => typeof entry[1] === 'object')
  .map(([subpath, target]) => {
    const sub = subpath.replace(/^\.\/?/, '');
    return {
      name: sub ? `cdms-sdk/${sub}` : 'cdms-sdk',
      sub,
      source: sub ? `src/${sub}/index.ts` : 'src/index.ts',
      dist: sub ? `${sub}/index` : 'index',
      types: target.import.types,
      cjsTypes: target.require.types,
    };
  });

describe('entry points', () => {
  it('package.json exports the main entry, the sandbox and the widget helpers', () => {
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['cdms-sdk', 'cdms-sdk/sandbox', 'cdms-sdk/widget']));
  });

  it.each(entries)('$name: ESM and CJS types side by side in dist/', ({ types, cjsTypes, dist }) => {
    expect([types, cjsTypes]).toEqual([`./dist/${dist}.d.ts`, `./dist/${dist}.d.cts`]);
  });

  it.each(entries.filter((e) => e.sub))('$name: typesVersions, for moduleResolution node10', ({ sub, types }) => {
    expect(pkg.typesVersions['*']?.[sub]).toEqual([types]);
  });

  it.each(entries)('$name: built by tsup.config.ts', ({ dist, source }) => {
    const configs = Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig];
    const entry = (configs[0] as { entry?: Record<string, string> }).entry ?? {};
    expect(entry[dist]).toBe(source);
  });

  it.each(entries)('$name: documented by typedoc.json', ({ source }) => {
    expect(read<{ entryPoints: string[] }>('typedoc.json').entryPoints).toContain(source);
  });

  it.each(entries)('$name: resolved to its source by tsconfig.json and vitest.config.ts', ({ name, source }) => {
    const paths = read<{ compilerOptions: { paths: Record<string, string[]> } }>('tsconfig.json').compilerOptions.paths;
    expect(paths[name]).toEqual([`./${source}`]);
    const aliases = (vitestConfig.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
    const alias = aliases.find((a) => a.find.test(name));
    expect(alias?.replacement.endsWith(source)).toBe(true);
  });
});
