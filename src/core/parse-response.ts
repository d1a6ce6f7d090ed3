// A 2xx body checked against the operation's schema: JSON that does not fit
// is a ResponseValidationError naming where, never echoing the body.
import type { z } from 'zod';
import type { Delivery } from './errors/cdms-error.js';
import { ResponseValidationError } from './errors/transport-errors.js';
import { parseJsonSafely } from './json.js';
import type { BodyText } from './read-body.js';

/** Where a response came from, for the error message. */
export interface ResponseContext {
  /** Method and path. */
  where: string;
  /** HTTP status. */
  status: number;
  /** Set for sends. */
  delivery: Delivery | undefined;
}

/**
 * Parses a 2xx body with its schema. Unknown fields pass through (the
 * schemas are loose); anything else that does not match throws
 * {@link ResponseValidationError}, naming paths but never values.
 */
export function parseResponse<T>(body: BodyText, schema: z.ZodType<T>, context: ResponseContext): T {
  const fail = (issues: { path: string; message: string }[]) =>
    new ResponseValidationError(context.where, context.status, issues, { delivery: context.delivery });
  if (body.truncated) throw fail([{ path: '(root)', message: 'body too large' }]);
  const json = parseJsonSafely(body.text);
  if (json === undefined) throw fail([{ path: '(root)', message: body.text.trim() ? 'not JSON' : 'empty body, JSON expected' }]);
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw fail(
    result.error.issues.map((issue) => ({
      path: issue.path.length ? issue.path.map(String).join('.') : '(root)',
      message: issue.message,
    })),
  );
}
