// `cdms sandbox import | reject | fail | expire | advance <messageId>`: play
// the practice user, the toolbar or the GP route against a running sandbox.
// Only the message's id and status are printed: the stored message holds
// patient data.
import type { Command } from 'commander';
import { isRecord } from '../../internal/is-record.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { control, sandboxUrl } from '../sandbox-control.js';

interface AdvanceOptions extends GlobalOptions {
  outcome?: string | undefined;
  status?: string | undefined;
  code?: string | undefined;
  display?: string | undefined;
}

const OUTCOMES = ['received', 'completed', 'rejected', 'mesh-rejected', 'expired'] as const;

/** Prints the message's new status, never its content. */
function printMoved(ctx: CliContext, answer: unknown): void {
  const m = isRecord(answer) ? answer : {};
  const result = { messageId: m.messageId, route: m.route, status: m.status, subStatus: m.subStatus ?? null, updated: m.updated };
  const sub = typeof m.subStatus === 'string' ? ` (${m.subStatus})` : '';
  ctx.out.result(result, `Message ${String(m.messageId)} is now ${String(m.status)}${sub}.`);
}

/** The outcome of `advance` from its flags: a named one, a custom `{ status, code, display }`, or the next step. */
function outcomeOf(options: AdvanceOptions): unknown {
  const custom = [options.status, options.code, options.display];
  if (options.outcome !== undefined && custom.some((v) => v !== undefined)) throw new UsageError('Pass either --outcome or --status with --code and --display, not both.');
  if (options.outcome !== undefined) {
    if (!(OUTCOMES as readonly string[]).includes(options.outcome)) throw new UsageError(`--outcome must be one of ${OUTCOMES.join(', ')}.`);
    return options.outcome;
  }
  if (custom.every((v) => v === undefined)) return undefined;
  if (options.status !== 'COMPLETED' && options.status !== 'REJECTED') throw new UsageError('--status must be COMPLETED or REJECTED (with --code and --display).');
  if (!options.code || !options.display) throw new UsageError('--status needs --code and --display, e.g. --code 20004 --display "Non-approved file type".');
  return { status: options.status, code: options.code, display: options.display };
}

const MOVES = [
  ['import', CONTROL_PATHS.toolbarImport, 'the practice user imports the message (PENDING or FAILED → COMPLETED)'],
  ['reject', CONTROL_PATHS.toolbarReject, 'the practice user rejects the message (PENDING or FAILED → REJECTED)'],
  ['fail', CONTROL_PATHS.toolbarFail, 'the import fails (PENDING → FAILED)'],
  ['expire', CONTROL_PATHS.expire, 'the message expires now (→ EXPIRED)'],
] as const;

function registerAdvance(sandbox: Command, ctx: CliContext): void {
  const command = sandbox
    .command('advance')
    .description('move a GP-route message one step (Sent to MESH → 20013 - Success → COMPLETED), or to an outcome')
    .argument('<messageId>', 'the GP-route message')
    .option('--outcome <outcome>', `where to: ${OUTCOMES.join(', ')}`)
    .option('--status <status>', 'a custom ending: COMPLETED or REJECTED, with --code and --display')
    .option('--code <code>', 'the ITK3 or MESH code of a custom ending')
    .option('--display <text>', 'its display name')
    .action(async (messageId: string, _options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<AdvanceOptions>();
      const outcome = outcomeOf(options);
      const base = sandboxUrl(ctx, options.baseUrl);
      printMoved(ctx, await control(ctx, base, 'POST', CONTROL_PATHS.gpRouteAdvance, { messageId, ...(outcome === undefined ? {} : { outcome }) }));
    });
  withExamples(command, [
    'cdms sandbox advance <messageId>                       # the next step',
    'cdms sandbox advance <messageId> --outcome mesh-rejected',
    'cdms sandbox advance <messageId> --status REJECTED --code 20004 --display "Non-approved file type"',
  ]);
}

/** Registers the message moves under `cdms sandbox`. */
export function registerSandboxMoves(sandbox: Command, ctx: CliContext): void {
  for (const [name, path, description] of MOVES) {
    const command = sandbox
      .command(name)
      .description(`${description}, in a running sandbox`)
      .argument('<messageId>', 'the message')
      .action(async (messageId: string, _options: unknown, cmd: Command) => {
        const base = sandboxUrl(ctx, cmd.optsWithGlobals<GlobalOptions>().baseUrl);
        printMoved(ctx, await control(ctx, base, 'POST', path, { messageId }));
      });
    withExamples(command, [`cdms sandbox ${name} 6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --base-url http://127.0.0.1:4010`]);
  }
  registerAdvance(sandbox, ctx);
}
