import { backoffDelayMs, sleep } from '../core/backoff.js';
import { ApiError, AttachmentContentRejectedError, BadRequestError, NotFoundError, isMessageIdReuse } from '../core/errors/api-error.js';
import { ConnectionError, TimeoutError } from '../core/errors/transport-errors.js';
import type { TransportCallOptions } from '../core/options.js';
import type { Route } from '../validation/index.js';
import type { ClientContext } from './resource.js';
import { statusRequest } from './status-request.js';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../schemas/vocabulary.js';

/**
 * Whether a send failed in a way that leaves its outcome open: the request
 * may have reached the service (a timeout, or a connection dropped after it
 * was made). Only these are worth asking the status endpoint about.
 */
export function isAmbiguous(error: unknown): boolean {
  if (error instanceof TimeoutError) return error.delivery === 'unknown';
  return error instanceof ConnectionError && error.connected;
}

/**
 * Whether the service refused a send because its messageId was used before.
 * After an ambiguous attempt of the same send, that means the earlier attempt
 * arrived; on a first attempt it is the caller's own id clash.
 */
export function isDuplicateMessageId(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && isMessageIdReuse(error.problem);
}

/**
 * Fields whose verdict depends on when, or with what credentials, a request
 * arrives rather than on its bytes: a resend refused for one of them says
 * nothing about an earlier attempt, which may have arrived in time (before
 * the expiry, with a token still valid) or with the messageId still free.
 */
const ATTEMPT_DEPENDENT_FIELDS: ReadonlySet<string> = new Set(['messageid', 'expirydatetime', 'accesstoken', INSTANT_ACCESS_TOKEN_HEADER.toLowerCase()]);

/**
 * Whether a service's refusal of a resend applies to every attempt of the
 * message, so that none of them can have been accepted: the verdict on the
 * content itself (the same bytes fail the same scan), or a 400 naming only
 * fields judged on the body alone (the same body fails the same checks).
 * Anything else (a 503, a 401, a 400 about the expiry or the messageId)
 * answers this attempt only (decision D-CLIENT-13, docs/decisions/client.md).
 */
export function refusesEveryAttempt(error: unknown): boolean {
  if (error instanceof AttachmentContentRejectedError) return true;
  if (!(error instanceof BadRequestError) || error.invalidParameters.length === 0) return false;
  return error.invalidParameters.every((p) => !ATTEMPT_DEPENDENT_FIELDS.has(p.name.replace(/^\$\./, '').toLowerCase()));
}

/**
 * Asks the route's status endpoint whether the service holds the message.
 *
 * @returns true when it does, false on 404.
 * @throws whatever else the lookup met (after its own retries).
 */
export async function serviceHasMessage(
  context: ClientContext,
  route: Route,
  messageId: string,
  options: TransportCallOptions,
): Promise<boolean> {
  const { signal, timeoutMs, deadlineAt, headers, scope } = options;
  try {
    await context.transport.request(statusRequest(route, messageId), { signal, timeoutMs, deadlineAt, headers, scope });
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/**
 * Bounds the resends that recovery makes after the status endpoint did not
 * find a message. Separate from the retries of each request (503s,
 * connections never made), which the transport bounds by the same
 * `maxRetries`: sharing one budget would let a 503 storm starve recovery
 * (decision D-CLIENT-12, docs/decisions/client.md).
 */
export class ResendBudget {
  #resends = 0;
  readonly #max: number;

  /** @param maxResends - Resends allowed. */
  constructor(maxResends: number) {
    this.#max = maxResends;
  }

  /**
   * The backoff pause before the next resend, so an outage is not hammered;
   * undefined when no resend is left, or when the pause would end past the
   * deadline (a resend that cannot start in time is not worth waiting for).
   */
  nextPauseMs(random: () => number, deadlineAt: number | undefined): number | undefined {
    if (this.#resends >= this.#max) return undefined;
    const ms = backoffDelayMs(this.#resends, random);
    return deadlineAt !== undefined && Date.now() + ms >= deadlineAt ? undefined : ms;
  }

  /**
   * Waits the pause and counts the resend. An abort during the pause rejects
   * with `RequestAbortedError`; what it means for the message is the send
   * pipeline's to say (an earlier attempt may still be on its way, so never
   * `not-sent`).
   */
  async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    await sleep(ms, signal);
    this.#resends++;
  }
}
