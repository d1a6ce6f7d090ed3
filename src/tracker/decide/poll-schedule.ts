// The poll schedule of one followed message: when to ask the service for its
// status next, within the service's guidance of four polls a day, with a poll
// just before and just after expiry. Pure (times in, a time out), so the cap
// is tested over whole simulated lives. Not the public planStatusPolls, which
// plans polls for an app without the tracker.
import { MAX_STATUS_POLLS_PER_DAY } from '../../schemas/vocabulary.js';

/** The service's guidance (no more than four polls of a message a day), as the polls allowed in one window of four intervals. */
export const POLLS_PER_WINDOW = MAX_STATUS_POLLS_PER_DAY;

/** Random delay added to each regular poll, as a share of the interval, so a batch does not poll in the same second. */
const SPREAD = 0.1;

/** What the next poll time depends on. Times are milliseconds since the epoch. */
export interface PollScheduleInput {
  now: number;
  /** Recent polls, oldest first (the last {@link POLLS_PER_WINDOW} are enough). */
  polls: readonly number[];
  /** When the service accepted the message. */
  sentAt: number;
  expiryAt: number | undefined;
  /** After this the message is no longer followed. */
  followUntil: number;
  intervalMs: number;
  beforeExpiryMs: number;
  random: () => number;
}

/** The length of the window that holds at most {@link POLLS_PER_WINDOW} polls: a day with the default interval. */
export const capWindowMs = (intervalMs: number): number => POLLS_PER_WINDOW * intervalMs;

/**
 * The earliest time a poll keeps the cap: no more than four polls in any
 * window of `4 × interval`.
 */
export function earliestUnderCap(polls: readonly number[], intervalMs: number): number {
  if (polls.length < POLLS_PER_WINDOW) return -Infinity;
  const fourthLast = polls[polls.length - POLLS_PER_WINDOW] ?? -Infinity;
  return fourthLast + capWindowMs(intervalMs) + 1;
}

/**
 * When to poll a message next, or undefined when following should stop
 * (`followUntil` passed). Regular polls are an interval apart plus a random
 * spread of up to 10%; the one before expiry comes `beforeExpiryMs` (up to
 * half as much again, spread) before it, and one more just after expiry reads
 * the final status before the service removes it. A regular poll that would
 * leave no room under the cap for the poll before expiry is skipped.
 */
export function nextPollAt(input: PollScheduleInput): number | undefined {
  const { now, polls, intervalMs, expiryAt } = input;
  const last = polls.at(-1) ?? input.sentAt;
  const regular = Math.max(now, last + intervalMs * (1 + SPREAD * input.random()));
  const capped = (t: number): number => Math.max(t, earliestUnderCap(polls, intervalMs));
  let next: number;
  if (expiryAt === undefined) {
    next = capped(regular);
  } else {
    // A poll in the last stretch before expiry (up to 1.5 x beforeExpiryMs) is the one before expiry.
    const windowStart = expiryAt - 1.5 * input.beforeExpiryMs;
    const doneBefore = polls.some((p) => p >= windowStart && p < expiryAt);
    const doneAfter = polls.some((p) => p >= expiryAt);
    if (!doneBefore && now < expiryAt) {
      const beforeExpiry = Math.max(now, expiryAt - input.beforeExpiryMs * (1 + 0.5 * input.random()));
      const fitsBoth = regular < windowStart && earliestUnderCap([...polls, regular], intervalMs) <= beforeExpiry;
      next = capped(fitsBoth ? regular : beforeExpiry);
    } else if (!doneAfter) {
      next = capped(Math.max(now, expiryAt + input.beforeExpiryMs));
    } else {
      next = capped(regular);
    }
  }
  return next > input.followUntil ? undefined : next;
}

/** When a message stops being followed without a final status: `followForMs` after its expiry, or after it was sent. */
export function followUntil(sentAt: number, expiryAt: number | undefined, followForMs: number): number {
  return (expiryAt ?? sentAt) + followForMs;
}
