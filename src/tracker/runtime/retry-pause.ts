// The pause before a failed delivery (an event handler that threw, a notifier
// whose e-mail or webhook failed) is tried again: the idle check doubled with
// each attempt, at most five minutes, so a receiver that is down for a while
// is neither hammered nor left for long once it is back.

/** The longest pause before a failed delivery is tried again. */
const MAX_RETRY_PAUSE_MS = 300_000;
/** The most doublings; the cap on the pause comes first for any idle check of a millisecond or more. */
const MAX_DOUBLINGS = 20;

/** The pause before the next try of a delivery that has failed `attempt` times, from the tracker's idle check. Internal. */
export function retryPauseMs(attempt: number, idleCheckMs: number): number {
  return Math.min(MAX_RETRY_PAUSE_MS, idleCheckMs * 2 ** Math.min(attempt, MAX_DOUBLINGS));
}
