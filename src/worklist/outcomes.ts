// What an action's answer says to the person: a sentence for success, and
// for each refusal the status and the sentence that says what happened and
// what to do. Errors of the SDK are written never to hold patient data, so
// their sentences may be shown; anything else is named only.
import { CdmsError } from '../core/errors/cdms-error.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import { html, type Html } from '../web/html.js';
import { ConflictingActionError, PollLimitError, UnknownMessageError } from '../tracker/index.js';
import { shortTime } from '../web/display.js';
import { plainCause, technicalDetail } from './plain-words.js';

/** An action's answer: the HTTP status and what the result region shows. */
export interface Outcome {
  status: number;
  body: Html;
  /** True when the ledger changed (the page's live parts are told to fetch again). */
  changed: boolean;
}

const FIELD_NAMES: Record<string, string> = { note: 'Note', by: 'Your id (from the sign-in)', ifAssignee: 'Assigned to' };

/** A success. */
export function done(body: Html): Outcome {
  return { status: 200, body: html`<p class="outcome ok">${body}</p>`, changed: true };
}

/** A refusal with its own status and sentence. */
export function refused(status: number, body: Html, changed = false): Outcome {
  return { status, body: html`<p class="outcome error" role="alert">${body}</p>`, changed };
}

/** How a failed action begins, in words: what did not happen. */
const NOT_DONE: Record<string, string> = { resend: 'Not sent again', poll: 'Not polled', acknowledge: 'Not acknowledged', assign: 'Not assigned', unassign: 'Not unassigned' };

/** An error thrown by an action, as the person reads it; undefined for one the worklist cannot explain (a 500). */
export function explainError(error: unknown, action = ''): Outcome | undefined {
  const notDone = NOT_DONE[action] ?? 'Nothing was done';
  if (error instanceof ConflictingActionError) return refused(409, html`${error.message}`, true);
  if (error instanceof UnknownMessageError) return refused(404, html`The tracker holds no such message.`);
  if (error instanceof PollLimitError) {
    return refused(
      429,
      html`Not polled: the service asks for no more than four polls of a message a day. The next poll is allowed at <time datetime="${error.nextAllowedAt.toISOString()}">${shortTime(error.nextAllowedAt.toISOString())}</time>; the tracker will poll it by itself before its expiry.`,
    );
  }
  if (error instanceof LocalValidationError) {
    // A field of the worklist's own form is named; anything else is the app's message, which the person cannot fix here.
    if (error.invalidParameters.every((p) => FIELD_NAMES[p.name] !== undefined)) {
      const problems = error.invalidParameters.map((p) => `${FIELD_NAMES[p.name]} ${p.reason}`);
      return refused(400, html`Nothing was done: ${problems.join('; ')}.`);
    }
    const technical = `${error.name}: ${error.message}`;
    return refused(400, html`${notDone}: the sending system gave a message the service would refuse. ${plainCause(technical)} ${technicalDetail(technical)}`, true);
  }
  if (error instanceof CdmsError) {
    const technical = `${error.name}: ${error.message}`;
    return refused(502, html`${notDone}. ${plainCause(technical)} ${technicalDetail(technical)}`, true);
  }
  return undefined;
}
