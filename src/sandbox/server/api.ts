import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import { authenticate } from '../auth.js';
import type { FaultPlan } from '../faults/injector.js';
import type { ApiRoute } from '../handlers/types.js';
import { isJsonContentType, parseJsonBody, readBody, type JsonBody } from '../http/body.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { header } from '../http/headers.js';
import { problem, validationProblem } from '../http/problems.js';
import { writeResponse, type SandboxResponse } from '../http/response.js';
import type { Router } from '../http/router.js';
import type { SandboxState } from '../state.js';
import type { FaultCounts } from '../stats.js';
import { startTrace, type RequestTrace } from './trace.js';

/** What the API side of the server needs. */
export interface ApiContext {
  state: SandboxState;
  router: Router<ApiRoute>;
  /** Aborted when the sandbox closes: ends every injected delay at once. */
  closing: AbortSignal;
}

/**
 * The request's messageId, when it has one (path or body): it makes fault
 * decisions reproducible (lower-cased) and links the request log to the
 * message. Only a UUID is kept: the request log and the fault counters hold
 * it for the sandbox's lifetime, so an id of any other shape (a hostile
 * 10 MB string) must not be.
 */
function messageIdOf(params: Record<string, string>, body: JsonBody): string | undefined {
  const id = params.messageId ?? (body.ok ? (body.value as { messageId?: unknown } | null)?.messageId : undefined);
  return typeof id === 'string' && UUID_PATTERN.test(id) ? id : undefined;
}

/** Not parsed: the body of a request without a valid key is never looked at. */
const UNREAD: JsonBody = { ok: true, value: undefined };

/** Permission, Content-Type and JSON checks, then the endpoint itself. */
function processRequest(
  ctx: ApiContext,
  route: ApiRoute,
  params: Record<string, string>,
  req: IncomingMessage,
  body: JsonBody,
  plan: FaultPlan,
  identity: ReturnType<typeof authenticate>,
): SandboxResponse {
  if (!identity) return problem(401, { detail: 'The ApiKey header is missing or not recognised.' });
  if (identity.forbidden && route.refusesForbiddenKey) {
    return problem(403, { detail: 'This API key is valid but not authorised for this operation.' });
  }
  if (route.jsonBody) {
    // The spec requires Content-Type application/json; the sandbox answers 400 (the status the spec lists) rather than 415.
    if (!isJsonContentType(header(req.headers, 'content-type'))) {
      return validationProblem([{ name: 'Content-Type', reason: "must be 'application/json'" }]);
    }
    if (!body.ok) return validationProblem([{ name: '(body)', reason: 'is not valid JSON' }], 'The request body could not be parsed.');
  }
  const value = body.ok ? body.value : undefined;
  return route.handler({ state: ctx.state, params, headers: req.headers, body: value, apiKey: identity.key, plan });
}

function respond(ctx: ApiContext, res: ServerResponse, response: SandboxResponse, trace: RequestTrace): void {
  if (res.destroyed) return trace.end('client went away');
  ctx.state.stats.response(response.status);
  writeResponse(res, response);
  trace.end('answered', response);
}

/** Counts an injected fault and notes it in the request's log entry. */
function fault(ctx: ApiContext, trace: RequestTrace, kind: keyof FaultCounts): void {
  ctx.state.stats.fault(kind);
  trace.faults.push(kind);
}

function injected(ctx: ApiContext, failure: NonNullable<FaultPlan['failBefore']>, trace: RequestTrace): SandboxResponse {
  fault(ctx, trace, failure.status === 500 ? 'internalError' : 'serviceUnavailable');
  const headers: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(failure.retryAfterSeconds) };
  return problem(failure.status, { detail: 'Injected by the sandbox: nothing was processed.' }, headers);
}

/**
 * One API request: route, body, fault plan, then processing. Faults act
 * around processing: latency and a reset before it (nothing stored), a reset
 * after it (stored, no answer) or a held-back answer (stored, late answer).
 */
export async function handleApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const trace = startTrace(ctx.state, req, pathname);
  const found = ctx.router.match(req.method ?? 'GET', pathname);
  if (!found) return respond(ctx, res, problem(404, { detail: 'No such endpoint.' }), trace);
  if ('allow' in found) return respond(ctx, res, problem(405, { detail: 'Method not allowed here.' }, { Allow: found.allow.join(', ') }), trace);
  const { route, params } = found;
  const { state } = ctx;
  state.stats.request(route.operation);
  trace.operation = route.operation;
  const read = await readBody(req, state.config.maxBodyBytes);
  if (!read.ok) {
    if (read.reason === 'aborted') return trace.end('client went away');
    return respond(ctx, res, problem(413, { detail: `The request body exceeds ${state.config.maxBodyBytes} bytes.` }, { Connection: 'close' }), trace);
  }
  const identity = authenticate(req.headers, state.config);
  const body: JsonBody = route.jsonBody && identity ? parseJsonBody(read.bytes) : UNREAD;
  trace.messageId = messageIdOf(params, body);
  const plan = state.faults.plan(route.operation, trace.messageId?.toLowerCase());
  if (plan.latencyMs > 0) {
    fault(ctx, trace, 'latency');
    await pause(plan.latencyMs, undefined, { signal: ctx.closing });
  }
  if (plan.resetBefore) return reset(ctx, req, trace, 'resetBefore');
  const response = plan.failBefore ? injected(ctx, plan.failBefore, trace) : processRequest(ctx, route, params, req, body, plan, identity);
  // A 503 the handler answered is the GP route's MESH fault, already counted by the handler.
  if (response.status === 503 && !plan.failBefore) trace.faults.push('serviceUnavailable');
  if (plan.resetAfter) return reset(ctx, req, trace, 'resetAfter');
  if (plan.slowMs > 0) {
    fault(ctx, trace, 'slow');
    await pause(plan.slowMs, undefined, { signal: ctx.closing });
  }
  respond(ctx, res, response, trace);
}

function reset(ctx: ApiContext, req: IncomingMessage, trace: RequestTrace, kind: 'resetBefore' | 'resetAfter'): void {
  fault(ctx, trace, kind);
  req.socket.destroy();
  trace.end(kind === 'resetBefore' ? 'reset before processing' : 'reset after processing');
}
