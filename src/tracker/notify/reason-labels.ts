// The attention reasons in a few plain words, for people rather than code:
// the digest's lines, the worklist's headings. A table keyed by the reason,
// so a new reason does not compile until it has its words.
import type { AttentionReason } from '../types.js';

/** Each attention reason in a few plain words, as staff read it (a heading, a digest line). */
export const ATTENTION_REASON_LABELS: Readonly<Record<AttentionReason, string>> = {
  rejected: 'Rejected by the practice',
  expired: 'Expired before the practice took it',
  failed: 'Could not be imported into the record',
  'instant-fell-back': 'Instant message not imported automatically',
  'removed-after-expiry': 'Removed by the service after expiry',
  unresolved: 'No final status',
  'send-failed': 'Not sent',
  'content-rejected': 'Attachment refused by the service',
  'no-infrastructure-ack': "No receipt from the practice's system",
  'no-business-ack': 'Received, not known to be filed',
  'delivery-unknown': 'May or may not have arrived',
  'nearing-expiry': 'Not delivered yet, expiry near',
  'replacement-rejected': 'New version refused: both versions void',
};
