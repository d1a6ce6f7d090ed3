// The port through which the client's machinery reports to telemetry: what
// an operation, an HTTP attempt and a send's recovery look-up tell it, and the
// no-op that records nothing. It lives in core, the ground floor, so the
// transport and the resources depend on this interface only; the OpenTelemetry
// implementation (telemetry/) plugs into it from the floor above.
import type { OperationName } from './retry-policy.js';

/** How a status look-up after an unclear send ended. */
export type RecoveryOutcome =
  /** The service holds the message: the send succeeded. */
  | 'recovered'
  /** The service does not hold it: resent, or given up as not sent. */
  | 'not-found'
  /** The look-up failed too: the outcome stays unknown. */
  | 'lookup-failed'
  /** "messageId already used" yet not found: the service contradicts itself. */
  | 'contradiction';

/** One HTTP attempt as the transport describes it to telemetry. */
export interface AttemptRequest {
  /** The request's own operation (a send's status look-up is `messages.status`). */
  readonly operation: OperationName;
  readonly method: string;
  /** Path relative to the base URL, no leading slash. */
  readonly path: string;
}

/** The transport's view of one HTTP attempt. Internal. */
export interface AttemptTelemetry {
  /** Headers to add to the request (`traceparent`, when propagation is on). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** Runs the request with the attempt's span active, so HTTP instrumentation nests under it. */
  within<T>(run: () => Promise<T>): Promise<T>;
  /** The response arrived with this status. */
  status(code: number): void;
  /** The attempt is over: with the error it ended with, if any. */
  end(error?: unknown): void;
}

/** One SDK operation (a public method call), as the resources and the transport report it. Internal. */
export interface OperationScope {
  /** The operation's messageId; recorded only when it is a UUID (anything else may be patient data pasted by mistake). */
  messageId(id: string): void;
  /** The send route (`standard`, `instant`, `gpconnect`). */
  route(route: string): void;
  /** A status look-up after an unclear send ended so. */
  recovery(outcome: RecoveryOutcome): void;
  /**
   * An HTTP attempt starts. `retry` counts the attempts before it for the same
   * request; `reason` says why this one is a retry.
   */
  attempt(request: AttemptRequest, retry: number, reason: string | undefined): AttemptTelemetry | undefined;
}

/** The client's telemetry: wraps each operation. Internal. */
export interface Telemetry {
  /** Runs `run` as operation `name`, recording its span and metrics. */
  operation<T>(name: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T>;
}

/** A scope that records nothing. */
export const NOOP_SCOPE: OperationScope = Object.freeze({
  messageId: () => undefined,
  route: () => undefined,
  recovery: () => undefined,
  attempt: () => undefined,
});

/** Telemetry when `@opentelemetry/api` is not installed: the operation runs, nothing else happens. */
export const NOOP_TELEMETRY: Telemetry = Object.freeze({
  operation: <T>(_name: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T> => run(NOOP_SCOPE),
});
