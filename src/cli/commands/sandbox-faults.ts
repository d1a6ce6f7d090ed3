// `cdms sandbox faults`: see, replace or turn off a running sandbox's
// faults, or script the next failures of one operation.
import type { Command } from 'commander';
import { isRecord } from '../../internal/is-record.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { control, sandboxUrl } from '../sandbox-control.js';
import { docsUrl } from '../links.js';

interface FaultsOptions extends GlobalOptions {
  off?: boolean | undefined;
  failNext?: string | undefined;
  status?: string | undefined;
  count?: string | undefined;
  retryAfter?: string | undefined;
}

const HINT = `The faults must be a JSON object, e.g. '{"gpconnect503Rate":0.3}' (see ${docsUrl('sandbox.md', 'faults')}).`;

function parseFaults(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(HINT);
  }
  if (!isRecord(value)) throw new UsageError(HINT);
  return value;
}

function whole(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text.trim())) throw new UsageError(`${flag} must be a whole number.`);
  return Number(text.trim());
}

/** The one-shot fault of --fail-next; the sandbox checks the operation name. */
function scripted(options: FaultsOptions): Record<string, unknown> {
  const status = options.status ?? '503';
  if (status !== '500' && status !== '503') throw new UsageError('--status must be 500 or 503.');
  const count = whole(options.count, '--count');
  const retryAfterSeconds = whole(options.retryAfter, '--retry-after');
  return { operation: options.failNext, status: Number(status), ...(count === undefined ? {} : { count }), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}

function printFaults(ctx: CliContext, faults: unknown): void {
  const entries = isRecord(faults) ? Object.entries(faults) : [];
  ctx.out.result(
    faults,
    entries.length === 0 ? 'No faults.' : entries.map(([key, value]) => `${key.padEnd(18)} ${Array.isArray(value) ? value.join(', ') : String(value)}`),
  );
}

async function run(ctx: CliContext, json: string | undefined, options: FaultsOptions): Promise<void> {
  const chosen = [json !== undefined, options.off === true, options.failNext !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new UsageError('Pass one of: a faults JSON, --off, or --fail-next.');
  const base = sandboxUrl(ctx, options.baseUrl);
  if (options.failNext !== undefined) {
    const fault = scripted(options);
    await control(ctx, base, 'POST', CONTROL_PATHS.failNext, fault);
    const count = typeof fault.count === 'number' ? fault.count : 1;
    return ctx.out.result({ failNext: fault }, `The next ${count} ${String(fault.operation)} request(s) will be answered ${String(fault.status)}.`);
  }
  if (json !== undefined || options.off) return printFaults(ctx, await control(ctx, base, 'PUT', CONTROL_PATHS.faults, options.off ? {} : parseFaults(json ?? '{}')));
  printFaults(ctx, await control(ctx, base, 'GET', CONTROL_PATHS.faults));
}

/** Registers `cdms sandbox faults`. */
export function registerSandboxFaults(sandbox: Command, ctx: CliContext): void {
  const command = sandbox
    .command('faults')
    .description("show a running sandbox's faults; with JSON, replace them; --off, turn them off; --fail-next, script failures")
    .argument('[json]', `the new faults, replacing all of them (see ${docsUrl('sandbox.md', 'faults')})`)
    .option('--off', 'turn every fault off')
    .option('--fail-next <operation>', "fail the next request(s) of this operation (the SDK's names: gpconnect.send, messages.send...)")
    .option('--status <status>', 'with --fail-next: 500 or 503 (default 503)')
    .option('--count <n>', 'with --fail-next: how many requests (default 1)')
    .option('--retry-after <seconds>', 'with --fail-next: Retry-After on the 503s')
    .action(async (json: string | undefined, _options: unknown, cmd: Command) => run(ctx, json, cmd.optsWithGlobals<FaultsOptions>()));
  withExamples(command, [
    'cdms sandbox faults',
    'cdms sandbox faults \'{"gpconnect503Rate":0.3,"retryAfterSeconds":1}\'',
    'cdms sandbox faults --fail-next gpconnect.send --status 503 --count 2',
    'cdms sandbox faults --off',
  ]);
}
