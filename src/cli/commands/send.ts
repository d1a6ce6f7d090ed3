// `cdms send`: one message by the standard, instant or GP route, built from
// flags and/or a JSON file, validated locally, then sent. The messageId is
// chosen before sending, so a failure whose outcome is unclear can name it.
import type { Command } from 'commander';
import { type CdmsClient, type Route, type SendResult } from '../../index.js';
import { createClient, envValue, type CliContext, type GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { collect, withExamples } from '../help.js';
import { readJsonObject, readSecretFile } from '../json-file.js';
import { applyFlags, parseRoute, prepareMessage, routeOfType, type MessageFlags, type PreparedMessage } from '../message.js';
import { sendTracked } from '../tracked-send.js';
import { withDatabaseOptions, type TrackerDatabaseFlags } from '../tracker-database.js';

interface SendOptions extends GlobalOptions, MessageFlags, TrackerDatabaseFlags {
  track?: boolean | undefined;
  route?: string | undefined;
  accessToken?: string | undefined;
  accessTokenFile?: string | undefined;
}

/** The instant route's token: --access-token, else --access-token-file, else CDMS_ACCESS_TOKEN. */
async function accessToken(ctx: CliContext, options: SendOptions): Promise<string> {
  const token =
    options.accessToken?.trim() ||
    (options.accessTokenFile === undefined ? undefined : await readSecretFile(options.accessTokenFile, 'the --access-token-file file')) ||
    envValue(ctx.io, 'CDMS_ACCESS_TOKEN');
  if (!token) {
    throw new UsageError(
      "The instant route needs the user's access token: pass --access-token-file <file> or set CDMS_ACCESS_TOKEN (or pass --access-token, which shell history keeps).",
    );
  }
  ctx.out.addSecret(token);
  return token;
}

function sendPrepared(ctx: CliContext, client: CdmsClient, prepared: PreparedMessage, token: string | undefined): Promise<SendResult> {
  const signal = ctx.signal;
  switch (prepared.route) {
    case 'standard':
      return client.messages.send(prepared.message, { signal });
    case 'instant':
      return client.instant.send(prepared.message, { signal, accessToken: token ?? '' });
    case 'gpconnect':
      return client.gpconnect.send(prepared.message, { signal });
  }
}

function humanLines(route: Route, result: SendResult): string[] {
  const statusCommand = `cdms status ${route === 'gpconnect' ? '--gpconnect ' : ''}${result.messageId}`;
  return [
    `Sent by the ${route} route.`,
    `messageId        ${result.messageId}`,
    `status endpoint  ${result.statusEndpoint}`,
    ...(result.recovered
      ? ['recovered        yes: the first attempt ended unclearly; the service confirmed it holds the message (not sent twice)']
      : []),
    `Keep the messageId. Check the status with: ${statusCommand}`,
  ];
}

/** `cdms send`: the flags checked, the message built and checked, then sent (through the tracker with --track). */
async function runSend(ctx: CliContext, options: SendOptions): Promise<void> {
  ctx.out.addSecret(options.accessToken);
  if (!options.track && (options.database !== undefined || options.schema !== undefined)) {
    throw new UsageError('--database and --schema apply only with --track.');
  }
  const template = options.jsonFile === undefined ? {} : await readJsonObject(options.jsonFile, 'the --json-file file');
  const route = options.route === undefined ? (routeOfType(template) ?? 'standard') : parseRoute(options.route);
  if (route !== 'instant' && (options.accessToken !== undefined || options.accessTokenFile !== undefined)) {
    throw new UsageError('--access-token and --access-token-file apply only to the instant route (--route instant).');
  }
  const prepared = prepareMessage(route, await applyFlags(route, template, options, new Date()));
  ctx.messageId = prepared.messageId;
  ctx.route = route;
  const client = createClient(ctx, options);
  const token = route === 'instant' ? await accessToken(ctx, options) : undefined;
  if (options.track) return sendTracked(ctx, client, prepared, options, token);
  const result = await sendPrepared(ctx, client, prepared, token);
  ctx.out.result({ route, ...result }, humanLines(route, result));
}

/** Registers `cdms send`. */
export function registerSend(program: Command, ctx: CliContext): void {
  const command = program
    .command('send')
    .description('send a message (built from flags and/or --json-file); prints its messageId and status endpoint')
    .option('--route <route>', 'standard | instant | gpconnect (default: the JSON file\'s `type`, else standard)')
    .option('--json-file <file>', 'the message as JSON (the wire format); flags below set or replace its fields. The GP route needs it')
    .option('--topic <name>', 'one of the names `cdms topics` lists')
    .option('--recipient <ods>', "ODS code of the patient's practice (GP route: also UNK)")
    .option('--nhs-number <number>', "the patient's NHS number (spaces allowed)")
    .option('--file <path>', 'an attachment (PDF, JPEG or .txt); repeat for up to 10; replaces the JSON file\'s attachments', collect)
    .option('--mime-type <type>', "the type of the --file attachments when the extension and content cannot tell: application/pdf, image/jpeg, text/plain or text/vnd.vendor.service.consultation (the only types the service accepts); once for every file, or once per --file in order ('auto' for a file whose type can be told)", collect)
    .option('--body <text>', 'plain-text body shown to the recipient')
    .option('--expires-in <duration>', 'expiry from now: 30m, 2h, 7d, 1d12h (sets expiryDateTime)')
    .option('--message-id <uuid>', 'the messageId (default: a new UUID); reuse it only to resend the same message')
    .option('--access-token <token>', 'instant route: the user\'s access token (prefer --access-token-file or CDMS_ACCESS_TOKEN)')
    .option('--access-token-file <file>', 'instant route: a file holding the token (as written by `cdms token exchange --save`)')
    .option('--track', 'send through the delivery tracker: recorded in its ledger before the request, followed by the app that runs it')
    .action((_options: unknown, cmd: Command) => runSend(ctx, cmd.optsWithGlobals<SendOptions>()));
  withDatabaseOptions(command, 'with --track: ');
  withExamples(command, [
    "cdms send --topic 'Discharge Summary' --recipient A81001 --nhs-number '943 476 5919' --file summary.pdf --expires-in 7d",
    "cdms send --topic 'Clinic Letter' --recipient A81001 --nhs-number 9434765919 --file letter.pdf --file bloods.pdf --body 'Letter and results' --json",
    "cdms send --topic 'Clinic Letter' --recipient A81001 --nhs-number 9434765919 --file visit.notes --mime-type text/vnd.vendor.service.consultation",
    "cdms send --topic 'Clinic Letter' --recipient A81001 --nhs-number 9434765919 --file letter.pdf --mime-type auto --file visit.notes --mime-type text/vnd.vendor.service.consultation",
    'CDMS_ACCESS_TOKEN="$(cat token.txt)" cdms send --route instant --topic \'Test Results\' --recipient A81001 --nhs-number 9434765919 --file results.pdf',
    '# the GP route needs gpConnectAdditionalInformation: put the message in a JSON file',
    'cdms send --route gpconnect --json-file consultation.json --file summary.pdf',
    '# recorded in the tracker, which the app running it follows to a final status',
    "CDMS_TRACKER_DATABASE=postgres://cdms@db.internal/cdms cdms send --track --topic 'Discharge Summary' --recipient A81001 --nhs-number 9434765919 --file summary.pdf",
  ]);
}
