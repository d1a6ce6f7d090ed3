// tracker.send: the message written to the ledger before the request, the
// request made, and its outcome recorded, in that order, so a crash at any
// point leaves something the next start can settle.
import { v4 as uuidv4 } from 'uuid';
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { assertUuid } from '../../core/path.js';
import { assertAccessToken } from '../../resources/instant.js';
import { newState, type MessageState, type StoredPayload } from '../model/message-state.js';
import { checkMetadata } from '../model/metadata.js';
import type { TrackedRoute } from '../types.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { applySendVerdict } from '../decide/apply-send.js';
import { sendStored } from './client-calls.js';
import { leasedCallOptions, stepContext, type TrackerContext } from './context.js';
import { classifySendError, type SendVerdict } from '../decide/send-verdict.js';
import { dropUnsent, insertSending, replacementRecorded, replacingOf, type LineageOptions } from './lineage.js';

/** How a tracked send ended for its caller. */
export interface TrackerSendResult {
  /** The message's id (the caller's, or the one generated). Keep it: it is how the message is found later. */
  messageId: string;
  /**
   * - `sent`: the service holds the message; the tracker follows it.
   * - `queued`: certainly not delivered yet (the GP route answered 503, or
   *   the service could not be reached); the tracker sends it again later
   *   with the same messageId.
   * - `unconfirmed`: it may have arrived; the tracker confirms it through the
   *   status endpoint and sends it again only if the service does not have it.
   */
  outcome: 'sent' | 'queued' | 'unconfirmed';
  /** True when the client confirmed an unclear attempt through the status endpoint. */
  recovered: boolean;
}

/**
 * A tracked send, in order: the message written to the ledger (with a lease,
 * so no other instance touches it meanwhile), the request through the client
 * (validation, the rejected-content guard, recovery), the outcome recorded.
 * A crash anywhere in between leaves a `sending` row that the next start
 * settles through the status endpoint.
 *
 * @throws LocalValidationError, AttachmentPreviouslyRejectedError: nothing was sent and nothing is kept.
 * @throws the client's error when the send certainly failed for good; the ledger keeps it, flagged for attention.
 */
export async function sendNow(
  ctx: TrackerContext,
  route: TrackedRoute,
  message: Record<string, unknown>,
  options: { accessToken?: string | undefined; metadata?: Record<string, unknown> | undefined } & LineageOptions,
): Promise<TrackerSendResult> {
  const messageId = typeof message.messageId === 'string' ? message.messageId : uuidv4();
  assertUuid('messageId', messageId);
  if (route === 'instant') assertAccessToken(options.accessToken);
  const problems: InvalidParameter[] = [];
  checkMetadata(options.metadata, problems);
  const replacing = replacingOf(options, messageId, problems);
  if (problems.length > 0) throw new LocalValidationError(problems);
  const payload: StoredPayload = { message: { ...message, messageId }, ...(route === 'instant' ? { accessToken: options.accessToken } : {}) };
  const now = Date.now();
  const state = newSendingState(messageId, route, payload, options.metadata ?? null, now);
  const { store, config } = ctx;
  if (!(await insertSending(ctx, state, { owner: config.instanceId, until: new Date(now + config.leaseMs) }, replacing))) {
    throw new LocalValidationError([
      { name: 'messageId', reason: 'is already tracked: every message needs its own messageId. Nothing was sent.' },
    ]);
  }
  let verdict: SendVerdict;
  let failure: unknown;
  try {
    const sent = await sendStored(config.client, route, payload, leasedCallOptions(ctx));
    verdict = { kind: 'sent', recovered: sent.recovered };
  } catch (error) {
    failure = error;
    verdict = classifySendError(error, false);
  }
  if (verdict.kind === 'refused') {
    await dropUnsent(ctx, messageId, replacing, verdict.error);
    throw verdict.error;
  }
  const t = applySendVerdict(state, verdict, stepContext(ctx));
  if ((await store.save(t, config.instanceId, new Date())) && t.events.length > 0) ctx.eventsRecorded();
  await replacementRecorded(ctx, messageId, replacing);
  if (verdict.kind === 'failed' || verdict.kind === 'content-rejected') throw failure;
  const outcome = verdict.kind === 'sent' ? 'sent' : verdict.kind === 'retry-later' ? 'queued' : 'unconfirmed';
  return { messageId, outcome, recovered: verdict.kind === 'sent' && verdict.recovered };
}

function newSendingState(
  messageId: string,
  route: TrackedRoute,
  payload: StoredPayload,
  metadata: Record<string, unknown> | null,
  now: number,
): MessageState {
  const m = payload.message as { topic?: unknown; recipient?: { id?: { value?: unknown } }; expiryDateTime?: unknown };
  const expiry = typeof m.expiryDateTime === 'string' ? new Date(m.expiryDateTime) : null;
  return newState(messageId, route, 'sending', now, {
    topic: typeof m.topic === 'string' ? m.topic : null,
    recipient: typeof m.recipient?.id?.value === 'string' ? m.recipient.id.value : null,
    expiryAt: expiry && !Number.isNaN(expiry.getTime()) ? expiry : null,
    payload,
    metadata,
  });
}
