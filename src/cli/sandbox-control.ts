// A client of a running sandbox's control API (`/_sandbox/`), for the
// `cdms sandbox <action>` commands: plain JSON over fetch, no API key, as
// any tool would call it. Requests carry no Origin, so the sandbox's
// cross-site checks let them through; bodies are JSON as those checks ask.
import { CdmsError } from '../index.js';
import { absoluteUrl, isHttpUrl } from '../internal/absolute-url.js';
import { isRecord } from '../internal/is-record.js';
import { envValue, type CliContext } from './config.js';
import { UsageError } from './errors.js';

/** The sandbox refused a control request, or could not be reached. Exit code 1. */
export class SandboxControlError extends CdmsError {
  override name = 'SandboxControlError';
}

/** Where the sandbox is: `--base-url`, else CDMS_BASE_URL (what `cdms sandbox` prints). */
export function sandboxUrl(ctx: CliContext, flag: string | undefined): string {
  const value = flag?.trim() || envValue(ctx.io, 'CDMS_BASE_URL');
  if (!value) throw new UsageError('Which sandbox? Pass --base-url or set CDMS_BASE_URL (cdms sandbox prints the line to paste).');
  const url = absoluteUrl(value);
  if (!url) throw new UsageError('--base-url / CDMS_BASE_URL must be a URL such as http://127.0.0.1:4010.');
  if (!isHttpUrl(url)) throw new UsageError('--base-url / CDMS_BASE_URL must be an http(s) URL.');
  return url.origin;
}

function refusal(status: number, body: unknown): SandboxControlError {
  const title = isRecord(body) && typeof body.title === 'string' ? body.title : `HTTP ${status}`;
  const detail = isRecord(body) && typeof body.detail === 'string' ? `: ${body.detail}` : '';
  return new SandboxControlError(`The sandbox refused (${status} ${title})${detail}`);
}

/**
 * Calls one control endpoint (a path of `CONTROL_PATHS`) and returns its JSON
 * answer (undefined for 204).
 *
 * @throws SandboxControlError on a refusal (the problem's title and detail) or when nothing answers.
 */
export async function control(ctx: CliContext, base: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      signal: ctx.signal,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new SandboxControlError(`No sandbox answers at ${base}: start one with \`cdms sandbox\` and pass its URL.`, { cause: error });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw refusal(response.status, parsed);
  return parsed;
}
