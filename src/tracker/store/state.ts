import type { StatusChange, TrackedRoute, TrackerStage, AttentionReason } from '../types.js';
import type { NewEvent } from '../events.js';

/** What the tracker keeps to resend a message: the message as the app gave it, and the instant access token. Internal. */
export interface StoredPayload {
  message: Record<string, unknown>;
  accessToken?: string | undefined;
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
}

/** A history row to write. */
export type NewHistory = Omit<StatusChange, 'at'>;

/** The result of one step of the tracker's logic: the new state and what to record with it, in one transaction. */
export interface Transition {
  state: MessageState;
  history: NewHistory[];
  events: NewEvent[];
}
