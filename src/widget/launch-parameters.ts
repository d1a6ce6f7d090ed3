import { LaunchTokenError, type LaunchTokenKind } from './errors.js';
import type { LaunchParameterNames } from './types.js';

/**
 * Default query parameter names of the launch tokens. The spec says only that
 * the JWTs are query-string parameters of the launch URL (Widget rules 5),
 * not their names; these are the SDK's choice (decision D-WIDGET-03), used by
 * the sandbox's toolbar, and overridable with `parameterNames`.
 */
export const DEFAULT_LAUNCH_PARAMETER_NAMES: Readonly<Required<LaunchParameterNames>> = Object.freeze({
  user: 'userContext',
  patient: 'patientContext',
});

/**
 * Longest token value read. A compact JWE of a signed JWT with a few claims
 * is well under 4 KB; refusing huge values early keeps a crafted URL from
 * costing base64 decoding and a decryption attempt of megabytes.
 */
const MAX_TOKEN_CHARS = 16_384;

/** Where each token is looked for, and what was found. */
export interface FoundToken {
  kind: LaunchTokenKind;
  parameter: string;
  value: string | undefined;
}

/** Resolves the parameter names, refusing empty or identical ones. */
export function resolveParameterNames(names: LaunchParameterNames | undefined): Required<LaunchParameterNames> {
  const user = names?.user ?? DEFAULT_LAUNCH_PARAMETER_NAMES.user;
  const patient = names?.patient ?? DEFAULT_LAUNCH_PARAMETER_NAMES.patient;
  if (typeof user !== 'string' || typeof patient !== 'string' || user === '' || patient === '' || user === patient) {
    throw new LaunchTokenError('invalid_options', 'parameterNames.user and parameterNames.patient must be two different, non-empty strings.');
  }
  return { user, patient };
}

/**
 * The query parameters of a launch URL given as an absolute URL, a path with
 * a query (`req.url` in node:http), a bare `?query`, a `URL` or `URLSearchParams`.
 */
export function launchQuery(input: string | URL | URLSearchParams): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (input instanceof URL) return input.searchParams;
  if (typeof input === 'string') {
    try {
      // A placeholder base lets relative forms parse; only the query is used.
      return new URL(input, 'http://launch.invalid/').searchParams;
    } catch {
      throw new LaunchTokenError('malformed', 'The launch URL cannot be parsed as a URL; pass the URL (or request path) the widget was opened with.');
    }
  }
  throw new LaunchTokenError('invalid_options', 'Pass the launch URL as a string, a URL or URLSearchParams.');
}

/**
 * Reads one token parameter. A parameter given twice is refused rather than
 * guessed at: the toolbar sends each once, so a second copy means the URL was
 * altered (parameter pollution).
 */
export function findToken(query: URLSearchParams, kind: LaunchTokenKind, parameter: string): FoundToken {
  const values = query.getAll(parameter);
  if (values.length > 1) {
    throw new LaunchTokenError('malformed', `The launch URL has the ${parameter} parameter ${values.length} times; the toolbar sends it once. Relaunch the widget.`, {
      token: kind,
      parameter,
    });
  }
  const value = values[0];
  if (value !== undefined && value.length > MAX_TOKEN_CHARS) {
    throw new LaunchTokenError('malformed', `The ${parameter} parameter is too long to be a launch token (over ${MAX_TOKEN_CHARS} characters).`, {
      token: kind,
      parameter,
    });
  }
  return { kind, parameter, value: value === '' ? undefined : value };
}
