#!/usr/bin/env node
// The `cdms` command. Ctrl-C (SIGINT) and SIGTERM abort the running
// command through one AbortController, so it can stop cleanly (exit 130 or
// 143; `cdms sandbox` closes and exits 0); a second Ctrl-C exits at once.
import { InterruptedError, EXIT } from './errors.js';
import { runCli } from './program.js';

const controller = new AbortController();

function onSignal(signal: 'SIGINT' | 'SIGTERM'): void {
  if (controller.signal.aborted) process.exit(signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint);
  controller.abort(new InterruptedError(signal));
}
const onSigint = () => onSignal('SIGINT');
const onSigterm = () => onSignal('SIGTERM');
process.on('SIGINT', onSigint);
process.on('SIGTERM', onSigterm);

// `cdms topics | head -1`: a closed pipe is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, controller.signal);
process.off('SIGINT', onSigint);
process.off('SIGTERM', onSigterm);
process.exitCode = code;
