import { cpSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const entry = {
  index: 'src/index.ts',
  'sandbox/index': 'src/sandbox/index.ts',
  'widget/index': 'src/widget/index.ts',
  'tracker/index': 'src/tracker/index.ts',
  'worklist/index': 'src/worklist/index.ts',
  'conformance/index': 'src/conformance/index.ts',
};

// The wrong-patient check's worker thread (src/validation/pdf-check/pdf-pool.ts starts it):
// dist/pdf-worker.js and .cjs, at the top of dist/ where the pool looks for them. Not an
// export of the package: a file the package's own code starts, so no types.
const worker = { 'pdf-worker': 'src/validation/pdf-check/pdf-worker.ts' };

const shared: Options = {
  entry,
  target: 'node20',
  sourcemap: true,
  // Entries share chunks, so an error thrown from cdms-sdk/widget or cdms-sdk/sandbox is an
  // instance of the very CdmsError class that cdms-sdk exports.
  splitting: true,
  treeshake: true,
  // An optional peer dependency, loaded at run time if installed (src/telemetry/otel-api.ts): never bundled.
  external: ['@opentelemetry/api'],
  // tsup 8.5's dts step on TypeScript 6 trips over its own baseUrl (toolchain.md, gotcha 1).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
};

// src/telemetry/otel-api.ts loads the optional @opentelemetry/api with `require` in the
// CommonJS build and `createRequire(import.meta.url)` in the ESM build; this flag picks one.
const esm: Options = { define: { __CDMS_CJS_BUILD__: 'false' } };
// The ESM branch is dead code in CommonJS; the shim only keeps esbuild from warning about
// import.meta. It also gives the CommonJS build the import.meta.url the console finds its assets with.
const cjs: Options = { define: { __CDMS_CJS_BUILD__: 'true' }, shims: true };

/** The web pages' static files ship beside the build (src/web/assets.ts and each page's assets.ts find them). */
function copyConsoleAssets(): Promise<void> {
  cpSync('src/web/assets', 'dist/web-assets', { recursive: true });
  cpSync('src/sandbox/console/assets', 'dist/console-assets', { recursive: true });
  cpSync('src/worklist/assets', 'dist/worklist-assets', { recursive: true });
  return Promise.resolve();
}

export default defineConfig([
  { ...shared, ...esm, format: 'esm', onSuccess: copyConsoleAssets },
  { ...shared, ...esm, entry: worker, format: 'esm', dts: false },
  // The `cdms` command: ESM only (a bin is never require()d); no types needed.
  { ...shared, ...esm, entry: { 'cli/index': 'src/cli/index.ts' }, format: 'esm', dts: false },
  // ky, uuid and jose are ESM-only: a CJS build that requires them fails at call time
  // (toolchain.md, gotcha 2), so the CJS build carries its own copy.
  { ...shared, ...cjs, format: 'cjs', noExternal: ['ky', 'uuid', 'jose'] },
  { ...shared, ...cjs, entry: worker, format: 'cjs', dts: false },
]);
