import type { Transport } from '../core/transport.js';
import type { Limits } from '../limits.js';
import type { RejectedContentStore } from '../rejected-content/store.js';

/** What every resource needs from its client. Internal. */
export interface ClientContext {
  /** Runs requests. */
  readonly transport: Transport;
  /** Limits for local validation. */
  readonly limits: Limits;
  /** Hashes of attachment content the service rejected. */
  readonly rejectedContent: RejectedContentStore;
  /** Topic names cached by `topics.list()`, if any and still fresh. */
  cachedTopicNames(): readonly string[] | undefined;
}

/** Base of the resource classes: holds the client's context. */
export abstract class Resource {
  /** @internal */
  protected readonly context: ClientContext;

  /** @internal */
  constructor(context: ClientContext) {
    this.context = context;
  }
}
