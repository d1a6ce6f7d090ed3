// The public words of the tracker: routes, stages, attention reasons, and
// the message as list and get return it.
/** The route a tracked message was sent on: each has its own send and status endpoints. */
export type TrackedRoute = 'standard' | 'instant' | 'gpconnect';

/**
 * Where a tracked message is in the tracker's own life cycle (the service's
 * status is `status`):
 * - `sending`: sent or being sent, and not yet confirmed held by the service;
 *   the tracker confirms it through the status endpoint and resends only if
 *   the service does not have it.
 * - `queued`: certainly not delivered yet (no attempt can have reached the
 *   service: the GP route answered 503, or no connection could be made), to be
 *   resent later with the same messageId.
 * - `following`: held by the service; polled until a final status.
 * - `failed`: certainly not delivered, and it will not be resent (see `attention`).
 * - `settled`: followed to its end: a final status, removed after expiry, or
 *   followed for `followForMs` without one (see `attention`).
 */
export type TrackerStage = 'sending' | 'queued' | 'following' | 'failed' | 'settled';

/**
 * Why a message needs a person to look at it:
 * - `rejected`: the practice (or the GP route's infrastructure) rejected it
 *   (a refused GP-route replacement: `replacement-rejected`).
 * - `expired`: it expired before the practice took it.
 * - `failed`: its status has been FAILED for longer than `failedAttentionMs`.
 * - `instant-fell-back`: an instant message was not imported automatically
 *   (subStatus 'Failed instant message import', or its user's toolbar did not
 *   run in time) and became a standard message for the practice to import.
 * - `removed-after-expiry`: the service removed its status after expiry before
 *   a final status was seen.
 * - `unresolved`: followed for `followForMs` without a final status.
 * - `send-failed`: the send certainly failed and will not be retried.
 * - `content-rejected`: an attachment's content was rejected (virus scan); it
 *   must not be resent.
 * - `no-infrastructure-ack`: GP route: still 'Sent to MESH' after
 *   `infrastructureAckMs`: the practice's system never acknowledged receipt.
 * - `no-business-ack`: GP route: '20013 - Success' for longer than
 *   `businessAckMs` without a business response: received, not known to be filed.
 * - `delivery-unknown`: an attempt may have reached the service, but the
 *   tracker can neither confirm it nor send it again (its expiry passed, the
 *   resend was refused); check with the practice whether it arrived before
 *   sending the document again.
 * - `nearing-expiry`: not delivered yet (`queued`, or `sending` after an
 *   unclear send), within `nearingExpiryMs` of its expiry, and a second
 *   attempt there failed too: reach the practice another way while there is
 *   time. Cleared by itself if the message is then delivered.
 * - `replacement-rejected`: GP route: the practice could not process this
 *   replacement (ITK3 `20014`) and has marked both it and the version it
 *   replaces as void; the detail names both messageIds. Agree with the
 *   practice which version stands.
 */
export type AttentionReason =
  | 'rejected'
  | 'expired'
  | 'failed'
  | 'instant-fell-back'
  | 'removed-after-expiry'
  | 'unresolved'
  | 'send-failed'
  | 'content-rejected'
  | 'no-infrastructure-ack'
  | 'no-business-ack'
  | 'delivery-unknown'
  | 'nearing-expiry'
  | 'replacement-rejected';

/** Every attention reason, for filters and tables. */
export const ATTENTION_REASONS: readonly AttentionReason[] = Object.freeze(
  Object.keys({
    rejected: true,
    expired: true,
    failed: true,
    'instant-fell-back': true,
    'removed-after-expiry': true,
    unresolved: true,
    'send-failed': true,
    'content-rejected': true,
    'no-infrastructure-ack': true,
    'no-business-ack': true,
    'delivery-unknown': true,
    'nearing-expiry': true,
    'replacement-rejected': true,
    // Every reason once: the compiler refuses a list that leaves one out (as vocabulary.ts does for the routes).
  } satisfies Record<AttentionReason, true>) as AttentionReason[],
);

/** A condition a person must look at, until acknowledged. */
export interface TrackerAttention {
  /** What happened. */
  reason: AttentionReason;
  /** When the tracker noticed it. */
  since: Date;
  /** A short explanation (an error's class and message, a status); never patient data. */
  detail: string | null;
}

/** One status the tracker saw, in its history. */
export interface StatusChange {
  /** When the tracker saw it. */
  at: Date;
  /** The service's status. */
  status: string;
  /** The service's subStatus, if any. */
  subStatus: string | null;
  /** The service's own `updated` timestamp, as it sent it. */
  updated: string | null;
  /** What saw it: the send itself, a scheduled poll, `pollNow`, or the confirmation of an unclear send. */
  source: 'send' | 'poll' | 'poll-now' | 'confirm';
}

/** What the tracker knows of a message, without its history (as `list` returns it). */
export interface TrackedMessageSummary {
  /** The message's id. */
  messageId: string;
  /** The route it was sent on. */
  route: TrackedRoute;
  /** The tracker's stage. */
  stage: TrackerStage;
  /** The service's last known status; null before the service holds the message. */
  status: string | null;
  /** The service's last known subStatus. */
  subStatus: string | null;
  /** The service's `updated` timestamp of that status. */
  updated: string | null;
  /** The message's topic (null for a message adopted without one). */
  topic: string | null;
  /** The recipient's id value (an ODS code); null when adopted without one. */
  recipient: string | null;
  /** When the service accepted the message; null until then. */
  sentAt: Date | null;
  /** The message's expiry, if it has one. */
  expiryDateTime: Date | null;
  /** Status polls made so far. */
  polls: number;
  /** When the last poll was made. */
  lastPolledAt: Date | null;
  /** When the next poll is due; null when the message is no longer followed. */
  nextPollAt: Date | null;
  /** What a person must look at, or null. */
  attention: TrackerAttention | null;
  /** The last failed request about it (a send to be retried, a poll answered 404 before expiry), or null; never patient data. */
  lastError: string | null;
  /** The app's own data stored with the message (`metadata` of `send` or `track`). */
  metadata: Record<string, unknown> | null;
  /** When the tracker first recorded the message. */
  createdAt: Date;
  /** The person it is assigned to (their id, as the app's sign-in gives it), or null (see `assign`). */
  assignee: string | null;
  /** The earlier message this one was sent to replace (`send` with `replaces`), or null. */
  replaces: string | null;
  /** The later message sent to replace this one, or null. A replaced message leaves the attention list. */
  replacedBy: string | null;
  /**
   * GP route: the document's version this message carries
   * (`gpConnectAdditionalInformation.versionNumber`: 1 for an original, one
   * more for each replacement; see `replace`). Null on the other routes, and
   * for a GP-route message adopted without it.
   */
  versionNumber: number | null;
}

/** What the tracker knows of a message, with the statuses it saw. */
export interface TrackedMessage extends TrackedMessageSummary {
  /** Every status the tracker saw, oldest first. */
  history: StatusChange[];
}
