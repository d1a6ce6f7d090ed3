// Whether the service answers the tracker: its sends, resends and polls
// counted as they end, so the health check can name the service's failures
// instead of staying `ok` (or blaming the poll rate) while it is unreachable.
// Kept in memory by each instance: it is what this process sees now.
import { ApiError } from '../../core/errors/api-error.js';
import { ConnectionError, TimeoutError } from '../../core/errors/transport-errors.js';
import { describeError } from '../decide/describe-error.js';

/** How the service answered this tracker's requests lately. */
export interface ServiceHealth {
  /** The tracker's requests to the service in a row that failed for the service's sake (unreachable, too slow, 5xx, 429, the key refused). */
  failures: number;
  /** When the first of those failures happened; null after a success. */
  failingSince: Date | null;
  /** The last of them, named (no patient data); null after a success. */
  lastError: string | null;
  /** When the service last answered; null before the first answer. */
  lastAnswerAt: Date | null;
}

/**
 * A failure of the service rather than of the request: it could not be
 * reached, answered too late or with a 5xx or 429, or refused the API key
 * (a rotated key turns every request into a 401). A 400 or a 404 is an
 * answer.
 */
export function isServiceFailure(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 401 || error.status === 403);
}

/** The service's answers as this instance has seen them. Internal. */
export class ServiceReach {
  #failures = 0;
  #failingSince: Date | null = null;
  #lastError: string | null = null;
  #lastAnswerAt: Date | null = null;

  /** Runs one request to the service and counts how it ended; its result or error passes through unchanged. */
  async observe<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.#answered();
      return result;
    } catch (error) {
      if (isServiceFailure(error)) this.#failed(error);
      else if (error instanceof ApiError) this.#answered();
      throw error;
    }
  }

  /** What was seen so far. */
  status(): ServiceHealth {
    return { failures: this.#failures, failingSince: this.#failingSince, lastError: this.#lastError, lastAnswerAt: this.#lastAnswerAt };
  }

  #answered(): void {
    this.#failures = 0;
    this.#failingSince = null;
    this.#lastError = null;
    this.#lastAnswerAt = new Date();
  }

  #failed(error: unknown): void {
    this.#failures++;
    this.#failingSince ??= new Date();
    this.#lastError = describeError(error);
  }
}

/** Failed requests in a row before the service counts as failing: one failure is often passing, and the next attempt comes soon. */
export const SERVICE_FAILURES_BEFORE_WARNING = 3;

/** The health check's reason about the service, when it has failed the tracker's last requests; undefined otherwise. */
export function serviceWarning(service: ServiceHealth | null | undefined): string | undefined {
  if (!service || service.failures < SERVICE_FAILURES_BEFORE_WARNING) return undefined;
  const since = service.failingSince ? ` since ${service.failingSince.toISOString()}` : '';
  return (
    `The service failed the tracker's last ${service.failures} requests${since} (${service.lastError ?? 'unknown error'}): ` +
    'it cannot be reached, is failing, or refuses the API key. Sends and polls wait and are retried; check the base URL, the network, the API key and the service status.'
  );
}
