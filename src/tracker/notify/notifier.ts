// What a notifier is: something that tells people there is work, fed from
// the tracker's attention events through its own durable place in them (so
// each is told at least once, across restarts and instances). The tracker
// ships two (an e-mail digest and signed webhooks); an app may write its own.
import type { AttentionReason, TrackedRoute } from '../model/types.js';

/** One attention event as a notifier receives it. It holds no patient data. */
export interface AttentionNotice {
  /** The event's id: unique in the ledger, increasing. The same on every delivery of this notice. */
  eventId: string;
  /** The message that needs a person. */
  messageId: string;
  /** Why. */
  reason: AttentionReason;
  /** The message's route. */
  route: TrackedRoute;
  /** The message's topic, if known. */
  topic: string | null;
  /** The recipient practice's ODS code, if known. */
  recipient: string | null;
  /** When the tracker raised it. */
  raisedAt: Date;
  /** When the service accepted the message; null when it never did. */
  sentAt: Date | null;
  /** The message's expiry, if it has one. */
  expiryDateTime: Date | null;
}

/** Counts of messages by attention reason (reasons with none are left out). */
export type AttentionCounts = Partial<Record<AttentionReason, number>>;

/** What a digest reports: counts only, never a message or a patient. */
export interface AttentionDigest {
  /** Attention raised since the previous digest, by reason. */
  newByReason: AttentionCounts;
  /** Their total. */
  newTotal: number;
  /** Every message waiting for a person now, by reason. */
  waitingByReason: AttentionCounts;
  /** Their total. */
  waitingTotal: number;
  /** When the first attention this digest covers was raised. */
  from: Date;
  /** When the last one was. */
  until: Date;
}

/** What notifiers share. */
export interface NotifierBase {
  /**
   * Its name, unique among a tracker's notifiers. The ledger keeps the
   * notifier's place in the attention events under it: renaming a notifier
   * starts it afresh from the events raised after the change.
   */
  readonly name: string;
  /**
   * Called once by `createTracker`, before anything is sent: load what the
   * notifier needs and refuse, with a ConfigurationError, what cannot work.
   */
  prepare?(): Promise<void>;
}

/**
 * A notifier told of each attention event on its own, in the order they
 * were raised. A rejection is retried later (with a growing pause) before
 * any later event; an event may be delivered more than once.
 */
export interface EachAttentionNotifier extends NotifierBase {
  /** Always `'each'`. */
  readonly kind: 'each';
  /** Delivers one notice; resolves once it is delivered. */
  notify(notice: AttentionNotice): Promise<void>;
}

/**
 * A notifier told at most once every `everyMs` of the attention raised since
 * its last digest (nothing is sent when nothing new was raised). A rejection
 * is retried later; the retry covers what is new by then.
 */
export interface DigestAttentionNotifier extends NotifierBase {
  /** Always `'digest'`. */
  readonly kind: 'digest';
  /** The shortest time between two digests, in milliseconds. */
  readonly everyMs: number;
  /** Delivers one digest; resolves once it is delivered. */
  notify(digest: AttentionDigest): Promise<void>;
}

/**
 * Tells people there is work in the attention list: made by `emailDigest`
 * or `webhook`, or written by the app. Given to `createTracker({ notify })`.
 */
export type TrackerNotifier = EachAttentionNotifier | DigestAttentionNotifier;
