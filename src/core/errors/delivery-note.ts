import type { CdmsError, Delivery } from './cdms-error.js';

/**
 * The sentence a send's error ends with, saying what its `delivery` says, so
 * that the text a person reads never contradicts the field a program reads.
 * Internal.
 */
const NOT_SENT = ' The message was not sent.';
const UNKNOWN = ' The message may have reached the service: look up its status before sending it again.';
/**
 * After the status endpoint answered 404 while an attempt could still be on
 * its way (held up in a slow network, queued at the service): the 404 says
 * "not yet", not "never".
 */
const IN_FLIGHT =
  ' An earlier attempt may still reach the service: its status was not found yet, which does not prove it will not arrive. ' +
  'Look up its status again later, and send it again only with the same messageId.';

const NOTES: readonly string[] = [IN_FLIGHT, UNKNOWN, NOT_SENT];

/** The note of a transport failure's delivery; empty for reads. */
export function deliveryNote(delivery: Delivery | undefined): string {
  if (delivery === 'unknown') return UNKNOWN;
  return delivery === 'not-sent' ? NOT_SENT : '';
}

function withoutNotes(message: string): string {
  let out = message;
  for (const note of NOTES) out = out.split(note).join('');
  return out;
}

/**
 * Makes a send's error say the message may have been delivered: `delivery`
 * becomes `'unknown'` and the text's note says so, replacing one that said
 * "not sent".
 *
 * @param inFlight - True when a status lookup answered 404 while an earlier
 * attempt may still be on its way: the note then says why the 404 is no proof.
 */
export function markMaybeDelivered(error: CdmsError, inFlight: boolean): void {
  error.delivery = 'unknown';
  error.message = withoutNotes(error.message) + (inFlight ? IN_FLIGHT : UNKNOWN);
}

/**
 * Makes sure an `unknown` send error's text says so: a 500, a success body
 * that broke the schema or an abort mid-request say what happened but not
 * what it means for the message.
 */
export function sayMaybeDelivered(error: CdmsError): void {
  if (error.delivery !== 'unknown' || NOTES.some((note) => note !== NOT_SENT && error.message.includes(note))) return;
  markMaybeDelivered(error, false);
}
