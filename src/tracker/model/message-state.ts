// The tracker's model of one message: what it keeps of a message between
// steps (its row in the database, as the logic sees it) and how a message
// the tracker has just met starts. The pure decisions (../decide) read and
// change it; the store (../store) reads and writes it; nothing here does I/O.
import type { TrackedRoute, TrackerStage, AttentionReason } from './types.js';

/** What the tracker keeps to resend a message: the message as the app gave it, and the instant access token. Internal. */
export interface StoredPayload {
  message: Record<string, unknown>;
  accessToken?: string | undefined;
  /** The send's wrong-patient override, so a resend is checked as the send was. */
  allowOtherNhsNumbers?: boolean | undefined;
}

/** One message's row, as the tracker's logic sees it. Internal. */
export interface MessageState {
  messageId: string;
  route: TrackedRoute;
  stage: TrackerStage;
  status: string | null;
  subStatus: string | null;
  statusUpdated: string | null;
  topic: string | null;
  recipient: string | null;
  createdAt: Date;
  sentAt: Date | null;
  expiryAt: Date | null;
  followUntil: Date | null;
  dueAt: Date | null;
  polls: number;
  /** The last few poll times (ms since the epoch), oldest first. */
  pollTimes: number[];
  sendAttempts: number;
  failedSince: Date | null;
  attention: AttentionReason | null;
  attentionAt: Date | null;
  attentionDetail: string | null;
  /** Every attention reason raised so far, so none is raised twice. */
  attentionRaised: AttentionReason[];
  lastError: string | null;
  payload: StoredPayload | null;
  metadata: Record<string, unknown> | null;
  /**
   * When the latest send attempt that may have reached the service ended
   * (timed out, its connection dropped, its outcome unrecorded after a
   * crash); null when no attempt ever may have. Once set, the message is
   * never taken as certainly not delivered: a 404 soon after is not proof of
   * absence, and a resend that cannot be made leaves it `delivery-unknown`.
   */
  unclearAt: Date | null;
  /** The person (their id, as the app's sign-in gives it) the message is assigned to. */
  assignee: string | null;
  /** The earlier message this one was sent to replace. */
  replaces: string | null;
  /** The later message sent to replace this one. */
  replacedBy: string | null;
  /** GP route: the versionNumber it was sent with (1 for an original); null on other routes, or when not known. */
  versionNumber: number | null;
}

/** A message the tracker has just met: nothing sent, polled or raised yet. */
export function newState(messageId: string, route: TrackedRoute, stage: TrackerStage, now: number, fields: Partial<MessageState> = {}): MessageState {
  return {
    messageId,
    route,
    stage,
    status: null,
    subStatus: null,
    statusUpdated: null,
    topic: null,
    recipient: null,
    createdAt: new Date(now),
    sentAt: null,
    expiryAt: null,
    followUntil: null,
    dueAt: new Date(now),
    polls: 0,
    pollTimes: [],
    sendAttempts: 0,
    failedSince: null,
    attention: null,
    attentionAt: null,
    attentionDetail: null,
    attentionRaised: [],
    lastError: null,
    payload: null,
    metadata: null,
    unclearAt: null,
    assignee: null,
    replaces: null,
    replacedBy: null,
    versionNumber: null,
    ...fields,
  };
}

/** A GP-route versionNumber the ledger can keep: a whole number from 1 to the column's largest (the client refuses any other before it is sent). */
export function isVersionNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= 2_147_483_647;
}
