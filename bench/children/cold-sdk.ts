// Cold start of the SDK in a fresh process: loading the built package and
// constructing a client (CDMS_BASE_URL and CDMS_API_KEY come from the
// environment, as a user's would). Timed from the script's first line, so
// Node's own start-up, the same for both sides, is left out.
const start = performance.now();
const { CdmsClient } = await import('cdms-sdk');
new CdmsClient();
process.stdout.write(`${JSON.stringify({ ms: performance.now() - start })}\n`);
