import { backoffDelayMs, sleep } from '../core/backoff.js';
import { ApiError, NotFoundError, isMessageIdReuse } from '../core/errors/api-error.js';
import { CdmsError } from '../core/errors/cdms-error.js';
import { ConnectionError, TimeoutError } from '../core/errors/transport-errors.js';
import type { TransportCallOptions } from '../core/options.js';
import type { Route } from '../validation/index.js';
import type { ClientContext } from './resource.js';
import { statusRequest } from './status-request.js';

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
 * Bounds the resends that recovery makes after the status endpoint confirmed
 * a message was not delivered. Separate from the retries of each request
 * (503s, connections never made), which the transport bounds by the same
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

  /** Whether another resend fits. */
  get canResend(): boolean {
    return this.#resends < this.#max;
  }

  /**
   * Counts a resend, after a backoff pause so an outage is not hammered. An
   * abort during the pause says `not-sent`: the status endpoint has just
   * confirmed the service does not hold the message.
   */
  async pause(signal: AbortSignal | undefined, random: () => number): Promise<void> {
    try {
      await sleep(backoffDelayMs(this.#resends, random), signal);
    } catch (abort) {
      if (abort instanceof CdmsError) abort.delivery = 'not-sent';
      throw abort;
    }
    this.#resends++;
  }
}
