// `cdms status <messageId>`: one status query, or with --wait polls until a
// terminal status (COMPLETED, REJECTED, EXPIRED), for tests and the sandbox.
import type { Command } from 'commander';
import { NotFoundError, isTerminalStatus, parseGpRouteSubStatus, type CdmsClient, type GpConnectStatus, type MessageStatus } from '../../index.js';
import { gpRouteLines } from '../gp-route-lines.js';
import { createClient, type CliContext, type GlobalOptions } from '../config.js';
import { parseMilliseconds } from '../duration.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { describeStatus, startProgress } from '../progress.js';

interface StatusOptions extends GlobalOptions {
  gpconnect?: boolean | undefined;
  wait?: boolean | undefined;
  interval?: string | undefined;
  timeout?: string | undefined;
}

/** Shortest pause between polls: --wait must not hammer a service. */
const MIN_INTERVAL_MS = 100;

type AnyStatus = MessageStatus | GpConnectStatus;

function humanLines(status: AnyStatus, gpRoute: boolean): string[] {
  const terminal = isTerminalStatus(status.status);
  return [
    `messageId  ${status.messageId}`,
    `status     ${status.status}${terminal ? ' (terminal)' : ''}`,
    ...(status.subStatus ? [`subStatus  ${status.subStatus}`] : []),
    `updated    ${status.updated}`,
    ...(gpRoute ? gpRouteLines(status.subStatus ?? null).map(([name, text]) => `${name.padEnd(10)} ${text}`) : []),
  ];
}

function print(ctx: CliContext, status: AnyStatus, gpRoute: boolean): void {
  const read = gpRoute ? { gpRoute: parseGpRouteSubStatus(status.subStatus ?? null) } : {};
  ctx.out.result({ ...status, terminal: isTerminalStatus(status.status), ...read }, humanLines(status, gpRoute));
}

async function wait(ctx: CliContext, client: CdmsClient, messageId: string, options: StatusOptions): Promise<AnyStatus> {
  const intervalMs = options.interval === undefined ? 1_000 : parseMilliseconds(options.interval, '--interval', MIN_INTERVAL_MS);
  const timeoutMs = options.timeout === undefined ? undefined : parseMilliseconds(options.timeout, '--timeout', 1);
  ctx.out.warn(
    `--wait polls every ${intervalMs} ms: for tests and the sandbox only. On live systems poll at most four times a day (the service may rate-limit).`,
  );
  const progress = startProgress(ctx.out, messageId);
  let last: AnyStatus | undefined;
  const until = (s: AnyStatus) => {
    last = s;
    progress.update(s);
    return isTerminalStatus(s.status);
  };
  const waitOptions = { intervalMs, signal: ctx.signal, until, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  try {
    return options.gpconnect ? await client.gpconnect.waitForStatus(messageId, waitOptions) : await client.messages.waitForStatus(messageId, waitOptions);
  } catch (error) {
    progress.stop();
    if (last) ctx.out.diagnostic(`Stopped waiting for ${messageId}; last status: ${describeStatus(last)}.`);
    throw error;
  } finally {
    progress.stop();
  }
}

/**
 * After a 404 of the standard status endpoint: when the GP route knows the
 * message, the flag was forgotten; say so rather than "no such message".
 * Any other outcome rethrows the original error.
 */
async function suggestGpRoute(ctx: CliContext, client: CdmsClient, id: string, error: unknown): Promise<never> {
  if (!(error instanceof NotFoundError)) throw error;
  const onGpRoute = await client.gpconnect.status(id, { signal: ctx.signal, maxRetries: 0 }).then(
    () => true,
    () => false,
  );
  if (onGpRoute) throw new UsageError(`Message ${id} went by the GP route: run \`cdms status --gpconnect ${id}\`.`);
  throw error;
}

/** Registers `cdms status`. */
export function registerStatus(program: Command, ctx: CliContext): void {
  const command = program
    .command('status')
    .description("get a message's delivery status; --wait polls until it is terminal (tests and sandbox only)")
    .argument('<messageId>', 'the messageId printed by `cdms send`')
    .option('--gpconnect', 'the message went by the GP route (GET /api/v1/gpconnect/messages/{id}/status)')
    .option('--wait', 'poll until COMPLETED, REJECTED or EXPIRED (FAILED is not terminal); Ctrl-C stops')
    .option('--interval <ms>', `pause between polls with --wait, in ms (at least ${MIN_INTERVAL_MS}; default 1000)`)
    .option('--timeout <ms>', 'give up waiting after this many ms (exit 1)')
    .action(async (messageId: string, _options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<StatusOptions>();
      if (!options.wait && (options.interval !== undefined || options.timeout !== undefined)) {
        throw new UsageError('--interval and --timeout apply only with --wait.');
      }
      const client = createClient(ctx, options);
      const id = messageId.trim();
      const gpRoute = options.gpconnect === true;
      if (options.wait) return print(ctx, await wait(ctx, client, id, options), gpRoute);
      const status = options.gpconnect
        ? await client.gpconnect.status(id, { signal: ctx.signal })
        : await client.messages.status(id, { signal: ctx.signal }).catch((error: unknown) => suggestGpRoute(ctx, client, id, error));
      print(ctx, status, gpRoute);
    });
  withExamples(command, [
    'cdms status 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',
    'cdms status --gpconnect 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --json',
    '# against the sandbox: wait until a practice user imports it',
    'cdms status 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --wait --interval 500 --timeout 60000',
  ]);
}
