// `tracker.track`: adopting a message sent without the tracker. Writes the
// adopted state unless the message is already tracked; adopting it again on
// the same route is a no-op, on another route a mistake said as such.
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { adoptedState, type TrackInput } from '../decide/adopted-state.js';
import { toSummary } from '../store/rows.js';
import type { TrackedMessageSummary } from '../model/types.js';
import { stepContext, type TrackerContext } from './context.js';

/** Adopts a message to follow; returns it as the tracker now holds it. @throws LocalValidationError */
export async function adopt(ctx: TrackerContext, input: TrackInput): Promise<TrackedMessageSummary> {
  const state = adoptedState(input, stepContext(ctx));
  const { store } = ctx;
  if (!(await store.insert(state))) {
    const existing = await store.get(state.messageId);
    if (existing && existing.route !== state.route) {
      throw new LocalValidationError([{ name: 'messageId', reason: `is already tracked on the ${existing.route} route` }]);
    }
    return toSummary(existing ?? state);
  }
  return toSummary(state);
}
