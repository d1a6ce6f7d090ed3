import { API_KEY_HEADER, INSTANT_ACCESS_TOKEN_HEADER } from '../schemas/vocabulary.js';
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
