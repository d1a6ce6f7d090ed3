// What the worklist needs of a tracker: the reads and people's actions, and
// (optionally) polls and sends. A Tracker from createTracker has them all; a
// ledger opened by a tool without a client has no poll or send, and the
// worklist then offers neither.
import type {
  AcknowledgeOptions,
  AssignOptions,
  PollNowOptions,
  RecordRefusalOptions,
  TrackedMessage,
  TrackedRoute,
  TrackerAuditOptions,
  TrackerAuditPage,
  TrackerListOptions,
  TrackerListPage,
  TrackerMessages,
  TrackerSendArguments,
  TrackerSendResult,
} from '../tracker/index.js';

/** The tracker a worklist works on: a `Tracker` from `createTracker` (nothing else is needed). */
export interface WorklistTracker {
  /** Messages, a page at a time (the worklist reads those that need attention). */
  list(options?: TrackerListOptions): Promise<TrackerListPage>;
  /** One message with its history. */
  get(messageId: string): Promise<TrackedMessage | undefined>;
  /** Clears a message's attention, by a person, with a note. */
  acknowledge(messageId: string, options: AcknowledgeOptions): Promise<unknown>;
  /** Assigns a message to a person, or to nobody. */
  assign(messageId: string, personId: string | null, options?: AssignOptions): Promise<unknown>;
  /** The audit of people's actions. */
  audit(options?: TrackerAuditOptions): Promise<TrackerAuditPage>;
  /** When retention removed a message the audit names; without it a removed message's page cannot say when. */
  removedAt?(messageId: string): Promise<Date | undefined>;
  /** Keeps an action the worklist refused in the audit; without it a refusal leaves no entry. */
  recordRefusal?(messageId: string, options: RecordRefusalOptions): Promise<void>;
  /** Polls a message now; without it the worklist offers no "Poll now". */
  pollNow?(messageId: string, options?: PollNowOptions): Promise<TrackedMessage>;
  /** Sends a message; without it the worklist offers no "Send again". */
  send?<R extends TrackedRoute>(route: R, message: TrackerMessages[R], ...args: TrackerSendArguments<R>): Promise<TrackerSendResult>;
}
