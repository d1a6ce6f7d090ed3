// The events the tracker delivers to the app's handlers (sent, status
// changed, terminal, attention), as the app sees them and as the store
// writes them.
import type { AttentionReason, TrackedRoute } from './types.js';

/** What every tracker event carries. */
export interface TrackerEventBase {
  /** The event's id: unique, increasing in the order events were recorded. */
  id: string;
  /** The message it concerns. */
  messageId: string;
  /** That message's route. */
  route: TrackedRoute;
  /** When it happened. */
  at: Date;
  /** Which delivery of this event this is to the handlers: 1 the first time, more after a handler failed or a restart. */
  attempt: number;
}

/** The service now holds the message. */
export interface SentEvent extends TrackerEventBase {
  /** Always `'sent'`. */
  kind: 'sent';
  /** True when the send's outcome was unclear and the status endpoint confirmed it. */
  recovered: boolean;
}

/** The service's status or subStatus of the message changed. */
export interface StatusChangedEvent extends TrackerEventBase {
  /** Always `'status-changed'`. */
  kind: 'status-changed';
  /** The status before; null when the tracker had seen none. */
  from: string | null;
  /** The new status. */
  to: string;
  /** The new subStatus. */
  subStatus: string | null;
}

/** The message reached a final status (COMPLETED, REJECTED, EXPIRED); no more polls. */
export interface TerminalEvent extends TrackerEventBase {
  /** Always `'terminal'`. */
  kind: 'terminal';
  /** The final status. */
  status: string;
  /** Its subStatus. */
  subStatus: string | null;
}

/** Something about the message needs a person (see {@link AttentionReason}). */
export interface AttentionEvent extends TrackerEventBase {
  /** Always `'attention'`. */
  kind: 'attention';
  /** Why. */
  reason: AttentionReason;
  /** A short explanation; never patient data. */
  detail: string | null;
}

/** An event of the tracker, delivered to `onEvent` handlers at least once, in order per message. */
export type TrackerEvent = SentEvent | StatusChangedEvent | TerminalEvent | AttentionEvent;

/** The kinds of {@link TrackerEvent}. */
export type TrackerEventKind = TrackerEvent['kind'];

/**
 * Receives tracker events. The event counts as handled when the returned
 * promise resolves; when it rejects (or the process stops first), the event is
 * delivered again later, so a handler must tolerate seeing an event twice
 * (use `event.id`).
 */
export type TrackerEventHandler = (event: TrackerEvent) => void | Promise<void>;

/** An event as the store writes it: everything but the id, time and delivery count. Internal. */
export type NewEvent =
  | { kind: 'sent'; recovered: boolean }
  | { kind: 'status-changed'; from: string | null; to: string; subStatus: string | null }
  | { kind: 'terminal'; status: string; subStatus: string | null }
  | { kind: 'attention'; reason: AttentionReason; detail: string | null };
