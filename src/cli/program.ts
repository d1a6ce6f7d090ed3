// The `cdms` program: global options, the commands, and the mapping of
// every outcome to an exit code. `runCli` takes its streams, environment
// and abort signal as arguments, so it runs in-process in tests too.
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { registerConformance } from './commands/conformance.js';
import { registerSandbox } from './commands/sandbox.js';
import { registerSend } from './commands/send.js';
import { registerStatus } from './commands/status.js';
import { registerTest } from './commands/test.js';
import { registerToken } from './commands/token.js';
import { registerTopics } from './commands/topics.js';
import { registerTrack } from './commands/track/index.js';
import { registerValidate } from './commands/validate.js';
import { registerWidgets } from './commands/widgets.js';
import type { CliContext } from './config.js';
import { EXIT, reportError } from './errors.js';
import { docsUrl } from './links.js';
import { Output, type CliIo } from './output.js';
import { databaseSecrets } from './tracker-database.js';

const PROGRAM_HELP = `
Configuration:
  CDMS_BASE_URL, CDMS_API_KEY   the service's address and your key (--base-url and --api-key win)
  CDMS_ACCESS_TOKEN             a practice user's instant access token (send --route instant, token verify)
  CDMS_WIDGET_SECRET            the widget's 32-character encryption secret (widgets register)
  CDMS_REJECTED_CONTENT_FILE    where hashes of attachments the service rejected are kept, so they are never resent
                                (default $XDG_STATE_HOME/cdms/rejected-content.txt, else ~/.local/state/cdms/...)
  CDMS_TRACKER_DATABASE         the delivery tracker's database for track and send --track: a directory
                                or a postgres:// URL (--database wins; default ./.cdms/tracker)

Exit codes:
  0 success   1 API or network error   2 usage or local validation error (nothing sent)
  130 interrupted by Ctrl-C

Examples:
  $ cdms sandbox                        # a local service; prints the export line for another terminal
  $ cdms test
  $ cdms topics
  $ cdms send --topic 'Discharge Summary' --recipient A81001 --nhs-number 9434765919 --file summary.pdf
  $ cdms status <messageId> --json
  $ cdms track attention                # what the delivery tracker says needs a person

Every command takes --help. Docs: ${docsUrl('cli.md')}`;

/** The options before `--` (what follows is data, not flags). */
function flagsOf(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}

/** Values of `--name v` and `--name=v` in argv, to mask before commander has parsed anything. */
function valuesOf(argv: readonly string[], name: string): string[] {
  const flags = flagsOf(argv);
  return flags.flatMap((arg, i) => (arg === name ? [flags[i + 1] ?? ''] : arg.startsWith(`${name}=`) ? [arg.slice(name.length + 1)] : []));
}

/** Secrets known before parsing: those in the environment and in argv. */
function initialSecrets(argv: readonly string[], io: CliIo): string[] {
  const env = ['CDMS_API_KEY', 'CDMS_ACCESS_TOKEN', 'CDMS_WIDGET_SECRET'].map((name) => io.env[name] ?? '');
  const databases = [io.env.CDMS_TRACKER_DATABASE, ...valuesOf(argv, '--database')].flatMap(databaseSecrets);
  return [...env, ...valuesOf(argv, '--api-key'), ...valuesOf(argv, '--access-token'), ...databases];
}

/** Builds the commander program for one run. */
export function createProgram(ctx: CliContext): Command {
  const { out } = ctx;
  const program = new Command('cdms')
    .description('The Clinical Document Messaging Service from a terminal: check, send, track.')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--base-url <url>', 'address of the service (else CDMS_BASE_URL)')
    .option('--api-key <key>', 'API key (else CDMS_API_KEY; prefer the variable: flags stay in shell history)')
    .option('--json', 'machine output: one JSON document on stdout, errors included')
    .option('--debug', "log the SDK's requests (never bodies or keys) and show stack traces, on stderr")
    // Settings that the subcommands created by .command() below inherit.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => out.rawOut(text),
      writeErr: (text) => out.rawErr(text),
      // With --json the error goes to stdout as JSON (see runCli); commander's text would only repeat it.
      outputError: (text, write) => {
        if (!out.json) write(text);
      },
    })
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(run with --help for usage and examples)')
    .addHelpText('after', PROGRAM_HELP);
  registerTest(program, ctx);
  registerTopics(program, ctx);
  registerSend(program, ctx);
  registerStatus(program, ctx);
  registerToken(program, ctx);
  registerWidgets(program, ctx);
  registerValidate(program, ctx);
  registerSandbox(program, ctx);
  registerTrack(program, ctx);
  registerConformance(program, ctx);
  return program;
}

function usageFailure(out: Output, error: CommanderError): number {
  if (error.exitCode === 0) return EXIT.ok; // --help, --version
  if (out.json) {
    const title = error.code === 'commander.help' ? 'A command is required: see `cdms --help`.' : error.message.replace(/^error: /, '');
    out.jsonDocument({ error: { name: 'UsageError', exitCode: EXIT.usage, title, message: title } });
  }
  return EXIT.usage;
}

/**
 * Runs `cdms` with `argv` (the arguments after the program name) and
 * returns the exit code. Never throws.
 */
export async function runCli(argv: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const flags = flagsOf(argv);
  const out = new Output(io, { json: flags.includes('--json'), secrets: initialSecrets(argv, io) });
  const ctx: CliContext = { io, out, signal, exitCode: EXIT.ok };
  try {
    await createProgram(ctx).parseAsync([...argv], { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return usageFailure(out, error);
    return reportError(out, error, { signal, debug: flags.includes('--debug'), context: { messageId: ctx.messageId, route: ctx.route, tracked: ctx.tracked } });
  }
}
