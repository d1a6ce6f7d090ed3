// The Tracker an app holds: its public calls, each a thin entry into a step
// of ../work (send, adopt, poll now) or a query, and the start and clean stop
// of the background loops. Calls under way are awaited by close().
import { setMaxListeners } from 'node:events';
import { TrackerClosedError, UnknownMessageError } from '../model/errors.js';
import type { TrackerEventHandler } from '../model/events.js';
import { getMessage, listMessages, removedAt, type TrackerListOptions, type TrackerListPage } from '../report/queries.js';
import { collectStats, overdueGraceMs, type TrackerStats } from '../report/stats.js';
import type { PollNowOptions, TrackerMessages, TrackerSendArguments, TrackerSendOptions } from './send-options.js';
import type { TrackerHealth, TrackerHealthOptions } from '../report/health.js';
import { liveHealth } from '../report/live-health.js';
import type { TrackedMessage, TrackedMessageSummary, TrackedRoute } from '../model/types.js';
import type { TrackInput } from '../decide/adopted-state.js';
import { adopt } from '../work/adopt.js';
import { BackgroundLoops } from '../runtime/background-loops.js';
import { CallsInFlight } from '../runtime/calls-in-flight.js';
import { CLOSE_WITHIN_MS, closeWithin } from '../runtime/close-within.js';
import type { Heartbeat } from '../runtime/heartbeat.js';
import type { TrackerContext } from '../work/context.js';
import { pollNow } from '../work/poll-now.js';
import { acknowledgeAs, assignTo, auditedPoll, recordRefusal, type AcknowledgeOptions, type AssignOptions, type RecordRefusalOptions } from '../work/people.js';
import { readAudit, type TrackerAuditOptions, type TrackerAuditPage } from '../report/audit.js';
import { sendNow, type TrackerSendResult } from '../work/send-now.js';
import { replaceNow, type GpConnectReplacement, type TrackerReplaceOptions, type TrackerReplaceResult } from '../work/replace.js';
import { verifyAudit, type AuditVerification } from '../report/audit-verify.js';

/**
 * Follows every message to its end: a durable ledger written before each
 * send, polls within the service's guidance, events to the app, and a list
 * of what needs a person. Made by {@link createTracker}.
 */
export class Tracker {
  readonly #ctx: TrackerContext;
  readonly #close: () => Promise<void>;
  readonly #loops: BackgroundLoops;
  readonly #heartbeat: Heartbeat | undefined;
  readonly #calls = new CallsInFlight();
  readonly #closing = new AbortController();
  #started = false;
  #unobserve: (() => void) | undefined;
  #closed: Promise<void> | undefined;

  /** @internal Use {@link createTracker}. */
  constructor(ctx: TrackerContext, close: () => Promise<void>, heartbeat?: Heartbeat) {
    this.#close = close;
    this.#heartbeat = heartbeat;
    // Each pollNow waiting for its slot listens to the closing signal; there is no set limit on them.
    setMaxListeners(0, this.#closing.signal);
    this.#ctx = { ...ctx, eventsRecorded: () => this.#loops.wake() };
    this.#loops = new BackgroundLoops(this.#ctx);
  }

  /**
   * Starts the background work: due polls, settling unfinished sends (after a
   * crash, or queued after a 503), event delivery, deleting settled messages
   * after `keepSettledForMs`, and the OpenTelemetry gauges read from the
   * ledger. Without it the tracker still records sends and answers queries.
   */
  async start(): Promise<void> {
    this.#assertOpen();
    if (this.#started) return;
    this.#started = true;
    await this.#ctx.store.releaseAll(this.#ctx.config.instanceId);
    this.#loops.start();
    this.#unobserve = this.#ctx.telemetry.observe(async () => {
      const stats = await this.stats();
      return { messagesByStatus: stats.byStatus, attention: stats.attention, overduePolls: stats.overduePolls };
    });
  }

  /**
   * Sends a message through the client and follows it. The message is in the
   * ledger before the request leaves; its content is erased once the service
   * holds it.
   *
   * Every error it throws is a `CdmsError` with the message's `messageId`
   * and `delivery` (`not-sent` only when the message was neither sent nor left
   * for the tracker to send).
   *
   * @throws LocalValidationError when the message is invalid (nothing sent, nothing kept), or its messageId is already tracked (`delivery: 'unknown'`: look that message up).
   * @throws AttachmentPreviouslyRejectedError when an attachment was rejected before, by this process or any earlier one on the same ledger (nothing sent, nothing kept).
   * @throws AttachmentContentRejectedError, BadRequestError, AuthenticationError, PermissionDeniedError when the send failed for good (kept, flagged for attention).
   * @throws DatabaseUnavailableError when the ledger could not be written: `not-sent` before anything was recorded or sent; `unknown` when the service may hold it or the tracker may still send it (the ledger settles it once the database answers).
   */
  // One signature rather than an overload per route: a mistake (an instant send without its
  // access token) is then reported against the call as written, not against the last overload.
  send<R extends TrackedRoute>(route: R, message: TrackerMessages[R], ...args: TrackerSendArguments<R>): Promise<TrackerSendResult> {
    const options: TrackerSendOptions & { accessToken?: string } = args[0] ?? {};
    return this.#call(() => sendNow(this.#ctx, route, { ...message }, options));
  }

