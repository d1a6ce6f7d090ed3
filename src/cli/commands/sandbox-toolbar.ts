// `cdms sandbox toolbar [run|stop] <user>`: a practice user's toolbar in a
// running sandbox. Instant messages to a user are imported automatically only
// while that user's toolbar runs; without this, instant sends made from the
// command line could never import.
import type { Command } from 'commander';
import { isRecord } from '../../internal/is-record.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { withExamples } from '../help.js';
import { control, sandboxUrl } from '../sandbox-control.js';

interface RunOptions extends GlobalOptions {
  importFails?: boolean | undefined;
}

/** The users whose toolbars run, as the sandbox lists them. */
function usersOf(answer: unknown): string[] {
  return Array.isArray(answer) ? answer.filter(isRecord).map((t) => String(t.user)) : [];
}

/** Registers `cdms sandbox toolbar`, `… toolbar run <user>` and `… toolbar stop <user>`. */
export function registerSandboxToolbar(sandbox: Command, ctx: CliContext): void {
  const toolbar = sandbox
    .command('toolbar')
    .description("list the practice users whose toolbar runs (instant messages to them import by themselves); see 'run' and 'stop'")
    .action(async (_options: unknown, cmd: Command) => {
      const users = usersOf(await control(ctx, sandboxUrl(ctx, cmd.optsWithGlobals<GlobalOptions>().baseUrl), 'GET', CONTROL_PATHS.toolbar));
      ctx.out.result({ running: users }, users.length === 0 ? 'No toolbar runs.' : `Toolbars running: ${users.join(', ')}`);
    });
  const run = toolbar
    .command('run')
    .description("start a practice user's toolbar: instant messages to that user import by themselves")
    .argument('<user>', 'the practice user')
    .option('--import-fails', 'the automatic import fails (the message falls back to a standard one)')
    .action(async (user: string, _options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<RunOptions>();
      await control(ctx, sandboxUrl(ctx, options.baseUrl), 'POST', CONTROL_PATHS.toolbarRun, { user, ...(options.importFails ? { importFails: true } : {}) });
      ctx.out.result({ user, running: true, importFails: options.importFails === true }, `The toolbar of ${user} runs${options.importFails ? ' (its imports fail)' : ''}.`);
    });
  withExamples(run, ['cdms sandbox toolbar run dr.patel', 'cdms sandbox toolbar run dr.patel --import-fails']);
  const stop = toolbar
    .command('stop')
    .description("stop a practice user's toolbar: instant messages to that user wait, then fall back to standard ones")
    .argument('<user>', 'the practice user')
    .action(async (user: string, _options: unknown, cmd: Command) => {
      await control(ctx, sandboxUrl(ctx, cmd.optsWithGlobals<GlobalOptions>().baseUrl), 'POST', CONTROL_PATHS.toolbarStop, { user });
      ctx.out.result({ user, running: false }, `The toolbar of ${user} is stopped.`);
    });
  withExamples(stop, ['cdms sandbox toolbar stop dr.patel']);
}
