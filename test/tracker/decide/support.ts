// The pure decisions' tests build their inputs here: a message state and a
// step context at a chosen time, with the default options (four polls a day).
import { newState, type MessageState } from '../../../src/tracker/model/message-state.js';
import type { StepContext } from '../../../src/tracker/decide/step-context.js';
import type { TrackedRoute, TrackerStage } from '../../../src/tracker/model/types.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A fixed "now" for every step, so expected times are computed from it. */
export const NOW = Date.parse('2026-11-23T08:00:00Z');

/** The options' defaults (six-hour interval, 15 minutes before expiry, 14 days of following, a day of FAILED). */
export const CONFIG: StepContext['config'] = { pollIntervalMs: 6 * HOUR, beforeExpiryMs: 15 * 60_000, followForMs: 14 * DAY, failedAttentionMs: DAY, nearingExpiryMs: 4 * HOUR };

/** A step at `now`, with a random source that always answers `random`. */
export function step(now = NOW, random = 0.5): StepContext {
  return { now, config: CONFIG, random: () => random };
}

/** A message of `route` at `stage`, created at NOW, with `fields` on top. */
export function stateOf(stage: TrackerStage, fields: Partial<MessageState> = {}, route: TrackedRoute = 'standard'): MessageState {
  return newState(crypto.randomUUID(), route, stage, NOW, fields);
}

/** A followed message the service has held since NOW, last seen PENDING. */
export function followed(fields: Partial<MessageState> = {}, route: TrackedRoute = 'standard'): MessageState {
  return stateOf('following', { sentAt: new Date(NOW), status: 'PENDING', ...fields }, route);
}
