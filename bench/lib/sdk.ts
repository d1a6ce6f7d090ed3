// The built package, loaded as a user's `import 'cdms-sdk'` would load it.
// Under tsx that name means src/ (tsconfig "paths"), so plain Node is asked
// where it resolves from the children's directory (bench/children/resolve.ts)
// and that file is imported: the snapshot of dist/ (lib/snapshot.ts).
import type * as SdkModule from 'cdms-sdk';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runChild } from './children.js';
import { SNAPSHOT_DIR } from './snapshot.js';

export type Sdk = typeof SdkModule;

export interface BuiltSdk {
  sdk: Sdk;
  /** The file `cdms-sdk` resolves to (the snapshot's dist/index.js). */
  indexFile: string;
}

/** Imports the snapshot through the package's exports; refuses anything else. */
export async function loadBuiltSdk(): Promise<BuiltSdk> {
  const resolved = await runChild<{ index: string; sandbox: string }>('resolve');
  const indexFile = fileURLToPath(resolved.index);
  const dist = `${SNAPSHOT_DIR}dist/`;
  for (const file of [indexFile, fileURLToPath(resolved.sandbox)]) {
    if (!file.startsWith(dist)) throw new Error(`cdms-sdk resolves to ${file}, not to the build copied to ${dist}`);
  }
  const sdk = (await import(pathToFileURL(indexFile).href)) as Sdk;
  return { sdk, indexFile };
}
