import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import { authenticate } from '../auth.js';
import type { FaultPlan } from '../faults/injector.js';
import type { ApiRoute } from '../handlers/types.js';
import { isJsonContentType, parseJsonBody, readBody, type JsonBody } from '../http/body.js';
import { header } from '../http/headers.js';
import { problem, validationProblem } from '../http/problems.js';
import { writeResponse, type SandboxResponse } from '../http/response.js';
import type { Router } from '../http/router.js';
import type { SandboxState } from '../state.js';

/** What the API side of the server needs. */
export interface ApiContext {
  state: SandboxState;
  router: Router<ApiRoute>;
  /** Aborted when the sandbox closes: ends every injected delay at once. */
  closing: AbortSignal;
}

/** The key that makes fault decisions reproducible: the request's messageId, when it has one. */
function faultKey(params: Record<string, string>, body: JsonBody): string | undefined {
  if (params.messageId) return params.messageId.toLowerCase();
  const id = body.ok ? (body.value as { messageId?: unknown } | null)?.messageId : undefined;
  return typeof id === 'string' ? id.toLowerCase() : undefined;
}

/** Authentication, permission, Content-Type and JSON checks, then the endpoint itself. */
function processRequest(ctx: ApiContext, route: ApiRoute, params: Record<string, string>, req: IncomingMessage, body: JsonBody, plan: FaultPlan): SandboxResponse {
  const identity = authenticate(req.headers, ctx.state.config);
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

function respond(ctx: ApiContext, res: ServerResponse, response: SandboxResponse): void {
  if (res.destroyed) return;
  ctx.state.stats.response(response.status);
  writeResponse(res, response);
}

function injected(ctx: ApiContext, failure: NonNullable<FaultPlan['failBefore']>): SandboxResponse {
  ctx.state.stats.fault(failure.status === 500 ? 'internalError' : 'serviceUnavailable');
  const headers: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(failure.retryAfterSeconds) };
  return problem(failure.status, { detail: 'Injected by the sandbox: nothing was processed.' }, headers);
}

/**
 * One API request: route, body, fault plan, then processing. Faults act
 * around processing: latency and a reset before it (nothing stored), a reset
 * after it (stored, no answer) or a held-back answer (stored, late answer).
 */
export async function handleApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const found = ctx.router.match(req.method ?? 'GET', pathname);
  if (!found) return respond(ctx, res, problem(404, { detail: 'No such endpoint.' }));
  if ('allow' in found) return respond(ctx, res, problem(405, { detail: 'Method not allowed here.' }, { Allow: found.allow.join(', ') }));
  const { route, params } = found;
  const { state } = ctx;
  state.stats.request(route.operation);
  const read = await readBody(req, state.config.maxBodyBytes);
  if (!read.ok) {
    if (read.reason === 'aborted') return;
    return respond(ctx, res, problem(413, { detail: `The request body exceeds ${state.config.maxBodyBytes} bytes.` }, { Connection: 'close' }));
  }
  const body: JsonBody = route.jsonBody ? parseJsonBody(read.bytes) : { ok: true, value: undefined };
  const plan = state.faults.plan(route.operation, faultKey(params, body));
  if (plan.latencyMs > 0) {
    state.stats.fault('latency');
    await pause(plan.latencyMs, undefined, { signal: ctx.closing });
  }
  if (plan.resetBefore) {
    state.stats.fault('resetBefore');
    return void req.socket.destroy();
  }
  const response = plan.failBefore ? injected(ctx, plan.failBefore) : processRequest(ctx, route, params, req, body, plan);
  if (plan.resetAfter) {
    state.stats.fault('resetAfter');
    return void req.socket.destroy();
  }
  if (plan.slowMs > 0) {
    state.stats.fault('slow');
    await pause(plan.slowMs, undefined, { signal: ctx.closing });
  }
  respond(ctx, res, response);
}
