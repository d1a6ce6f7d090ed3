// `cdms validate <file>`: the SDK's local pre-validation of a message or
// widget JSON file, offline. No network, no key. Exit 0 valid, 2 invalid.
import type { Command } from 'commander';
import { validateMessage, validateWidget, type Route, type ValidationResult } from '../../index.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { EXIT, UsageError } from '../errors.js';
import { withExamples, withoutConnectionOptions } from '../help.js';
import { readJsonObject } from '../json-file.js';
import { completeMessage, parseRoute, routeOfType } from '../message.js';

interface ValidateOptions extends GlobalOptions {
  route?: string | undefined;
  widget?: boolean | undefined;
}

function report(ctx: CliContext, what: string, result: ValidationResult, extra: Record<string, unknown>): void {
  const problems = result.invalidParameters.map(({ name, reason }) => ({ name, reason }));
  const human = result.ok
    ? [`valid: ${what} passes every local check.`]
    : [`invalid: ${what} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:`, ...problems.map((p) => `  ${p.name}: ${p.reason}`)];
  ctx.out.result({ valid: result.ok, ...extra, invalidParameters: problems }, human);
  ctx.exitCode = result.ok ? EXIT.ok : EXIT.usage;
}

/** Registers `cdms validate`. */
export function registerValidate(program: Command, ctx: CliContext): void {
  const command = program
    .command('validate')
    .description('check a message (or --widget registration) JSON file offline with the SDK\'s local rules; exit 0 valid, 2 invalid')
    .argument('<file>', 'the JSON file')
    .option('--route <route>', "standard | instant | gpconnect (default: the file's `type`, else standard)")
    .option('--widget', 'the file is a widget registration')
    .addHelpText(
      'after',
      '\nLike `cdms send`, a missing messageId is generated and the route\'s fixed `type` filled in. Whether the topic and\nrecipient are ones the service accepts only the service can say.',
    )
    .action(async (file: string, _options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<ValidateOptions>();
      if (options.widget && options.route !== undefined) throw new UsageError('--route applies to messages, not to --widget.');
      const data = await readJsonObject(file, 'the file');
      if (options.widget) return report(ctx, 'the widget registration', validateWidget(data), { kind: 'widget' });
      const route: Route = options.route === undefined ? (routeOfType(data) ?? 'standard') : parseRoute(options.route);
      report(ctx, `the ${route} message`, validateMessage(completeMessage(route, data), { route }), { kind: 'message', route });
    });
  withoutConnectionOptions(command);
  withExamples(command, ['cdms validate message.json', 'cdms validate consultation.json --route gpconnect --json', 'cdms validate widget.json --widget']);
}
