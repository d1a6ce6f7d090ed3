import { CdmsError } from '../core/errors/cdms-error.js';
import type { RequestOptions } from '../core/options.js';
import { operationCall } from '../schemas/operations.js';
import { TopicListSchema, type Topic } from '../schemas/topic.js';
import { Resource, type ClientContext } from './resource.js';

/** Options of `topics.list()`. */
export interface ListTopicsOptions extends RequestOptions {
  /** Ignore the cache and fetch the list again. @defaultValue false */
  refresh?: boolean | undefined;
}

/**
 * The approved message topics (reference data). The list is cached for
 * `topicsCacheTtlMs`; while cached, every send checks its topic against it
 * locally. Integration and live lists may differ.
 *
 * @example
 * ```ts
 * const topics = await cdms.topics.list();
 * const names = topics.map((t) => t.topicName);
 * ```
 */
export class Topics extends Resource {
  #cache: { topics: readonly Topic[]; expiresAt: number } | undefined;
  #inFlight: Promise<readonly Topic[]> | undefined;
  /** When a send last fetched the list itself (ms since the epoch). */
  #sendFetchedAt: number | undefined;
  readonly #ttlMs: number;

  /** @internal */
  constructor(context: ClientContext, ttlMs: number) {
    super(context);
    this.#ttlMs = ttlMs;
  }

  /**
   * Lists the approved topics (GET /api/v1/topics), from the cache when it is
   * fresh. Concurrent calls share one request. Retried on 5xx and network errors.
   *
   * @throws AuthenticationError, PermissionDeniedError, InternalServerError, ConnectionError, TimeoutError, ResponseValidationError
   */
  async list(options: ListTopicsOptions = {}): Promise<Topic[]> {
    if (!options.refresh && this.#cache && this.#cache.expiresAt > Date.now()) return [...this.#cache.topics];
    this.#inFlight ??= this.#fetch(options).finally(() => {
      this.#inFlight = undefined;
    });
    return [...(await this.#inFlight)];
  }

  /** The cached topics while fresh, else undefined. Makes no request. */
  cached(): Topic[] | undefined {
    return this.#cache && this.#cache.expiresAt > Date.now() ? [...this.#cache.topics] : undefined;
  }

  /**
   * The topic names a send is checked against: the cache, fetched first when
   * there is none, so a mistyped topic is a local error with a suggestion
   * even on a fresh client rather than a request, a 400 and (through the
   * tracker) a stored failure. At most one such fetch per cache period, with
   * no retries; when it fails the send goes on without the check (the
   * service checks the topic). An abort of the send's signal is not swallowed.
   *
   * @internal
   */
  async namesForSend(options: RequestOptions): Promise<string[] | undefined> {
    const fresh = this.cached();
    if (fresh) return fresh.map((t) => t.topicName);
    if (this.#sendFetchedAt !== undefined && Date.now() - this.#sendFetchedAt < this.#ttlMs) return undefined;
    this.#sendFetchedAt = Date.now();
    try {
      const { signal, timeoutMs } = options;
      return (await this.list({ signal, timeoutMs, maxRetries: 0 })).map((t) => t.topicName);
    } catch (error) {
      if (options.signal?.aborted && error instanceof CdmsError) {
        error.delivery = 'not-sent'; // stopped before the send's request was made
        throw error;
      }
      return undefined;
    }
  }

  /** Drops the cached list; the next `list()` fetches it again. */
  clearCache(): void {
    this.#cache = undefined;
  }

  async #fetch(options: ListTopicsOptions): Promise<readonly Topic[]> {
    const { refresh: _refresh, ...requestOptions } = options;
    const topics = await this.traced('topics.list', (scope) =>
      this.context.transport.request({ ...operationCall('listTopics'), schema: TopicListSchema }, { ...requestOptions, scope }),
    );
    this.#cache = { topics: Object.freeze(topics), expiresAt: Date.now() + this.#ttlMs };
    return topics;
  }
}
