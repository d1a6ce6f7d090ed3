// `cdms sandbox`: the local sandbox, until Ctrl-C or SIGTERM. Printing the
// sandbox's own key is the point: it is a throwaway key for a local server.
import type { Command } from 'commander';
import type { Sandbox, SandboxFaults } from '../../sandbox/index.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples, withoutConnectionOptions } from '../help.js';
import { docsUrl } from '../links.js';
import { isRecord } from '../../internal/is-record.js';
import { CONSOLE_PATHS, CONTROL_PATHS } from '../../sandbox/control/paths.js';
import { errorCode } from '../json-file.js';
import { openBrowser } from '../open-browser.js';
import { untilStopped } from '../until-stopped.js';
import { registerSandboxFaults } from './sandbox-faults.js';
import { registerSandboxMoves } from './sandbox-moves.js';
import { registerSandboxTokens } from './sandbox-tokens.js';
import { registerSandboxSample } from './sandbox-sample.js';
import { registerSandboxToolbar } from './sandbox-toolbar.js';
import { wholeNumber } from '../whole-number.js';

interface SandboxCommandOptions extends GlobalOptions {
  port?: string | undefined;
  seed?: string | undefined;
  faults?: string | undefined;
  open?: boolean | undefined;
}

const FAULTS_HINT = `--faults must be a JSON object, e.g. '{"gpconnect503Rate":0.3}' (see ${docsUrl('sandbox.md', 'faults')}).`;

/** An object is enough here: startSandbox checks every key and value, and refuses unknown ones. */
const isFaults = (value: unknown): value is SandboxFaults => isRecord(value);

function parseFaults(text: string | undefined): SandboxFaults | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(FAULTS_HINT);
  }
  if (!isFaults(value)) throw new UsageError(FAULTS_HINT);
  return value;
}

/** Starts the sandbox, turning its option and port errors into usage errors (exit 2). */
async function start(options: SandboxCommandOptions): Promise<Sandbox> {
  const port = wholeNumber(options.port, '--port', 65_535);
  const seed = wholeNumber(options.seed, '--seed', 4_294_967_295);
  const faults = parseFaults(options.faults);
  // Loaded only here: the other commands need not pay for the server's modules.
  const { startSandbox, SandboxError } = await import('../../sandbox/index.js');
  // A fixed key only when asked for (--api-key): a new one on each start is the safe default for a throwaway server.
  const apiKey = options.apiKey?.trim() || undefined;
  return startSandbox({ port, seed, faults, apiKey }).catch((error: unknown) => {
    if (error instanceof SandboxError) throw new UsageError(error.message);
    const code = errorCode(error);
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new UsageError(`Cannot listen on --port ${port ?? 0} (${code}); choose another port.`);
    throw error;
  });
}

/** Prints where the sandbox listens and its keys, as JSON or for a person. */
function announce(ctx: CliContext, sandbox: Sandbox): void {
  const consoleUrl = `${sandbox.url}${CONSOLE_PATHS.inbox}`;
  const exportLine = `export CDMS_BASE_URL=${sandbox.url} CDMS_API_KEY=${sandbox.apiKey}`;
  ctx.out.result(
    {
      url: sandbox.url,
      apiKey: sandbox.apiKey,
      forbiddenApiKey: sandbox.forbiddenApiKey,
      recipients: sandbox.recipients,
      topics: sandbox.topics,
      controlUrl: `${sandbox.url}${CONTROL_PATHS.info}`,
      consoleUrl,
      export: exportLine,
    },
    [
      `CDMS sandbox listening on ${sandbox.url}`,
      `  console            ${consoleUrl}`,
      `  API key            ${sandbox.apiKey}`,
      `  forbidden API key  ${sandbox.forbiddenApiKey} (valid, but 403 where the spec allows it)`,
      `  recipients         ${sandbox.recipients.join(', ')}`,
      `  topics             ${sandbox.topics.join(', ')}`,
      `  control API        ${sandbox.url}${CONTROL_PATHS.info} (see ${docsUrl('sandbox.md')})`,
      '',
      'In another terminal:',
      `  ${exportLine}`,
      '  cdms sandbox import <messageId>     # act as the practice (see cdms sandbox --help)',
      '',
      'Press Ctrl-C to stop.',
    ],
  );
}

/** Registers `cdms sandbox`. */
export function registerSandbox(program: Command, ctx: CliContext): void {
  const command = program
    .command('sandbox')
    .description(
      'run the local sandbox (the whole service on loopback, with its console) until Ctrl-C; its subcommands act on a running one. A new API key on each start; --api-key <key> keeps one across restarts',
    )
    .option('--port <port>', 'TCP port (default: a free one)')
    .option('--seed <seed>', 'seed of the fault decisions (default 1)')
    .option('--faults <json>', `faults to inject, as JSON (see ${docsUrl('sandbox.md', 'faults')})`)
    .option('--open', 'open the console in a browser ($BROWSER, else the system default)')
    .action(async (_options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<SandboxCommandOptions>();
      const sandbox = await start(options);
      // --api-key named the sandbox's own key: printed like a generated one, so the export line works.
      ctx.out.allow(options.apiKey);
      announce(ctx, sandbox);
      if (options.open) openBrowser(ctx, `${sandbox.url}${CONSOLE_PATHS.inbox}`);
      await untilStopped(ctx.signal);
      await sandbox.close();
      ctx.out.diagnostic('Sandbox stopped.');
    });
  registerSandboxMoves(command, ctx);
  registerSandboxTokens(command, ctx);
  registerSandboxToolbar(command, ctx);
  registerSandboxSample(command, ctx);
  registerSandboxFaults(command, ctx);
  withoutConnectionOptions(command);
  withExamples(command, [
    'cdms sandbox --open',
    '# the same port and key after a restart, so queued messages and CDMS_API_KEY stay good:',
    'cdms sandbox --port 4010 --api-key local-dev-key-1',
    'cdms sandbox --port 4010 --faults \'{"gpconnect503Rate":0.3,"retryAfterSeconds":1}\'',
    '# in another terminal, against that sandbox (--base-url or CDMS_BASE_URL):',
    'cdms sandbox import <messageId>',
    'cdms sandbox advance <messageId> --outcome mesh-rejected',
    'cdms sandbox access-code dr.patel',
    'cdms sandbox faults --fail-next gpconnect.send --count 2',
  ]);
}
