// The headers of a request: the caller's extra headers checked (valid names,
// no line breaks, none the SDK owns), and the headers of one attempt built
// from their parts in the order they override each other.
import { API_KEY_HEADER, INSTANT_ACCESS_TOKEN_HEADER } from '../schemas/vocabulary.js';
import { VERSION } from '../version.js';
import { ConfigurationError } from './errors/cdms-error.js';

/** Header names the SDK owns; a caller's `headers` option must not replace them. */
const RESERVED = new Set([API_KEY_HEADER, 'Content-Type', INSTANT_ACCESS_TOKEN_HEADER].map((name) => name.toLowerCase()));

/** RFC 9110 token characters for a field name. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Throws {@link ConfigurationError} when a header value holds a CR, LF or NUL,
 * which would split the request (header injection). The value is never
 * included in the message: it may be a key or a token.
 */
export function assertHeaderValue(label: string, value: string): void {
  if (/[\r\n\0]/.test(value)) {
    throw new ConfigurationError(`${label} contains a line break or NUL character; remove it (the value is not shown).`);
  }
}

/** Validates a caller's extra headers and returns a copy. */
export function checkExtraHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new ConfigurationError(`Header name "${name.slice(0, 40)}" is not a valid HTTP field name.`);
    if (RESERVED.has(name.toLowerCase())) {
      throw new ConfigurationError(`Header "${name}" is set by the SDK and cannot be overridden per request.`);
    }
    assertHeaderValue(`Header "${name}"`, value);
    out[name] = value;
  }
  return out;
}

/** What one attempt's headers are made of. */
export interface AttemptHeaderParts {
  /** The caller's extra headers, already checked ({@link checkExtraHeaders}). */
  extra: Readonly<Record<string, string>>;
  /** The operation's own (the instant access token). */
  operation: Readonly<Record<string, string>> | undefined;
  /** Trace context from telemetry (`traceparent`). */
  trace: Readonly<Record<string, string>> | undefined;
  /** The client's API key. */
  apiKey: string;
  /** Whether the request carries a JSON body. */
  hasBody: boolean;
}

/**
 * The headers of one attempt. Later parts win: the caller's extras, the
 * operation's own, trace context, then the ones the SDK owns (the API key,
 * `Accept`, `User-Agent`, and `Content-Type` when there is a body).
 */
export function attemptHeaders(parts: AttemptHeaderParts): Record<string, string> {
  return {
    ...parts.extra,
    ...parts.operation,
    ...parts.trace,
    [API_KEY_HEADER]: parts.apiKey,
    // Errors come as RFC 9457 problems: a server that negotiates strictly would answer them 406 without it.
    Accept: 'application/json, application/problem+json',
    'User-Agent': `cdms-sdk/${VERSION}`,
    ...(parts.hasBody ? { 'Content-Type': 'application/json' } : {}),
  };
}
