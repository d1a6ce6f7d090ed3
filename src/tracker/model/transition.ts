// One step of the tracker's logic as a value: the message's new state and
// what to record with it (statuses seen, events for the app). The decisions
// build a transition from a copy of the state, so a step that fails to save
// leaves nothing half-changed; the store writes one in a single statement.
import type { NewEvent } from './events.js';
import type { AttentionReason, StatusChange } from './types.js';
import type { MessageState } from './message-state.js';

/** A history row to write. */
export type NewHistory = Omit<StatusChange, 'at'>;

/** The result of one step of the tracker's logic: the new state and what to record with it, in one transaction. */
export interface Transition {
  state: MessageState;
  history: NewHistory[];
  events: NewEvent[];
  /**
   * A reason that clears itself (`delivery-unknown`, `nearing-expiry`) the
   * step found answered: the ledger clears it only if the row still holds
   * that reason, so an acknowledgement or a newer reason written meanwhile
   * stands.
   */
  resolved?: AttentionReason;
}

/** A step that changes nothing yet. */
export function begin(state: MessageState): Transition {
  return { state: { ...state, pollTimes: [...state.pollTimes], attentionRaised: [...state.attentionRaised] }, history: [], events: [] };
}
