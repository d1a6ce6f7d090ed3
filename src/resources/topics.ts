import type { RequestOptions } from '../core/options.js';
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

  /** Drops the cached list; the next `list()` fetches it again. */
  clearCache(): void {
    this.#cache = undefined;
  }

  async #fetch(options: ListTopicsOptions): Promise<readonly Topic[]> {
    const { refresh: _refresh, ...requestOptions } = options;
    const topics = await this.traced('topics.list', (scope) =>
      this.context.transport.request({ operation: 'topics.list', method: 'GET', path: 'api/v1/topics', schema: TopicListSchema }, { ...requestOptions, scope }),
    );
    this.#cache = { topics: Object.freeze(topics), expiresAt: Date.now() + this.#ttlMs };
    return topics;
  }
}
