// pollNow: a poll the app asks for, held to the same cap and budget as the
// scheduled ones, under a lease like any other work.
import { PollLimitError, UnknownMessageError } from '../model/errors.js';
import type { TrackerContext } from './context.js';
import { pollClaimed } from './poll.js';
import { earliestUnderCap } from '../decide/poll-schedule.js';
import { CdmsError } from '../../core/errors/cdms-error.js';

/**
 * A poll the app asks for, within the same rules as the scheduled ones: it
 * counts against the message's four a day and takes a slot of the shared
 * budget. A message no longer followed is not polled (its status is final
 * or the service removed it). Answers what the poll failed with (the
 * service's error, kept as the message's last error), null when it read a
 * status, undefined when no poll was made.
 */
export async function pollNow(ctx: TrackerContext, messageId: string, signal: AbortSignal): Promise<string | null | undefined> {
  const { store, config, budget } = ctx;
  const current = await store.get(messageId);
  if (!current) throw new UnknownMessageError(messageId);
  if (current.stage !== 'following') return undefined;
  const allowedAt = earliestUnderCap(current.pollTimes, config.pollIntervalMs);
  if (allowedAt > Date.now()) throw new PollLimitError(new Date(allowedAt));
  const now = Date.now();
  const claimed = await store.claimOne(messageId, config.instanceId, new Date(now + config.leaseMs), new Date(now));
  if (!claimed) {
    throw new CdmsError('This message is being polled or sent by the tracker right now; read it with get() in a moment.');
  }
  const [slot] = await budget.reserve(1);
  if (!(await budget.waitTurn(slot ?? now, signal))) {
    await store.release(messageId, config.instanceId);
    return undefined;
  }
  const polled = await pollClaimed(ctx, claimed, 'poll-now');
  return polled ? polled.state.lastError : undefined;
}
