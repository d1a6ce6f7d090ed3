import type { TrackedRoute, TrackerStage } from '../types.js';
import type { MessageState } from './state.js';

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
    ...fields,
  };
}
