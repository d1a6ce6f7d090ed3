import type { IncomingHttpHeaders } from 'node:http';
import type { OperationName } from '../../core/retry-policy.js';
import type { FaultPlan } from '../faults/injector.js';
import type { SandboxResponse } from '../http/response.js';
import type { SandboxState } from '../state.js';

/** One API request, authenticated and parsed, as a handler sees it. */
export interface ApiRequest {
  /** Everything the sandbox holds. */
  state: SandboxState;
  /** Decoded path parameters. */
  params: Readonly<Record<string, string>>;
  /** Request headers. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, for routes that take one. */
  body: unknown;
  /** The caller's API key (already recognised). */
  apiKey: string;
  /** The faults decided for this request. */
  plan: FaultPlan;
}

/** Answers one API request. Synchronous: the sandbox holds everything in memory. */
export type ApiHandler = (request: ApiRequest) => SandboxResponse;

/** An endpoint of the spec. */
export interface ApiRoute {
  method: 'GET' | 'POST';
  /** Path with `{name}` parameters. */
  path: string;
  /** The SDK's name of the operation (stats, faults). */
  operation: OperationName;
  /** Whether the forbidden key gets 403 here: where the operation table lists 403 (`refusesForbiddenKey`). */
  refusesForbiddenKey: boolean;
  /** Whether the request carries a JSON body (Content-Type application/json required). */
  jsonBody: boolean;
  handler: ApiHandler;
}
