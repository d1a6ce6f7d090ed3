// `@opentelemetry/api` is an optional peer dependency: the SDK must load and
// work where it is not installed, so it is never imported statically. It is
// required at run time instead: the CommonJS build with its own `require`
// (a literal call, so bundlers see the dependency), the ESM build through
// `createRequire` from `process.getBuiltinModule` (Node >= 20.16, Deno, Bun).
// A runtime with neither gets it by dynamic `import()`, a moment later.
// Whichever copy of the API loads, it reads the same global registration
// (the API keeps it on a versioned global symbol), so the app's providers
// are seen. Types only come from the package here: they are erased.
import type * as Api from '@opentelemetry/api';

/** The `@opentelemetry/api` module. */
export type OpenTelemetryApi = typeof Api;

/** Replaced by the build: true in the CommonJS build, false in the ESM build; undeclared when run from source. */
declare const __CDMS_CJS_BUILD__: boolean | undefined;

const MODULE_NAME = '@opentelemetry/api';

/**
 * Where every copy of `@opentelemetry/api` 1.x keeps what an app registers
 * (tracer, meter and propagator providers, the context manager, diag): the
 * API's own cross-copy contract, so two copies of the API in one app see the
 * same providers. It is absent until something is registered.
 */
const GLOBAL_REGISTRATION = Symbol.for('opentelemetry.js.api.1');

/** undefined: not tried yet; null: not installed (or not loadable); 'import': only `import()` can load it. */
let loaded: OpenTelemetryApi | null | 'import' | undefined;
let importing: Promise<OpenTelemetryApi | null> | undefined;

/**
 * The OpenTelemetry API when it can be loaded synchronously; null when it is
 * not installed; undefined when this runtime can only import it
 * asynchronously (then see {@link importOpenTelemetryApi}).
 */
export function openTelemetryApi(): OpenTelemetryApi | null | undefined {
  if (loaded === undefined) loaded = requireApi();
  return loaded === 'import' ? undefined : loaded;
}

/**
 * Whether an app has registered anything with OpenTelemetry (any copy of the
 * API, any version 1.x). Until then the API, loaded or not, records nothing
 * and no trace context can be active: the client need not load it.
 */
export function openTelemetryRegistered(): boolean {
  return (globalThis as { [GLOBAL_REGISTRATION]?: unknown })[GLOBAL_REGISTRATION] !== undefined;
}

/** Imports the API asynchronously (once), for runtimes without a synchronous loader. */
export function importOpenTelemetryApi(): Promise<OpenTelemetryApi | null> {
  importing ??= import(/* webpackIgnore: true */ /* @vite-ignore */ MODULE_NAME).then(
    (mod: unknown) => (loaded = asApi(mod)),
    () => (loaded = null),
  );
  return importing;
}

function requireApi(): OpenTelemetryApi | null | 'import' {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a static import would fail where the optional peer is absent
    if (typeof __CDMS_CJS_BUILD__ === 'boolean' && __CDMS_CJS_BUILD__) return asApi(require('@opentelemetry/api'));
    const load = esmRequire();
    return load ? asApi(load(MODULE_NAME)) : 'import';
  } catch {
    return null; // not installed (MODULE_NOT_FOUND), or broken: telemetry stays off
  }
}

/** A `require` resolving from this file, where the runtime offers one. */
function esmRequire(): ((id: string) => unknown) | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.('node:module') as { createRequire?: (from: string) => (id: string) => unknown } | undefined;
  return typeof mod?.createRequire === 'function' ? mod.createRequire(import.meta.url) : undefined;
}

/** The module, if it has the parts the SDK calls (a stub or a broken install does not). */
function asApi(mod: unknown): OpenTelemetryApi | null {
  const api = mod as Partial<OpenTelemetryApi> | null | undefined;
  const usable =
    typeof api?.trace?.getTracer === 'function' &&
    typeof api.metrics?.getMeterProvider === 'function' &&
    typeof api.context?.active === 'function';
  return usable ? api : null;
}

/** Test hook: whether the client has looked for the API yet (loaded it, or found it missing). */
export function openTelemetryApiLookedForForTesting(): boolean {
  return loaded !== undefined;
}

/**
 * Test hook: pretend the API is absent (`null`), given, reachable only by
 * `import()` (`'import'`, resolving to `imported`), or not yet looked for (`undefined`).
 */
export function setOpenTelemetryApiForTesting(api: OpenTelemetryApi | null | 'import' | undefined, imported: OpenTelemetryApi | null = null): void {
  loaded = api;
  importing = api === 'import' ? Promise.resolve(imported).then((a) => (loaded = a)) : undefined;
}