  /**
   * Sends the next version of a GP-route document (to correct or complete
   * it), with `versionNumber` (the earlier version's + 1) and `relatesTo`
   * (its messageId) set from the ledger. The two are linked in `get()`, the
   * earlier leaves the attention list, and the audit says who sent it and
   * why. A version is replaced once (of two replacements at once, one is
   * sent). If the practice cannot process it (ITK3 `20014`), attention
   * `replacement-rejected` names both messages.
   *
   * @example
   * ```ts
   * const { versionNumber } = await tracker.replace(messageId, correctedSummary, { by: 'j.smith', note: 'Wrong dose in the plan.' });
   * ```
   *
   * @throws LocalValidationError when an argument is wrong, or the new version is invalid (nothing sent, nothing kept).
   * @throws ReplacementRefusedError when the earlier message is not in the ledger, is not a GP-route message, its version is not known, or the service does not hold it yet (nothing sent, nothing kept).
   * @throws ConflictingActionError when a later version of it exists already (nothing sent).
   * @throws the errors of {@link Tracker.send} for the new version once it is recorded.
   */
  replace(messageId: string, document: GpConnectReplacement, options: TrackerReplaceOptions = {}): Promise<TrackerReplaceResult> {
    return this.#call(() => replaceNow(this.#ctx, messageId, document, options));
  }

  /**
   * Adopts a message sent without the tracker, to follow it from now on.
   * Adopting one already tracked on the same route returns it unchanged.
   *
   * @throws LocalValidationError when the input is invalid, or the id is tracked on another route.
   */
  track(input: TrackInput): Promise<TrackedMessageSummary> {
    return this.#call(() => adopt(this.#ctx, input));
  }

  /**
   * Registers an event handler; returns the function that removes it. Events
   * are delivered at least once, in order per message, after `start()`.
   */
  onEvent(handler: TrackerEventHandler): () => void {
    return this.#loops.events.add(handler);
  }

  /** A message with its history, or undefined when the tracker does not hold it. */
  get(messageId: string): Promise<TrackedMessage | undefined> {
    return this.#call(() => getMessage(this.#ctx.store, messageId));
  }

  /**
   * When retention removed a message the audit names (its entries stay), or
   * undefined: the tracker holds it, never held it, or removed it before
   * removals were kept.
   */
  removedAt(messageId: string): Promise<Date | undefined> {
    return this.#call(() => removedAt(this.#ctx.store, messageId));
  }

  /** Messages, newest first, filtered and a page at a time. */
  list(options: TrackerListOptions = {}): Promise<TrackerListPage> {
    return this.#call(() => listMessages(this.#ctx.store, options));
  }

  /**
   * Polls a followed message now (for example when a user asks). Counts
   * against the message's four polls a day and the shared budget.
   *
   * With `by`, the poll (or its refusal) is kept in the audit as that person's.
   *
   * @throws PollLimitError when four polls were made in the last day.
   * @throws UnknownMessageError when the tracker does not hold the message.
   */
  pollNow(messageId: string, options: PollNowOptions = {}): Promise<TrackedMessage> {
    return this.#call(async () => {
      const poll = () => pollNow(this.#ctx, messageId, this.#closing.signal);
      if (options.by === undefined) await poll();
      else await auditedPoll(this.#ctx.store, messageId, options.by, poll);
      const message = await this.get(messageId);
      if (!message) throw new UnknownMessageError(messageId);
      return message;
    });
  }

  /**
   * Keeps in the audit an action the app refused before it reached the
   * tracker, such as a "Send again" it cannot make (it no longer holds the
   * document), so that every action a person asked for has its entry.
   *
   * @throws UnknownMessageError when the tracker does not hold the message.
   * @throws LocalValidationError when `by`, `action` or `detail` is not one the audit takes.
   */
  recordRefusal(messageId: string, options: RecordRefusalOptions): Promise<void> {
    return this.#call(() => recordRefusal(this.#ctx.store, messageId, options));
  }

