// The errors of a tracked send, each saying what became of the message:
// every one is a CdmsError with the messageId and `delivery` (`not-sent`
// only when the message was neither sent nor left for the tracker to send;
// else `unknown`), so a caller never takes a message the service may hold,
// or the tracker may still send, for one it can send anew.
import { CdmsError } from '../../core/errors/cdms-error.js';
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { statementMayHaveRun } from '../db/database-failure.js';
import type { SendVerdict } from '../decide/send-verdict.js';
import { describeError } from '../decide/describe-error.js';
import { DatabaseUnavailableError } from '../model/errors.js';

/**
 * Any error leaving `tracker.send`, with its messageId (when it is a valid
 * one) and a `delivery`: an error that does not say is `unknown`.
 */
export function asSendError(error: unknown, messageId: string | undefined): CdmsError {
  const e =
    error instanceof CdmsError
      ? error
      : new CdmsError(`The tracked send failed unexpectedly (${describeError(error)}). Look the message up with get() before sending it again.`, {
          delivery: 'unknown',
        });
  e.delivery ??= 'unknown';
  if (messageId !== undefined) e.messageId ??= messageId;
  return e;
}

/**
 * A messageId the ledger already holds (or this process is sending): this
 * call sent nothing, but the message tracked under that id may be at the
 * service, so the error says `unknown` (decision D-TRACKER-22).
 */
export function alreadyTracked(): LocalValidationError {
  return new LocalValidationError(
    [
      {
        name: 'messageId',
        reason:
          'is already tracked: every message needs its own messageId. This call sent nothing; the message the tracker holds under ' +
          'this id may be at the service (read it with get(messageId))',
      },
    ],
    { delivery: 'unknown' },
  );
}

/** A local refusal of a first attempt: nothing was sent and nothing is kept. */
export function refusedBeforeSending(error: CdmsError): CdmsError {
  error.delivery = 'not-sent';
  return error;
}

function codeOf(error: unknown): string | undefined {
  return error instanceof DatabaseUnavailableError ? error.code : undefined;
}

function reasonOf(error: unknown): string {
  return error instanceof CdmsError ? error.message : describeError(error);
}

/**
 * The ledger could not be written before anything was sent. `not-sent` when
 * the write certainly did not happen (no connection, or the server refused
 * it); `unknown` when it may have (its answer was lost, or the row is
 * written): the tracker then sends the message once the database answers.
 */
export function notRecorded(error: unknown, messageId: string, written = false): CdmsError {
  if (error instanceof CdmsError && !(error instanceof DatabaseUnavailableError)) return error;
  if (!written && !statementMayHaveRun(error)) {
    return new DatabaseUnavailableError(
      `Message ${messageId} was not sent: the tracker could not record it first. ${reasonOf(error)} It is safe to send it again.`,
      { delivery: 'not-sent', messageId, code: codeOf(error), cause: error },
    );
  }
  return new DatabaseUnavailableError(
    `Message ${messageId} was not sent by this call, but the tracker may have recorded it before its database failed, and then sends it ` +
      `itself once the database answers. ${reasonOf(error)} Look it up with get() before sending it again.`,
    { delivery: 'unknown', messageId, code: codeOf(error), cause: error },
  );
}

/**
 * The attempt was made but its outcome could not be recorded: the ledger's
 * row stays `sending` and the tracker settles it through the status endpoint
 * once the database answers (it may send it again, with the same messageId).
 */
export function outcomeNotRecorded(error: unknown, messageId: string, verdict: SendVerdict): CdmsError {
  const what =
    verdict.kind === 'sent' || verdict.kind === 'held'
      ? 'The service accepted it'
      : verdict.kind === 'unconfirmed'
        ? 'It may have reached the service'
        : 'This attempt did not deliver it';
  return new DatabaseUnavailableError(
    `${what}, but the tracker could not record the outcome of message ${messageId}: ${reasonOf(error)} Its record stays "sending" and ` +
      'the tracker settles it through the status endpoint once the database answers. Do not send it again: look it up with get().',
    { delivery: 'unknown', messageId, code: codeOf(error), cause: error },
  );
}
