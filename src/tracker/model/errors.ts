// The errors only the tracker throws (the client's own pass through as they
// are). Each says what happened and what to do, never patient data.
import { CdmsError, type CdmsErrorOptions } from '../../core/errors/cdms-error.js';

/**
 * Thrown by `pollNow` when another poll would break the service's guidance
 * (no more than four polls of a message a day). Nothing was sent; try again
 * at `nextAllowedAt`.
 */
export class PollLimitError extends CdmsError {
  /** Always `'PollLimitError'`. */
  override name = 'PollLimitError';
  /** The earliest time a poll of this message keeps within the limit. */
  readonly nextAllowedAt: Date;

  /** @param nextAllowedAt - When a poll is allowed again. */
  constructor(nextAllowedAt: Date) {
    super(
      `This message has had four polls in the last day, the most the service asks for. Nothing was sent; ` +
        `the next poll is allowed at ${nextAllowedAt.toISOString()} (the tracker polls it by itself before expiry).`,
    );
    this.nextAllowedAt = nextAllowedAt;
  }
}

/** Thrown when a call names a messageId the tracker does not hold. */
export class UnknownMessageError extends CdmsError {
  /** Always `'UnknownMessageError'`. */
  override name = 'UnknownMessageError';

  /** @param messageId - The id asked for (an id the sender chose, not patient data). */
  constructor(messageId: string) {
    super(`The tracker holds no message ${messageId}. Check the id, or adopt a message sent without the tracker with track().`);
  }
}

/**
 * Thrown by a tracker's methods after `close()`: a closed tracker has released
 * its database and neither sends nor reads. Create a new one with
 * `createTracker`.
 */
export class TrackerClosedError extends CdmsError {
  /** Always `'TrackerClosedError'`. */
  override name = 'TrackerClosedError';

  /** Made by the tracker; it takes no arguments. */
  constructor() {
    super('The tracker is closed: create a new one with createTracker().');
  }
}

/**
 * Thrown when the tracker's database could not be reached or did not answer
 * in time (a server stopped, restarting or unreachable, a refused login, a
 * statement that timed out), by any of the tracker's calls. Its message names
 * the driver's code (a SQLSTATE such as `57P01`, or `ECONNREFUSED`) but never
 * the driver's own text, which may quote the values of a statement.
 *
 * Thrown by `send`, it carries the messageId and `delivery`: `not-sent` when
 * the message was neither recorded nor sent; `unknown` when it may have been
 * sent, or may still be sent by the tracker once the database is back (it
 * then settles it through the status endpoint): look it up with `get()` before
 * sending anything again.
 */
export class DatabaseUnavailableError extends CdmsError {
  /** Always `'DatabaseUnavailableError'`. */
  override name = 'DatabaseUnavailableError';
  /** The driver's code for the failure (a SQLSTATE, or a socket error such as `ECONNREFUSED`), when it gave one. */
  readonly code: string | undefined;

  /**
   * @param message - What happened and what to do; never the driver's text.
   * @param options - The driver's code, and for a send its messageId and delivery.
   */
  constructor(message: string, options: CdmsErrorOptions & { code?: string | undefined } = {}) {
    super(message, options);
    this.code = options.code;
  }
}

/**
 * Why `tracker.replace` refused to send a new version:
 * - `unknown-message`: the tracker holds no message with that id;
 * - `not-gp-route`: the message was sent on the standard or instant route,
 *   where documents have no versions (send it again with `send(route,
 *   message, { replaces })` instead);
 * - `version-unknown`: the ledger does not know the version it was sent with
 *   (adopted with `track()` without `versionNumber`): send the next version
 *   yourself with `send('gpconnect', message, { replaces })`, its
 *   `versionNumber` and `relatesTo` set;
 * - `not-at-service`: the service has not accepted it (still being sent,
 *   queued to be sent again, or refused for good): a new version could reach
 *   the practice before the version it replaces, or replace one the practice
 *   never gets.
 */
export type ReplacementRefusal = 'unknown-message' | 'not-gp-route' | 'version-unknown' | 'not-at-service';

const REFUSALS: Record<ReplacementRefusal, (earlier: string) => string> = {
  'unknown-message': (earlier) => `The tracker holds no message ${earlier}: check the id (a message sent without the tracker is adopted with track()).`,
  'not-gp-route': (earlier) =>
    `Message ${earlier} was not sent on the GP route, where documents have versions. To send it again, use send(route, message, { replaces }).`,
  'version-unknown': (earlier) =>
    `The tracker does not know which version message ${earlier} was sent as (it was adopted without its versionNumber). ` +
    "Send the next version yourself with send('gpconnect', message, { replaces }), with its versionNumber and relatesTo set.",
  'not-at-service': (earlier) =>
    `Message ${earlier} is not held by the service yet (it is being sent, queued to be sent again, or was refused): ` +
    'a new version could reach the practice before the one it replaces. Wait until the service holds it (get() shows sentAt), ' +
    'or, if it was refused for good, send the corrected document as a new message.',
};

/**
 * Thrown by `tracker.replace` when the earlier message cannot be replaced by
 * a new version: nothing was sent and nothing kept (`delivery: 'not-sent'`).
 * `reason` says why and the message what to do instead. (A message already
 * replaced by a later version throws ConflictingActionError.)
 */
export class ReplacementRefusedError extends CdmsError {
  /** Always `'ReplacementRefusedError'`. */
  override name = 'ReplacementRefusedError';
  /** Why it was refused. */
  readonly reason: ReplacementRefusal;
  /** The messageId of the message that was to be replaced. */
  readonly earlier: string;

  /**
   * @param reason - Why.
   * @param earlier - The message that was to be replaced (a messageId, not patient data).
   * @param messageId - The new version's messageId, which was not sent.
   */
  constructor(reason: ReplacementRefusal, earlier: string, messageId: string | undefined) {
    super(`${REFUSALS[reason](earlier)} Nothing was sent.`, { delivery: 'not-sent', messageId });
    this.reason = reason;
    this.earlier = earlier;
  }
}