  /**
   * Clears a message's attention once a person has dealt with it. The same
   * reason is not raised again for that message.
   *
   * With `{ by, note }` (the person, as the app's sign-in names them, and
   * what they did), the acknowledgement is kept in the audit; if the
   * attention was already cleared (someone else acted first) it throws
   * ConflictingActionError, and the audit records the attempt too. Without
   * them it clears whatever is raised, as it always has.
   *
   * @example
   * ```ts
   * await tracker.acknowledge(messageId, { by: 'j.smith', note: 'Phoned the practice; they re-imported it.' });
   * ```
   *
   * @throws UnknownMessageError when the tracker does not hold the message.
   * @throws ConflictingActionError when a person acknowledges a message whose attention is already cleared.
   * @throws LocalValidationError when `by` or `note` is empty or too long.
   */
  acknowledge(messageId: string, options?: AcknowledgeOptions): Promise<void> {
    return this.#call(() => acknowledgeAs(this.#ctx.store, messageId, options));
  }

  /**
   * Assigns a message to a person (their id, as the app's sign-in gives it),
   * or to nobody with `null`. Kept in the audit. With `ifAssignee`, only
   * while the message is still assigned as the person last saw it.
   *
   * @throws UnknownMessageError when the tracker does not hold the message.
   * @throws ConflictingActionError when `ifAssignee` no longer holds (someone else took it first).
   * @throws LocalValidationError when a person's id is empty or too long, or an unassignment names nobody as `by`.
   */
  assign(messageId: string, personId: string | null, options: AssignOptions = {}): Promise<void> {
    return this.#call(() => assignTo(this.#ctx.store, messageId, personId, options));
  }

  /**
   * The audit of people's actions (acknowledge, assign, send again, poll
   * now): when, who, what, their note and how it ended, oldest first, a page
   * at a time. Entries are never changed or deleted.
   *
   * @throws LocalValidationError for a bad limit, cursor, messageId or since.
   */
  audit(options: TrackerAuditOptions = {}): Promise<TrackerAuditPage> {
    return this.#call(() => readAudit(this.#ctx.store, options));
  }

  /**
   * Walks the audit's hash chain from its first entry: whether every entry
   * still links to the one before it, and the first broken link (an entry
   * changed, deleted or back-dated in the database) if not.
   */
  verifyAudit(): Promise<AuditVerification> {
    return this.#call(() => verifyAudit(this.#ctx.store));
  }

  /** Counts by status, route and stage, attention, overdue polls, unhandled events and the oldest unresolved message. */
  stats(): Promise<TrackerStats> {
    return this.#call(() => collectStats(this.#ctx.store, Date.now(), overdueGraceMs(this.#ctx.config.pollIntervalMs)));
  }

  /**
   * Whether the tracker is doing its work, for a liveness or readiness probe,
   * a cron job or a dashboard: the database answering (within `timeoutMs`),
   * the background loops alive, the time of the last poll, overdue polls,
   * unhandled events, attention and the oldest unresolved message, with a
   * verdict (`ok`) and its reasons. It never throws: a closed tracker, or a
   * database that does not answer, is a verdict like any other.
   *
   * @example
   * ```ts
   * const health = await tracker.health();
   * if (!health.ok) logger.error({ reasons: health.reasons }, 'cdms tracker unhealthy');
   * ```
   */
  async health(options?: TrackerHealthOptions): Promise<TrackerHealth> {
    const loops = { ...this.#loops.status(), heartbeat: this.#heartbeat?.status() ?? null };
    const state = this.#closed ? 'closed' : this.#started ? 'running' : 'not-started';
    return liveHealth(this.#ctx, state, loops, options);
  }

  /**
   * Stops cleanly: no new work is claimed, requests under way finish and are
   * recorded, work not yet begun is left for the next start. Closes the
   * database unless the app passed its own pool. On PostgreSQL it returns
   * within 5 seconds whatever the database does (a silent one is left to
   * the pool's own limits). After it, the other calls throw
   * {@link TrackerClosedError}.
   */
  close(): Promise<void> {
    const closing = this.#closeNow();
    // Only a shared database (it has a heartbeat) can go silent; the embedded one is closed to the end: its files depend on it.
    return this.#heartbeat ? closeWithin(closing, CLOSE_WITHIN_MS, this.#ctx.config.logger) : closing;
  }

  #closeNow(): Promise<void> {
    this.#closed ??= (async () => {
      this.#closing.abort();
      this.#unobserve?.();
      await this.#loops.stop();
      await this.#calls.settled();
      // Alive until the work it leased is recorded; then it leaves, and closes the database.
      await this.#heartbeat?.stop();
      await this.#close();
    })();
    return this.#closed;
  }

  #assertOpen(): void {
    if (this.#closed) throw new TrackerClosedError();
  }

  #call<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new TrackerClosedError());
    return this.#calls.add(work());
  }
}
