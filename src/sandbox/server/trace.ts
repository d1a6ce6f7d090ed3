import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { OperationName } from '../../core/retry-policy.js';
import { isRecord } from '../../internal/is-record.js';
import { header } from '../http/headers.js';
import type { SandboxResponse } from '../http/response.js';
import { API_KEY_HEADER, INSTANT_ACCESS_TOKEN_HEADER } from '../../schemas/vocabulary.js';
import { describeKey, type LoggedProblem, type RequestOutcome } from '../request-log.js';
import { maskSecret } from '../../internal/mask-secret.js';
import type { SandboxState } from '../state.js';

/** What the API side learns about a request as it goes, for its request log entry. */
export interface RequestTrace {
  /** The operation, once the route is known. */
  operation: OperationName | undefined;
  /** The message it concerns, once the body is read. */
  messageId: string | undefined;
  /** Faults injected into it. */
  faults: string[];
  /** Writes the log entry (once). */
  end(outcome: RequestOutcome, response?: SandboxResponse): void;
}

/** The problem of an error response, reduced to what the log may show. */
function problemOf(response: SandboxResponse | undefined): LoggedProblem | undefined {
  if (!response || response.status < 400 || !isRecord(response.body)) return undefined;
  const { title, detail, invalidParameters } = response.body;
  const params = Array.isArray(invalidParameters)
    ? invalidParameters.filter(isRecord).map((p) => ({ name: String(p.name), reason: String(p.reason) }))
    : undefined;
  return { title: String(title), detail: typeof detail === 'string' ? detail : undefined, invalidParameters: params };
}

/** Starts the log entry of an API request: time, method, path, masked credentials. */
export function startTrace(state: SandboxState, req: IncomingMessage, pathname: string): RequestTrace {
  const started = performance.now();
  const at = new Date(state.now()).toISOString();
  const token = header(req.headers, INSTANT_ACCESS_TOKEN_HEADER);
  const apiKey = describeKey(header(req.headers, API_KEY_HEADER), state.config);
  let ended = false;
  const trace: RequestTrace = {
    operation: undefined,
    messageId: undefined,
    faults: [],
    end(outcome, response) {
      if (ended) return;
      ended = true;
      state.requests.add({
        at,
        method: req.method ?? 'GET',
        path: pathname,
        operation: trace.operation,
        status: response?.status,
        outcome,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        problem: problemOf(response),
        messageId: trace.messageId,
        apiKey,
        accessToken: token === undefined ? undefined : maskSecret(token),
        faults: trace.faults,
      });
    },
  };
  return trace;
}
