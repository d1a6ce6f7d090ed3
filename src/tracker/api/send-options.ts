// The options of the tracker's calls that send or poll: what an app passes
// to `tracker.send` on each route, and to `tracker.pollNow`.
import type { GpConnectMessageParams } from '../../schemas/gpconnect.js';
import type { InstantMessageParams, StandardMessageParams } from '../../schemas/message.js';
import type { TrackedRoute } from '../model/types.js';

/** Options of a tracked send. */
export interface TrackerSendOptions {
  /** The app's own data to keep with the message (for example its own document id). Stored as JSON; not for patient data. */
  metadata?: Record<string, unknown> | undefined;
  /**
   * The wrong-patient cross-check's override, kept with the message for its
   * resends: send although an attachment names NHS numbers none of which is
   * the subject's, for a document that names another person by right.
   * @defaultValue false
   */
  allowOtherNhsNumbers?: boolean | undefined;
  /**
   * The messageId of an earlier message this one replaces (sent again, for
   * example after it expired unread). The two are linked (`replacedBy` and
   * `replaces` in `get()`), and once this send is recorded the earlier one
   * leaves the attention list. A message is replaced once: a second
   * replacement is refused with ConflictingActionError, and nothing is sent.
   */
  replaces?: string | undefined;
  /** Who asked for this send again (a person's id, as the app's sign-in gives it): kept in the audit of the message it replaces. */
  by?: string | undefined;
  /** Why it was sent again: kept in the audit of the message it replaces. Not for patient data. */
  note?: string | undefined;
}

/** Options of `pollNow`. */
export interface PollNowOptions {
  /** The person asking (their id, as the app's sign-in gives it): the poll, or its refusal, is kept in the audit. */
  by?: string | undefined;
}

/** Options of a tracked instant send. */
export interface TrackerInstantSendOptions extends TrackerSendOptions {
  /** The user's instant access token (kept with the message only until the service holds it). */
  accessToken: string;
}

/** The message each route's send takes. */
export interface TrackerMessages {
  /** A standard toolbar message. */
  standard: StandardMessageParams;
  /** An instant message. */
  instant: InstantMessageParams;
  /** A GP-route (GP Connect Send Document) message. */
  gpconnect: GpConnectMessageParams;
}

/**
 * The options argument of `tracker.send` on a route: required on the instant
 * route (it carries the user's access token), optional on the others.
 */
export type TrackerSendArguments<R extends TrackedRoute> = R extends 'instant' ? [options: TrackerInstantSendOptions] : [options?: TrackerSendOptions];
