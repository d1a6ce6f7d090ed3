import type { Limits } from '../limits.js';
import type { AdditionalIdTypes } from '../schemas/id-types.js';
import type { InvalidParameter } from '../schemas/problem.js';
import type { Route } from '../schemas/vocabulary.js';

// The route names are service vocabulary (schemas/vocabulary.ts); senders import the type from here.
export type { Route };

/** Options of `validateMessage`. */
export interface ValidateMessageOptions {
  /** Which endpoint the message is for. */
  route: Route;
  /**
   * Known topic names; when given (and not empty) the topic must be one of
   * them, compared exactly. The client passes its cached list, if any.
   */
  topics?: readonly string[] | undefined;
  /** The current time, for the expiry check. @defaultValue new Date() */
  now?: Date | undefined;
  /** Limits other than the spec's; invalid overrides fall back to the defaults. */
  limits?: Partial<Limits> | undefined;
  /**
   * Id types accepted beyond the documented ones, as the client's option of
   * the same name; entries that are not strings are ignored.
   * @defaultValue none
   */
  additionalIdTypes?: AdditionalIdTypes | undefined;
  /**
   * Whether a missing messageId is a problem. Senders leave it out (the SDK
   * generates one at the send), so by default a message without one
   * validates; a messageId that is present must still be a UUID. The
   * service's side (the sandbox) requires it, as the wire does.
   * @defaultValue false
   */
  requireMessageId?: boolean | undefined;
}

/** The outcome of local validation: the problems in the server's shape. */
export interface ValidationResult {
  /** True when nothing is wrong. */
  ok: boolean;
  /**
   * Each problem as a dotted path (`attachments[2].fileName`) and a reason
   * saying what to do; `value` only for fields safe to show, never patient
   * data, file names, content or secrets.
   */
  invalidParameters: InvalidParameter[];
}
