// `cdms sandbox --open`: the console in the user's browser. $BROWSER wins
// (the usual convention), else the platform's opener. Failing to open is a
// warning, never a failure: the URL is printed either way.
import { spawn } from 'node:child_process';
import type { CliContext } from './config.js';
import { envValue } from './config.js';

/** The program and arguments that open `url`. */
function opener(url: string, browser: string | undefined): [string, string[]] {
  if (browser) return [browser, [url]];
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

/** Starts the browser on `url`, detached; warns if it cannot be started. */
export function openBrowser(ctx: CliContext, url: string): void {
  const [command, args] = opener(url, envValue(ctx.io, 'BROWSER'));
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => ctx.out.warn(`could not start a browser (${command}); open ${url} yourself.`));
    child.unref();
  } catch {
    ctx.out.warn(`could not start a browser (${command}); open ${url} yourself.`);
  }
}
