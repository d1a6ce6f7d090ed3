// The built package, loaded as a user's `import 'cdms-sdk'` would load it.
// Under tsx that name means src/ (tsconfig "paths"), so plain Node is asked
// where it resolves (bench/children/resolve.ts) and that file is imported.
import type * as SdkModule from 'cdms-sdk';
import type * as SandboxModule from 'cdms-sdk/sandbox';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, runChild } from './children.js';

export type Sdk = typeof SdkModule;
export type SandboxApi = typeof SandboxModule;

export interface BuiltSdk {
  sdk: Sdk;
  /** The file `cdms-sdk` resolves to (dist/index.js). */
  indexFile: string;
}

/** Imports dist/ through the package's own exports; refuses anything outside dist/. */
export async function loadBuiltSdk(): Promise<BuiltSdk> {
  const resolved = await runChild<{ index: string; sandbox: string }>('resolve');
  const indexFile = fileURLToPath(resolved.index);
  const dist = `${ROOT}dist/`;
  if (!indexFile.startsWith(dist)) throw new Error(`cdms-sdk resolves to ${indexFile}, not to the build in ${dist}; run npm run build`);
  const sdk = (await import(pathToFileURL(indexFile).href)) as Sdk;
  return { sdk, indexFile };
}
