// The error a person's action gets when someone else acted on the message
// first. It names the winner as the audit shows it, so it stands above the
// audit (the store's floor), not with the model's errors.
import { CdmsError, type Delivery } from '../../core/errors/cdms-error.js';
import type { TrackerAuditAction, TrackerAuditEntry } from '../store/audit-entry.js';

/**
 * Thrown when a person acts on a message someone else acted on first: its
 * attention was already cleared, it was already assigned to someone else,
 * or it was already sent again or replaced by a later version. Nothing was
 * changed (and nothing sent); the audit records the attempt (outcome
 * `conflict`). Look at the message again before acting.
 */
export class ConflictingActionError extends CdmsError {
  /** Always `'ConflictingActionError'`. */
  override name = 'ConflictingActionError';
  /** What this person tried. */
  readonly action: TrackerAuditAction;
  /** The action that took effect first, as the audit shows it (undefined when the audit holds none). */
  readonly winner: TrackerAuditEntry | undefined;

  /**
   * @param messageId - The message.
   * @param action - What was tried.
   * @param winner - The last action on the message that took effect.
   * @param delivery - For a send again that was not made: `not-sent`.
   */
  constructor(messageId: string, action: TrackerAuditAction, winner: TrackerAuditEntry | undefined, delivery?: Delivery) {
    const first = winner
      ? `${winner.by ?? 'someone'} ${PAST[winner.action]} it at ${winner.at.toISOString()}`
      : 'its state changed since it was read';
    super(`Someone acted on message ${messageId} first: ${first}. Nothing was changed; look at the message again before acting.`, { delivery, messageId });
    this.action = action;
    this.winner = winner;
  }
}

const PAST: Record<TrackerAuditAction, string> = {
  acknowledge: 'acknowledged',
  assign: 'assigned',
  unassign: 'unassigned',
  resend: 'sent again',
  replace: 'sent a new version of',
  'poll-now': 'polled',
};
