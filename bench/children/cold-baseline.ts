// Baseline of cold-start: loading the SDK's runtime dependencies (ky, zod,
// uuid) in a fresh process, timed as cold-sdk is.
const start = performance.now();
await Promise.all([import('ky'), import('zod'), import('uuid')]);
process.stdout.write(`${JSON.stringify({ ms: performance.now() - start })}\n`);
