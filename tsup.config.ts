import { defineConfig, type Options } from 'tsup';

const entry = {
  index: 'src/index.ts',
  'sandbox/index': 'src/sandbox/index.ts',
  'widget/index': 'src/widget/index.ts',
};

const shared: Options = {
  entry,
  target: 'node20',
  sourcemap: true,
  // Entries share chunks, so an error thrown from cdms-sdk/widget or cdms-sdk/sandbox is an
  // instance of the very CdmsError class that cdms-sdk exports.
  splitting: true,
  treeshake: true,
  // tsup 8.5's dts step on TypeScript 6 trips over its own baseUrl (toolchain.md, gotcha 1).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
};

export default defineConfig([
  { ...shared, format: 'esm' },
  // The `cdms` command: ESM only (a bin is never require()d); no types needed.
  { ...shared, entry: { 'cli/index': 'src/cli/index.ts' }, format: 'esm', dts: false },
  // ky, uuid and jose are ESM-only: a CJS build that requires them fails at call time
  // (toolchain.md, gotcha 2), so the CJS build carries its own copy.
  { ...shared, format: 'cjs', noExternal: ['ky', 'uuid', 'jose'] },
]);
