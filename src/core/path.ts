import { UUID_PATTERN } from '../schemas/uuid.js';
import { LocalValidationError } from './errors/local-errors.js';

/**
 * Builds a request path relative to the base URL, percent-encoding every
 * interpolated segment and refusing empty, `.` and `..` segments, so an id can
 * never change which endpoint is called.
 *
 * @example path`api/v1/messages/${id}/status`
 */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  return strings.reduce((out, literal, i) => {
    if (i === 0) return literal;
    const segment = segments[i - 1] ?? '';
    if (segment === '' || segment === '.' || segment === '..') {
      throw new LocalValidationError([{ name: 'path', reason: 'a path segment must not be empty, "." or ".."' }]);
    }
    return out + encodeURIComponent(segment) + literal;
  }, '');
}

/**
 * Throws {@link LocalValidationError} (nothing sent) unless `value` is a UUID.
 * The value is not echoed: an id that is not a UUID may be something else
 * pasted by mistake, such as an NHS number.
 */
export function assertUuid(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new LocalValidationError([{ name, reason: 'must be a UUID (8-4-4-4-12 hexadecimal digits)' }]);
  }
}
