import type { InvalidParameter } from '../../schemas/problem.js';
import type { Route } from '../../validation/index.js';
import { header } from '../http/headers.js';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../../schemas/vocabulary.js';
import { problem, validationProblem } from '../http/problems.js';
import { json, type SandboxResponse } from '../http/response.js';
import { acceptMessage } from './accept.js';
import { scanAttachments } from '../virus-scan.js';
import { MESSAGE_ID_USED_REASON, SEND_ENDPOINTS, checkSendBody, checkType } from './send-checks.js';
import type { ApiHandler, ApiRequest } from './types.js';
import { isRecord } from '../../internal/is-record.js';


/**
 * The user behind an instant send's access token, or the problem with the
 * token. A missing token is a 400 (spec, Errors: "a missing access token"); so
 * is an unknown or revoked one, since the instant send lists no 410.
 */
function instantUser(request: ApiRequest): { user: string } | InvalidParameter {
  const token = header(request.headers, INSTANT_ACCESS_TOKEN_HEADER);
  const name = INSTANT_ACCESS_TOKEN_HEADER;
  if (!token) return { name, reason: "is required: the access token of the user who sends the instant message" };
  const user = request.state.tokens.userOf(token);
  if (user === undefined) return { name, reason: 'is not a valid access token (unknown or no longer valid); ask the user for a new access code' };
  return { user };
}

function meshUnavailable(retryAfterSeconds: number | undefined): SandboxResponse {
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
  return problem(
    503,
    {
      detail: 'The message-exchange infrastructure (MESH) did not accept the message. Nothing was stored: retry with the same messageId.',
    },
    headers,
  );
}

/**
 * A send endpoint: type check, token (instant), every validation rule, the
 * virus scan, the hand-over to MESH (GP route; where the 503 fault strikes),
 * then storage. Nothing is stored unless the answer is 200.
 */
export function sendHandler(route: Route): ApiHandler {
  const endpoint = SEND_ENDPOINTS[route];
  return (request) => {
    const { state, body } = request;
    if (!isRecord(body)) return validationProblem([{ name: '(body)', reason: 'must be a JSON object (the message)' }]);
    const messageId = typeof body.messageId === 'string' ? body.messageId : undefined;
    if (messageId !== undefined) state.stats.send(messageId, 'attempts');
    const wrongType = checkType(body, endpoint);
    if (wrongType) return validationProblem([wrongType], 'The type field does not match this endpoint.');
    const who = route === 'instant' ? instantUser(request) : undefined;
    const params = [...(who && 'name' in who ? [who] : []), ...checkSendBody(body, endpoint, state)];
    if (params.length > 0) {
      if (messageId !== undefined && params.some((p) => p.name === 'messageId' && p.reason === MESSAGE_ID_USED_REASON)) {
        state.stats.send(messageId, 'duplicates');
      }
      return validationProblem(params);
    }
    const infected = scanAttachments(body.attachments);
    if (infected.length > 0) return validationProblem(infected, 'An attachment was rejected by the virus scan.');
    if (route === 'gpconnect') {
      const failure = state.faults.meshFailure(request.plan);
      if (failure) {
        state.stats.fault('serviceUnavailable');
        return meshUnavailable(failure.retryAfterSeconds);
      }
    }
    const user = who && 'user' in who ? who.user : undefined;
    return json({ messageStatusEndpoint: acceptMessage(state, body, route, request.apiKey, user) });
  };
}
