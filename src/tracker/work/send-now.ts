// tracker.send: the message written to the ledger before the request, the
// request made, and its outcome recorded, in that order, so a crash at any
// point leaves something the next start can settle. Every error it throws is
// a CdmsError with the messageId and `delivery` (send-errors.ts).
import { v4 as uuidv4 } from 'uuid';
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { assertUuid } from '../../core/path.js';
import { assertAccessToken } from '../../resources/instant.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { isVersionNumber, newState, type MessageState, type StoredPayload } from '../model/message-state.js';
import { checkMetadata } from '../model/metadata.js';
import type { TrackedRoute } from '../model/types.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { applySendVerdict } from '../decide/apply-send.js';
import { ledgerRefusal, sendRecordingVerdicts } from './rejected-content.js';
import { leasedCallOptions, stepContext, type TrackerContext } from './context.js';
import { classifySendError } from '../decide/send-verdict.js';
import { describeError } from '../decide/describe-error.js';
import { alreadyTracked, asSendError, notRecorded, outcomeNotRecorded, refusedBeforeSending } from './send-errors.js';
import { dropUnsent, insertSending, replacementRecorded, replacingOf, type LineageOptions, type Replacing } from './lineage.js';
import { assertJsonable } from '../../internal/json-pieces.js';

/** The options of a tracked send, as tracker.send passes them. */
interface SendNowOptions extends LineageOptions {
  accessToken?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** Kept with the message, so a resend is checked as the first send was. */
  allowOtherNhsNumbers?: boolean | undefined;
}

/** How a tracked send ended for its caller. */
export interface TrackerSendResult {
  /** The message's id (the caller's, or the one generated). Keep it: it is how the message is found later. */
  messageId: string;
  /**
   * - `sent`: the service holds the message; the tracker follows it.
   * - `queued`: certainly not delivered yet (the attempt met a refused
   *   connection, or the service answered 503, 5xx or 429: no attempt can
   *   have reached it); the tracker sends it again later with the same
   *   messageId. Means the same as a client error's `not-sent`.
   * - `unconfirmed`: it may have arrived (the attempt timed out, or its
   *   connection broke after the request went); the tracker confirms it
   *   through the status endpoint, and sends it again only if the service
   *   does not have it once the attempt can no longer be on its way.
   */
  outcome: 'sent' | 'queued' | 'unconfirmed';
  /** True when the client confirmed an unclear attempt through the status endpoint. */
  recovered: boolean;
}

/**
 * A tracked send, in order: the message written to the ledger (with a lease
 * that runs from when the row is written, so no other instance touches it
 * meanwhile, and marked in progress so this instance's background work does
 * not either), one attempt through the client (validation, the
 * rejected-content guard, its own confirmation of an unclear attempt), the
 * outcome recorded. A crash anywhere in between leaves a `sending` row that
 * the next start settles through the status endpoint.
 *
 * @throws LocalValidationError, AttachmentPreviouslyRejectedError: nothing was sent and nothing is kept (`not-sent`).
 * @throws the client's error when the send certainly failed for good; the ledger keeps it, flagged for attention.
 * @throws DatabaseUnavailableError when the ledger could not be written: `not-sent` before anything was recorded or sent, else `unknown`.
 */
export async function sendNow(
  ctx: TrackerContext,
  route: TrackedRoute,
  message: Record<string, unknown>,
  options: SendNowOptions,
): Promise<TrackerSendResult> {
  const messageId = typeof message.messageId === 'string' ? message.messageId : uuidv4();
  // An id that is not a UUID may be anything pasted by mistake (an NHS number): it is never put on an error.
  const knownId = UUID_PATTERN.test(messageId) ? messageId : undefined;
  try {
    return await sendTracked(ctx, route, message, messageId, options);
  } catch (error) {
    throw asSendError(error, knownId);
  }
}

async function sendTracked(
  ctx: TrackerContext,
  route: TrackedRoute,
  message: Record<string, unknown>,
  messageId: string,
  options: SendNowOptions,
): Promise<TrackerSendResult> {
  const { payload, replacing } = checkedPayload(route, message, messageId, options);
  const { config, sendsInProgress } = ctx;
  if (sendsInProgress.has(messageId)) throw alreadyTracked();
  sendsInProgress.add(messageId);
  try {
    const now = Date.now();
    const state = newSendingState(messageId, route, payload, options.metadata ?? null, now);
    let inserted: Awaited<ReturnType<typeof insertSending>>;
    try {
      inserted = await insertSending(ctx, state, { owner: config.instanceId, until: new Date(now + config.leaseMs), ms: config.leaseMs }, replacing);
    } catch (error) {
      throw notRecorded(error, messageId);
    }
    if (!inserted) throw alreadyTracked();
    const leaseLeftMs = await keepLease(ctx, messageId, inserted.leaseUntil);
    if (leaseLeftMs === undefined) return { messageId, outcome: 'unconfirmed', recovered: false };
    return await attempt(ctx, state, payload, leaseLeftMs, replacing);
  } finally {
    sendsInProgress.delete(messageId);
  }
}

