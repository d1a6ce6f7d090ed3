// Configuration of the commands that talk to the service: the base URL and
// API key from flags or the environment (flags win), and the client built
// from them. The key is registered with the output as a secret at once.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CdmsClient, FileRejectedContentStore, type Logger, type Route } from '../index.js';
import { UsageError } from './errors.js';
import type { CliIo, Output } from './output.js';

/** The options every command accepts (declared on the program). */
export interface GlobalOptions {
  /** `--base-url`. */
  baseUrl?: string | undefined;
  /** `--api-key`. */
  apiKey?: string | undefined;
  /** `--json`. */
  json?: boolean | undefined;
  /** `--debug`. */
  debug?: boolean | undefined;
}

/** What every command gets: the streams, the output helper and the run's abort signal. */
export interface CliContext {
  /** Streams and environment. */
  io: CliIo;
  /** Where results and diagnostics go. */
  out: Output;
  /** Fires on Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  /** The exit code of a command that finished without throwing (validate sets 2 for invalid). */
  exitCode: number;
  /** Set by a send so a failure can name the message to look up. */
  messageId?: string | undefined;
  /** Set by a send with the messageId: the route to look it up on. */
  route?: Route | undefined;
  /** Set by `send --track` once the ledger is open: a failure after the request leaves the message in it. */
  tracked?: boolean | undefined;
}

/** An environment variable's trimmed value, or undefined when unset or blank. */
export function envValue(io: CliIo, name: string): string | undefined {
  const value = io.env[name]?.trim();
  return value ? value : undefined;
}

function pick(flag: string | undefined, io: CliIo, envName: string): string | undefined {
  const fromFlag = flag?.trim();
  return fromFlag ? fromFlag : envValue(io, envName);
}

/** Sends the SDK's structured log events to stderr (--debug). The SDK never logs bodies or keys. */
export function debugLogger(out: Output): Logger {
  const log = (level: string) => (fields: Record<string, unknown>, message?: string) => {
    out.diagnostic(`${level}: ${message ?? ''} ${JSON.stringify(fields)}`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * Where rejected attachment hashes are kept between runs: CDMS_REJECTED_CONTENT_FILE,
 * else `$XDG_STATE_HOME/cdms/rejected-content.txt` (default `~/.local/state`).
 * A one-shot command that forgot a rejection would let the same document be
 * resent on the next run (spec, Errors rule 3). The file holds SHA-256
 * hashes only and is created on the first rejection.
 */
export function rejectedContentFile(io: CliIo): string {
  const explicit = envValue(io, 'CDMS_REJECTED_CONTENT_FILE');
  if (explicit) return explicit;
  const state = envValue(io, 'XDG_STATE_HOME') ?? join(homedir(), '.local', 'state');
  return join(state, 'cdms', 'rejected-content.txt');
}

/**
 * Builds the client from `--base-url`/`--api-key`, else `CDMS_BASE_URL`/
 * `CDMS_API_KEY`.
 *
 * @throws UsageError naming the flag and the variable when either is missing.
 * @throws ConfigurationError when a value cannot work (http off loopback...).
 */
export function createClient(ctx: CliContext, options: GlobalOptions): CdmsClient {
  const baseUrl = pick(options.baseUrl, ctx.io, 'CDMS_BASE_URL');
  const apiKey = pick(options.apiKey, ctx.io, 'CDMS_API_KEY');
  ctx.out.addSecret(apiKey);
  const missing = [
    ...(baseUrl ? [] : [{ flag: '--base-url', env: 'CDMS_BASE_URL', what: 'the address of the service (integration, live, or `cdms sandbox`)' }]),
    ...(apiKey ? [] : [{ flag: '--api-key', env: 'CDMS_API_KEY', what: 'the key the operator issued for that environment' }]),
  ];
  if (missing.length > 0) {
    throw new UsageError(
      `Missing configuration: ${missing.map((m) => `pass ${m.flag} or set ${m.env}`).join('; ')}.`,
      missing.map((m) => ({ name: `${m.flag} / ${m.env}`, reason: m.what })),
    );
  }
  return new CdmsClient({
    baseUrl,
    apiKey,
    rejectedContent: new FileRejectedContentStore(rejectedContentFile(ctx.io)),
    ...(options.debug ? { logger: debugLogger(ctx.out) } : {}),
  });
}
