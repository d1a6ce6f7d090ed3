import { backoffDelayMs, sleep } from '../core/backoff.js';
import { ApiError, NotFoundError } from '../core/errors/api-error.js';
import { ConnectionError, TimeoutError } from '../core/errors/transport-errors.js';
import type { TransportCallOptions } from '../core/options.js';
import { path } from '../core/path.js';
import { GpConnectStatusSchema, MessageStatusSchema } from '../schemas/status.js';
import type { Route } from '../validation/index.js';
import type { ClientContext } from './resource.js';

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
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.invalidParameters.some((p) => p.name === 'messageId' && /already|duplicate|in use|used/i.test(p.reason))
  );
}

/** The status endpoint of a message on its route, in the form the service returns. */
export function statusEndpointOf(route: Route, messageId: string): string {
  return route === 'gpconnect' ? `/api/v1/gpconnect/messages/${messageId}/status` : `/api/v1/messages/${messageId}/status`;
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
  const { signal, timeoutMs, deadlineAt, headers } = options;
  try {
    await context.transport.request(
      route === 'gpconnect'
        ? { operation: 'gpconnect.status', method: 'GET', path: path`api/v1/gpconnect/messages/${messageId}/status`, schema: GpConnectStatusSchema }
        : { operation: 'messages.status', method: 'GET', path: path`api/v1/messages/${messageId}/status`, schema: MessageStatusSchema },
      { signal, timeoutMs, deadlineAt, headers },
    );
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/** Counts send attempts against `1 + maxRetries`. */
export class AttemptBudget {
  #used = 0;
  readonly #total: number;

  /** @param maxRetries - Retries allowed after the first attempt. */
  constructor(maxRetries: number) {
    this.#total = 1 + maxRetries;
  }

  /** Records one attempt. */
  readonly use = (): void => {
    this.#used++;
  };

  /** Retries the transport may still make within one more call (after that call's first attempt). */
  get retriesLeft(): number {
    return Math.max(0, this.#total - this.#used - 1);
  }

  /** Whether another attempt fits. */
  get canAttempt(): boolean {
    return this.#used < this.#total;
  }

  /** A backoff pause before a resend, so an outage is not hammered. */
  pause(signal: AbortSignal | undefined, random: () => number): Promise<void> {
    return sleep(backoffDelayMs(Math.max(0, this.#used - 1), random), signal);
  }
}
