// The service's statuses and subStatuses explained for staff, keyed by the
// words the schemas define (so a status named there has its explanation
// here, and a word is written once).
import type { GPCONNECT_SUB_STATUSES, MESSAGE_STATUSES, MESSAGE_SUB_STATUSES } from '../schemas/status.js';
import { FAILED_INSTANT_IMPORT, ITK_SUCCESS, SENT_TO_MESH } from '../schemas/vocabulary.js';

type Status = (typeof MESSAGE_STATUSES)[number];
type SubStatus = (typeof MESSAGE_SUB_STATUSES)[number] | (typeof GPCONNECT_SUB_STATUSES)[number];

const STATUS: Readonly<Record<Status, string>> = {
  PENDING: 'waiting for the practice to take it',
  COMPLETED: "imported into the patient's record",
  REJECTED: 'refused by the practice',
  FAILED: 'taken by the practice, but it could not be imported',
  EXPIRED: 'not taken before its expiry',
};

const SUB_STATUS: Readonly<Record<SubStatus, string>> = {
  [FAILED_INSTANT_IMPORT]: 'the automatic import failed: it became a standard message for the practice to import by hand',
  [SENT_TO_MESH]: 'handed to the message exchange (MESH) for the practice',
  [ITK_SUCCESS]: "the practice's system confirmed it arrived",
};

/** A status and subStatus in plain words, or undefined for words the service has not documented. */
export function explainStatus(status: string, subStatus: string | null): string | undefined {
  const main = (STATUS as Record<string, string | undefined>)[status];
  const sub = subStatus === null ? undefined : (SUB_STATUS as Record<string, string | undefined>)[subStatus];
  if (main === undefined && sub === undefined) return undefined;
  return [main, sub].filter((s) => s !== undefined).join('; ');
}
