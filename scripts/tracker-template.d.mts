// Types of tracker-template.mjs, for the TypeScript that imports it (the test set-up).

/** Makes the embedded tracker database's template for the installed PGlite unless the cache holds it; returns its directory. */
export function ensureTrackerTemplate(): Promise<string>;

/** Copies the template into `outDir`. */
export function writeTrackerTemplate(outDir: string): Promise<void>;
