// Where the PDF pool's worker script is, and how to start it, from the built
// package or from the sources. Looked up through process.getBuiltinModule,
// never a static `node:` import: the main entry also bundles for runtimes
// without Node's modules, which then read PDFs on the calling thread.
import type * as Fs from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';

declare const __CDMS_CJS_BUILD__: boolean | undefined;

type Builtin = <T>(id: string) => T | undefined;

/** A Node built-in module (also provided by Deno and Bun), or undefined where there is none. */
export const builtin: Builtin = <T>(id: string): T | undefined => {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return proc?.getBuiltinModule?.(id) as T | undefined;
  } catch {
    return undefined;
  }
};

/** What starts one worker of the pool: `new Worker(script, options)`. */
export interface WorkerEntry {
  Worker: typeof WorkerThreads.Worker;
  script: URL | string;
  options: WorkerThreads.WorkerOptions;
}

/**
 * The worker script: `pdf-worker.js` (`.cjs` in the CommonJS build) at the
 * top of dist/, found from this module's place there (dist/ itself, or an
 * entry's folder below it); `pdf-worker.ts` beside this file when running
 * from the sources (vitest, tsx), imported by a worker that registers tsx's
 * loader first (a worker does not inherit the loader hooks of its parent on
 * Node 20). Undefined where workers or the script are not available.
 */
export function pdfWorkerEntry(): WorkerEntry | undefined {
  const threads = builtin<typeof WorkerThreads>('node:worker_threads');
  const fs = builtin<typeof Fs>('node:fs');
  if (!threads?.Worker || !fs) return undefined;
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const url = new URL('./pdf-worker.ts', here);
    const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
    return fs.existsSync(url) ? { Worker: threads.Worker, script, options: { eval: true } } : undefined;
  }
  const file = typeof __CDMS_CJS_BUILD__ === 'boolean' && __CDMS_CJS_BUILD__ ? 'pdf-worker.cjs' : 'pdf-worker.js';
  for (const place of [`./${file}`, `../${file}`]) {
    const url = new URL(place, here);
    if (fs.existsSync(url)) return { Worker: threads.Worker, script: url, options: {} };
  }
  return undefined;
}
