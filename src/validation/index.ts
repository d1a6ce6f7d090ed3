// Placeholder entry point of local pre-validation; the rules land with
// issue 3. The signatures are the contract of DESIGN.md.
import type { InvalidParameter } from '../schemas/problem.js';
import type { Limits } from '../limits.js';

/** The three send routes, each with its own rules. */
export type Route = 'standard' | 'instant' | 'gpconnect';

/** Options of {@link validateMessage}. */
export interface ValidateMessageOptions {
  /** Which endpoint the message is for. */
  route: Route;
  /** Known topic names; when given, the topic must be one of them. */
  topics?: readonly string[] | undefined;
  /** The current time, for the expiry check. @defaultValue new Date() */
  now?: Date | undefined;
  /** Limits other than the spec's. */
  limits?: Partial<Limits> | undefined;
}

/** The outcome of local validation: the problems in the server's shape. */
export interface ValidationResult {
  /** True when nothing is wrong. */
  ok: boolean;
  /** Each problem as a dotted path and a reason; never patient data. */
  invalidParameters: InvalidParameter[];
}

/** Validates a message for a route without sending it. */
export function validateMessage(_message: unknown, _options: ValidateMessageOptions): ValidationResult {
  return { ok: true, invalidParameters: [] };
}

/** Validates a widget registration without sending it. */
export function validateWidget(_widget: unknown): ValidationResult {
  return { ok: true, invalidParameters: [] };
}
