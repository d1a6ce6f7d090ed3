// The attention reasons in words, for people rather than code: one record
// per reason holding what each audience reads (the worklist's heading and
// the digest's line, the CLI's one-line "To do"), so the texts cannot drift
// apart. A table keyed by the reason: a new reason does not compile until it
// has its words. The worklist's longer guidance (what it means, the steps)
// is its own table, keyed the same way.
import type { AttentionReason } from '../model/types.js';

/** What each audience reads about one attention reason. */
export interface AttentionReasonWords {
  /** A few plain words: the worklist's heading, the e-mail digest's line. */
  label: string;
  /** One line of what to do, as `cdms track attention` prints it. */
  todo: string;
}

/** Every attention reason's words, for each audience. */
export const ATTENTION_REASON_WORDS: Readonly<Record<AttentionReason, AttentionReasonWords>> = {
  rejected: {
    label: 'Rejected by the practice',
    todo: 'the practice rejected it: contact the practice, or send the document another way',
  },
  expired: {
    label: 'Expired before the practice took it',
    todo: 'it expired before the practice took it: send it again (a new messageId) or contact the practice',
  },
  failed: {
    label: 'Could not be imported into the record',
    todo: 'it could not be imported into the patient record: contact the practice',
  },
  'instant-fell-back': {
    label: 'Instant message not imported automatically',
    todo: 'it is now a standard message: the practice imports it from the toolbar',
  },
  'removed-after-expiry': {
    label: 'Removed by the service after expiry',
    todo: 'its final status is unknown: check with the practice',
  },
  unresolved: {
    label: 'No final status',
    todo: 'no final status yet: check with the practice',
  },
  'send-failed': {
    label: 'Not sent',
    todo: 'it was not delivered: fix the cause in the detail, then send it again',
  },
  'content-rejected': {
    label: 'Attachment refused by the service',
    todo: 'an attachment was rejected (virus scan): never send that file again; obtain a clean copy',
  },
  'no-infrastructure-ack': {
    label: "No receipt from the practice's system",
    todo: "the practice's system never acknowledged receipt: contact the practice; the document may not have arrived",
  },
  'no-business-ack': {
    label: 'Received, not known to be filed',
    todo: 'the practice received it but never said it was filed: contact the practice to check the patient record',
  },
  'delivery-unknown': {
    label: 'May or may not have arrived',
    todo: 'it may have reached the practice but cannot be confirmed or sent again: check with the practice before sending it anew',
  },
  'nearing-expiry': {
    label: 'Not delivered yet, expiry near',
    todo: 'not delivered yet and its expiry is near: the tracker keeps trying; reach the practice another way if it cannot wait',
  },
  'replacement-rejected': {
    label: 'New version refused: both versions void',
    todo: 'the practice could not process this new version and voided it and the one it replaces: contact the practice to agree which version stands',
  },
};

/** Each attention reason in a few plain words, as staff read it (a heading, a digest line). */
export const ATTENTION_REASON_LABELS: Readonly<Record<AttentionReason, string>> = Object.freeze(
  Object.fromEntries(Object.entries(ATTENTION_REASON_WORDS).map(([reason, words]) => [reason, words.label])) as Record<AttentionReason, string>,
);
