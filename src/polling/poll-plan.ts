// Planning the status polls of one message by the service's guidance: no
// more than four a day, one just before the expected expiry. Each message's
// polls are shifted by an offset derived from its id, so a batch sent in the
// same second is not polled in the same second.
import { MAX_STATUS_POLLS_PER_DAY, POLL_BEFORE_EXPIRY_MS, STATUS_POLL_INTERVAL_MS } from '../schemas/vocabulary.js';

const DEFAULT_SPREAD_MS = 30 * 60_000;

/** Options of {@link planStatusPolls}. */
export interface PlanStatusPollsOptions {
  /** The message's id. Its polls are offset by a fraction of `spreadMs` derived from it: the same on every call. */
  messageId: string;
  /** When the message was sent. */
  sentAt: Date;
  /** The message's expiryDateTime, if it has one (RFC 3339 string or Date). */
  expiryDateTime?: string | Date | undefined;
  /** The current time. @defaultValue new Date() */
  now?: Date | undefined;
  /**
   * How long before expiry the last poll happens at the least, in
   * milliseconds (the message's offset is added).
   * @defaultValue 900_000 (15 minutes)
   */
  beforeExpiryMs?: number | undefined;
  /**
   * Width of the window over which messages' polls are spread, in
   * milliseconds; 0 polls every message on the same schedule. Less than six
   * hours.
   * @defaultValue 1_800_000 (30 minutes)
   */
  spreadMs?: number | undefined;
}

/**
 * Why a plan holds no poll:
 * - `expired`: the expiry has passed; the status may already be removed.
 * - `expires-within-lead-time`: the expiry is closer than `beforeExpiryMs`.
 */
export type EmptyPollPlanReason = 'expired' | 'expires-within-lead-time';

/** Why a {@link StatusPollPlan} holds no poll, and what to do instead. */
export interface EmptyPollPlan {
  /** The reason, for code to branch on. */
  reason: EmptyPollPlanReason;
  /** What happened and what to do, as a sentence safe to log (no patient data). */
  message: string;
}

/** The polls of one message. */
export interface StatusPollPlan {
  /** When to poll, earliest first, all after `now`. */
  times: Date[];
  /** Set when `times` is empty: why, and what to do instead. */
  whyEmpty?: EmptyPollPlan | undefined;
}

/**
 * A fraction in [0, 1) from the id: FNV-1a, then MurmurHash3's final mix so
 * that ids differing in their last characters (as a batch's often do) land
 * far apart. Stable across calls and processes.
 */
function fractionOf(messageId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < messageId.length; i++) h = Math.imul(h ^ messageId.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

function readOptions(options: PlanStatusPollsOptions) {
  const sentAt = options.sentAt instanceof Date ? options.sentAt.getTime() : Number.NaN;
  if (Number.isNaN(sentAt)) throw new TypeError('planStatusPolls: sentAt must be a valid Date (when the message was sent).');
  if (typeof options.messageId !== 'string' || options.messageId === '') throw new TypeError("planStatusPolls: messageId must be the message's id.");
  const spreadMs = options.spreadMs ?? DEFAULT_SPREAD_MS;
  if (!(spreadMs >= 0 && spreadMs < STATUS_POLL_INTERVAL_MS)) throw new RangeError('planStatusPolls: spreadMs must be at least 0 and less than six hours (21_600_000).');
  const beforeExpiryMs = options.beforeExpiryMs ?? POLL_BEFORE_EXPIRY_MS;
  if (!(beforeExpiryMs >= 0)) throw new RangeError('planStatusPolls: beforeExpiryMs must be 0 or more.');
  const expiry = options.expiryDateTime === undefined ? undefined : new Date(options.expiryDateTime).getTime();
  if (Number.isNaN(expiry)) throw new RangeError('planStatusPolls: expiryDateTime is not a date; pass the RFC 3339 string the message was sent with.');
  const offset = Math.floor(fractionOf(options.messageId) * spreadMs);
  return { sentAt, offset, beforeExpiryMs, expiry, now: (options.now ?? new Date()).getTime() };
}

/**
 * The times to poll a message's status, following the service's guidance:
 * one every six hours from the send (four a day at most), and one just before
 * expiry when the message has an expiry. Polls stay at least six hours
 * apart, so no 24-hour window holds more than four. Each message's polls are
 * shifted by an offset (up to `spreadMs`) derived from its id, so a batch
 * sent together is polled spread out, and planning again gives the same
 * times.
 *
 * Without an expiry the next four polls (one day) are returned; plan again
 * after the last. With one, every poll up to it. When no poll fits (the
 * expiry has passed, or is closer than `beforeExpiryMs`), `times` is empty
 * and `whyEmpty` says why and what to do.
 *
 * @throws TypeError or RangeError for options that cannot make a plan.
 *
 * @example
 * ```ts
 * const plan = planStatusPolls({ messageId, sentAt, expiryDateTime: message.expiryDateTime });
 * if (plan.whyEmpty) console.warn(plan.whyEmpty.message);
 * for (const at of plan.times) scheduleJob(at, () => cdms.messages.status(messageId));
 * ```
 */
export function planStatusPolls(options: PlanStatusPollsOptions): StatusPollPlan {
  const { sentAt, offset, beforeExpiryMs, expiry, now } = readOptions(options);
  const first = sentAt + offset;
  if (expiry === undefined) return { times: regularPolls(first, now, MAX_STATUS_POLLS_PER_DAY).map((t) => new Date(t)) };
  // The last poll carries the offset too, unless that would move it into the past.
  const last = [expiry - beforeExpiryMs - offset, expiry - beforeExpiryMs].find((t) => t > now);
  if (last === undefined) return { times: [], whyEmpty: whyEmpty(expiry, now, beforeExpiryMs) };
  const polls: number[] = [];
  for (let t = first + STATUS_POLL_INTERVAL_MS; t < last; t += STATUS_POLL_INTERVAL_MS) if (t > now) polls.push(t);
  // Keep six hours between the last regular poll and the one before expiry.
  while (polls.length > 0 && last - (polls.at(-1) ?? 0) < STATUS_POLL_INTERVAL_MS) polls.pop();
  return { times: [...polls, last].map((t) => new Date(t)) };
}

function regularPolls(first: number, now: number, count: number): number[] {
  const next = Math.floor(Math.max(0, now - first) / STATUS_POLL_INTERVAL_MS) + 1;
  return Array.from({ length: count }, (_, i) => first + (next + i) * STATUS_POLL_INTERVAL_MS);
}

function whyEmpty(expiry: number, now: number, beforeExpiryMs: number): EmptyPollPlan {
  const at = new Date(expiry).toISOString();
  if (expiry <= now) {
    return {
      reason: 'expired',
      message: `The message expired at ${at}: no poll is planned. Statuses are kept only until expiry, so it may be gone; if its outcome matters, ask once now.`,
    };
  }
  return {
    reason: 'expires-within-lead-time',
    message: `The message expires at ${at}, sooner than the last poll's lead time (${Math.round(beforeExpiryMs / 60_000)} min): no poll fits. If its outcome matters, ask once now, or plan with a smaller beforeExpiryMs.`,
  };
}
