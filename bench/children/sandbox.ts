// The sandbox of sandbox-load, in its own process (the load tool runs in the
// bench's process, so each has a core).
const { startSandbox } = await import('cdms-sdk/sandbox');
const sandbox = await startSandbox({ port: 0 });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey })}\n`);
process.stdin.resume().on('end', () => {
  void sandbox.close().then(() => process.exit(0));
});
