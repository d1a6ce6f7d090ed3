import type { RequestOptions } from '../core/options.js';
import type { OperationName } from '../core/retry-policy.js';
import type { Transport } from '../core/transport.js';
import type { Limits } from '../limits.js';
import type { RejectedContentStore } from '../rejected-content/store.js';
import type { AdditionalIdTypes } from '../schemas/id-types.js';
import type { PdfChecker } from '../validation/pdf-check/pdf-checker.js';
import type { OperationScope, Telemetry } from '../core/telemetry-port.js';

/** What every resource needs from its client. Internal. */
export interface ClientContext {
  /** Runs requests. */
  readonly transport: Transport;
  /** Limits for local validation. */
  readonly limits: Limits;
  /** Id types accepted beyond the documented ones, for local validation. */
  readonly additionalIdTypes: AdditionalIdTypes;
  /** Hashes of attachment content the service rejected. */
  readonly rejectedContent: RejectedContentStore;
  /**
   * Topic names to check a send's topic against: the cached list, fetched
   * first when there is none (once per cache period); undefined when it
   * could not be had (the service then checks the topic itself).
   */
  topicNamesForSend(options: RequestOptions): Promise<readonly string[] | undefined>;
  /** Spans and metrics of each operation. */
  readonly telemetry: Telemetry;
  /** Reads PDFs for the wrong-patient check: off the main thread, each once (its verdict cached). */
  readonly pdfChecker: PdfChecker;
}

/** Base of the resource classes: holds the client's context. */
export abstract class Resource {
  /** @internal */
  protected readonly context: ClientContext;

  /** @internal */
  constructor(context: ClientContext) {
    this.context = context;
  }

  /**
   * Runs a public method's body as one operation of the telemetry (its span
   * and metrics); pass `scope` on to the transport.
   * @internal
   */
  protected traced<T>(operation: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T> {
    return this.context.telemetry.operation(operation, run);
  }
}