/** The message and its options checked before anything is written: nothing is sent or kept when one is wrong. */
function checkedPayload(
  route: TrackedRoute,
  message: Record<string, unknown>,
  messageId: string,
  options: SendNowOptions,
): { payload: StoredPayload; replacing: Replacing | undefined } {
  assertUuid('messageId', messageId);
  if (route === 'instant') assertAccessToken(options.accessToken, 'not-sent');
  const problems: InvalidParameter[] = [];
  checkMetadata(options.metadata, problems);
  const replacing = replacingOf(options, messageId, problems);
  const payload: StoredPayload = {
    message: { ...message, messageId },
    ...(route === 'instant' ? { accessToken: options.accessToken } : {}),
    ...(options.allowOtherNhsNumbers === true ? { allowOtherNhsNumbers: true } : {}),
  };
  try {
    // A walk of the message's structure, not a copy of its megabytes: the sealing writes the text in pieces later.
    assertJsonable(payload);
  } catch {
    // Kept as JSON until the service holds it: what cannot be written (a cycle, a BigInt) is refused here, not by the database.
    problems.push({ name: 'message', reason: 'must be plain JSON data (no cycles, no BigInt values)' });
  }
  if (problems.length > 0) throw new LocalValidationError(problems, { delivery: 'not-sent' });
  return { payload, replacing };
}

/**
 * The lease as the row was written: when a slow write left less than half of
 * it (decision D-TRACKER-19), it is extended first. Returns how long it has
 * left, or undefined when another instance took the row over meanwhile (it
 * will confirm and send it: this call sends nothing).
 */
async function keepLease(ctx: TrackerContext, messageId: string, leaseUntil: Date | null): Promise<number | undefined> {
  const { store, config } = ctx;
  const left = (leaseUntil?.getTime() ?? Date.now() + config.leaseMs) - Date.now();
  if (left >= config.leaseMs / 2) return left;
  try {
    return (await store.renewLease(messageId, config.instanceId, new Date(Date.now() + config.leaseMs))) ? config.leaseMs : undefined;
  } catch (error) {
    throw notRecorded(error, messageId, true);
  }
}

/** One attempt through the client, and its outcome recorded. */
async function attempt(
  ctx: TrackerContext,
  state: MessageState,
  payload: StoredPayload,
  leaseLeftMs: number,
  replacing: Replacing | undefined,
): Promise<TrackerSendResult> {
  const { store, config } = ctx;
  const { messageId } = state;
  // The ledger's verdicts on the attachments first (D-TRACKER-36): refused, or sent later when they cannot be read.
  let verdict = await ledgerRefusal(ctx, payload);
  let failure: unknown;
  if (!verdict) {
    try {
      const sent = await ctx.service.observe(() => sendRecordingVerdicts(ctx, state.route, payload, leasedCallOptions(ctx, leaseLeftMs)));
      verdict = { kind: 'sent', recovered: sent.recovered };
    } catch (error) {
      failure = error;
      verdict = classifySendError(error, false);
    }
  }
  if (verdict.kind === 'refused') {
    // Refused before the request left: nothing was sent, so nothing is kept. A leftover row (the database failed
    // here) is settled in the background like any unfinished send.
    await dropUnsent(ctx, messageId, replacing, verdict.error, payload).catch(() => undefined);
    throw refusedBeforeSending(verdict.error);
  }
  const t = applySendVerdict(state, verdict, stepContext(ctx));
  try {
    if ((await store.save(t, config.instanceId, new Date())) && t.events.length > 0) ctx.eventsRecorded();
  } catch (error) {
    throw outcomeNotRecorded(error, messageId, verdict);
  }
  await replacementRecorded(ctx, messageId, replacing).catch((error: unknown) => {
    // The send is recorded; the earlier message stays on the list until a person clears it.
    config.logger.warn({ event: 'tracker.replacement-not-recorded', messageId, error: describeError(error) }, 'cdms tracker: could not take the replaced message off the attention list');
  });
  if (verdict.kind === 'failed' || verdict.kind === 'content-rejected') throw failure;
  const outcome = verdict.kind === 'sent' ? 'sent' : t.state.stage === 'queued' ? 'queued' : 'unconfirmed';
  return { messageId, outcome, recovered: verdict.kind === 'sent' && verdict.recovered };
}

function newSendingState(
  messageId: string,
  route: TrackedRoute,
  payload: StoredPayload,
  metadata: Record<string, unknown> | null,
  now: number,
): MessageState {
  const m = payload.message as {
    topic?: unknown;
    recipient?: { id?: { value?: unknown } };
    expiryDateTime?: unknown;
    gpConnectAdditionalInformation?: { versionNumber?: unknown };
  };
  const expiry = typeof m.expiryDateTime === 'string' ? new Date(m.expiryDateTime) : null;
  const version = m.gpConnectAdditionalInformation?.versionNumber;
  return newState(messageId, route, 'sending', now, {
    topic: typeof m.topic === 'string' ? m.topic : null,
    recipient: typeof m.recipient?.id?.value === 'string' ? m.recipient.id.value : null,
    expiryAt: expiry && !Number.isNaN(expiry.getTime()) ? expiry : null,
    payload,
    metadata,
    // Kept beside the content, which is erased once the service holds it: replace() sends the next version (D-TRACKER-34).
    versionNumber: route === 'gpconnect' && isVersionNumber(version) ? version : null,
  });
}
