// The errors only the tracker throws (the client's own pass through as they
// are). Each says what happened and what to do, never patient data.
import { CdmsError, type CdmsErrorOptions } from '../core/errors/cdms-error.js';

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
