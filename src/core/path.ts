// Request paths of the service's endpoints, built so that an id can never
// change which endpoint is called, and the UUID check that comes first.
import { withMessageId } from '../schemas/endpoints.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import { LocalValidationError } from './errors/local-errors.js';

/**
 * An endpoint of `ENDPOINTS` (schemas/endpoints.ts) with its `{messageId}`
 * filled in: percent-encoded, and refused when empty, `.` or `..`, so an id
 * can never change which endpoint is called.
 *
 * @example endpointPath(ENDPOINTS.status, messageId) // 'api/v1/messages/<id>/status'
 */
export function endpointPath(endpoint: string, messageId: string): string {
  if (messageId === '' || messageId === '.' || messageId === '..') {
    throw new LocalValidationError([{ name: 'path', reason: 'a path segment must not be empty, "." or ".."' }]);
  }
  return withMessageId(endpoint, encodeURIComponent(messageId));
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
