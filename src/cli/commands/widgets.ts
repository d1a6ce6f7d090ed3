// `cdms widgets register`: submit a widget for the toolbar (POST /api/v1/widgets).
// The encryption secret comes from CDMS_WIDGET_SECRET or the JSON file,
// never a flag (flags show in shell history and `ps`).
import type { Command } from 'commander';
import { LocalValidationError, validateWidget, type WidgetRegistration } from '../../index.js';
import { createClient, envValue, type CliContext, type GlobalOptions } from '../config.js';
import { withExamples } from '../help.js';
import { readJsonObject } from '../json-file.js';

interface RegisterOptions extends GlobalOptions {
  jsonFile?: string | undefined;
  name?: string | undefined;
  icon?: string | undefined;
  launchUrl?: string | undefined;
  encryptionMethod?: string | undefined;
  requiresUserData?: boolean | undefined;
  requiresPatientData?: boolean | undefined;
}

const FLAG_OF: Readonly<Record<string, string>> = {
  name: '--name',
  icon: '--icon',
  launchUrl: '--launch-url',
  encryptionMethod: '--encryption-method',
  encryptionSecret: 'CDMS_WIDGET_SECRET',
  requiresUserData: '--requires-user-data',
  requiresPatientData: '--requires-patient-data',
};

const isRegistration = (w: unknown): w is WidgetRegistration => validateWidget(w).ok;

async function buildWidget(ctx: CliContext, options: RegisterOptions): Promise<WidgetRegistration> {
  const widget = options.jsonFile === undefined ? {} : await readJsonObject(options.jsonFile, 'the --json-file file');
  if (options.name !== undefined) widget.name = options.name;
  if (options.icon !== undefined) widget.icon = options.icon;
  if (options.launchUrl !== undefined) widget.launchUrl = options.launchUrl;
  if (options.encryptionMethod !== undefined) widget.encryptionMethod = options.encryptionMethod;
  widget.requiresUserData = options.requiresUserData ?? widget.requiresUserData ?? false;
  widget.requiresPatientData = options.requiresPatientData ?? widget.requiresPatientData ?? false;
  const secret = envValue(ctx.io, 'CDMS_WIDGET_SECRET');
  if (secret !== undefined) widget.encryptionSecret = secret;
  if (typeof widget.encryptionSecret === 'string') ctx.out.addSecret(widget.encryptionSecret);
  if (isRegistration(widget)) return widget;
  throw new LocalValidationError(
    validateWidget(widget).invalidParameters.map(({ name, reason }) => {
      const flag = FLAG_OF[name];
      return { name, reason: flag ? `${reason} (set with ${flag})` : reason };
    }),
  );
}

/** Registers `cdms widgets register`. */
export function registerWidgets(program: Command, ctx: CliContext): void {
  const widgets = program.command('widgets').description('toolbar widgets');
  const command = widgets
    .command('register')
    .description('register or update a widget (matched by name); the operator approves it manually')
    .option('--json-file <file>', 'the registration as JSON; the flags below set or replace its fields')
    .option('--name <name>', 'display name and identity: letters, digits, spaces, hyphens, underscores')
    .option('--icon <icon>', "an icon name from the toolbar's icon set")
    .option('--launch-url <url>', 'https URL the toolbar opens')
    .option('--encryption-method <method>', 'A256GCM (default) or A128CBC_HS256')
    .option('--requires-user-data', 'add a user-context JWT to the launch URL')
    .option('--requires-patient-data', 'add a patient-context JWT (needs --requires-user-data)')
    .addHelpText('after', '\nThe 32-character encryption secret is read from CDMS_WIDGET_SECRET (or the JSON file), never from a flag.')
    .action(async (_options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<RegisterOptions>();
      const widget = await buildWidget(ctx, options);
      const client = createClient(ctx, options);
      await client.widgets.register(widget, { signal: ctx.signal });
      ctx.out.result({ submitted: true, name: widget.name }, [
        `Widget '${widget.name}' submitted (204).`,
        'It takes effect only after the operator approves it: tell the operator.',
      ]);
    });
  withExamples(command, [
    'CDMS_WIDGET_SECRET="$(cat widget-secret)" cdms widgets register --name "Referral Tracker" --icon clipboard \\',
    '    --launch-url https://widgets.example.org/launch --requires-user-data',
    'cdms widgets register --json-file widget.json --json',
  ]);
  withExamples(widgets, ['cdms widgets register --json-file widget.json']);
}
