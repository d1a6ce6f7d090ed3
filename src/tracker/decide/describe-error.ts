// How the tracker names an error wherever it keeps or logs one (a message's
// lastError, an event handler's failure, the background loops' logs): the
// SDK's own messages are written never to hold patient data, so they are
// kept; anything else (a driver's or the app's error) is named only.
import { CdmsError } from '../../core/errors/cdms-error.js';
import { CUT } from './ledger-text.js';

/** The longest description kept. */
const MAX_LENGTH = 500;

/** A safe one-line description of an error: the SDK's messages never hold patient data; anything else is named only. */
export function describeError(error: unknown): string {
  if (error instanceof CdmsError) {
    const text = `${error.name}: ${error.message}`;
    // A cut is marked, so the ledger's redaction knows a value may end there half-written.
    return text.length <= MAX_LENGTH ? text : `${text.slice(0, MAX_LENGTH - CUT.length)}${CUT}`;
  }
  return `${error instanceof Error ? error.name : typeof error}: unexpected error (details withheld; see the app's logs)`;
}
