// A message sent without the tracker, as `tracker.track` takes it: the input
// checked, and the first state of a message followed from now on (its first
// poll planned). Pure; ../work/adopt.ts writes it.
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { isRoute } from '../../schemas/vocabulary.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { isVersionNumber, newState, type MessageState } from '../model/message-state.js';
import { checkMetadata } from '../model/metadata.js';
import { begin } from '../model/transition.js';
import type { TrackedRoute } from '../model/types.js';
import { scheduleNextPoll } from './transitions.js';
import type { StepContext } from './step-context.js';

/** A message sent without the tracker, to be followed by it. */
export interface TrackInput {
  /** The messageId it was sent with. */
  messageId: string;
  /** The route it was sent on. */
  route: TrackedRoute;
  /** When the service accepted it. */
  sentAt: Date | string;
  /** Its expiryDateTime, if it has one. */
  expiryDateTime?: Date | string | null | undefined;
  /** Its topic, for lists and stats. */
  topic?: string | undefined;
  /** Its recipient's id value (an ODS code), for lists and stats. */
  recipient?: string | undefined;
  /** The app's own data to keep with it (never patient data unless the app means to store it). */
  metadata?: Record<string, unknown> | undefined;
  /**
   * GP route: the `versionNumber` it was sent with, so that `replace()` can
   * send its next version. Left out, the tracker does not know it and
   * `replace()` refuses (`version-unknown`).
   */
  versionNumber?: number | undefined;
}

/** Checks a {@link TrackInput} and turns it into a followed message's first state. */
export function adoptedState(input: TrackInput, step: StepContext): MessageState {
  const problems: InvalidParameter[] = [];
  const i = (input ?? {}) as Partial<TrackInput>;
  if (typeof i.messageId !== 'string' || !UUID_PATTERN.test(i.messageId)) problems.push({ name: 'messageId', reason: 'must be the UUID the message was sent with' });
  if (!isRoute(i.route)) problems.push({ name: 'route', reason: "must be 'standard', 'instant' or 'gpconnect'" });
  const sentAt = toDate(i.sentAt);
  if (!sentAt) problems.push({ name: 'sentAt', reason: 'must be a Date or an RFC 3339 timestamp' });
  const expiry = i.expiryDateTime === undefined || i.expiryDateTime === null ? null : toDate(i.expiryDateTime);
  if (expiry === undefined) problems.push({ name: 'expiryDateTime', reason: 'must be a Date or an RFC 3339 timestamp' });
  checkMetadata(i.metadata, problems);
  if (i.versionNumber !== undefined && (i.route !== 'gpconnect' || !isVersionNumber(i.versionNumber))) {
    problems.push({ name: 'versionNumber', reason: 'is for a GP-route message only: the whole number (1 or more) it was sent with' });
  }
  if (problems.length > 0 || !sentAt || expiry === undefined) throw new LocalValidationError(problems);
  const t = begin(
    newState(i.messageId as string, i.route as TrackedRoute, 'following', step.now, {
      sentAt,
      expiryAt: expiry,
      topic: typeof i.topic === 'string' ? i.topic : null,
      recipient: typeof i.recipient === 'string' ? i.recipient : null,
      metadata: i.metadata ?? null,
      versionNumber: i.versionNumber ?? null,
    }),
  );
  scheduleNextPoll(t, step);
  return t.state;
}

function toDate(value: unknown): Date | undefined {
  const d = value instanceof Date ? new Date(value.getTime()) : typeof value === 'string' ? new Date(value) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}
