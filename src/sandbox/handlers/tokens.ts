import { AccessCodeExchangeSchema } from '../../schemas/token.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { header } from '../http/headers.js';
import { INSTANT_ACCESS_TOKEN_HEADER } from '../../schemas/vocabulary.js';
import { problem, validationProblem } from '../http/problems.js';
import { empty, json } from '../http/response.js';
import { toInvalidParameters } from '../http/zod-issues.js';
import type { ApiHandler } from './types.js';

/**
 * POST /api/v1/messages/instant/access/token: a one-time access code for the
 * user's token. An unknown or already used code is a 400 naming accessCode
 * (the spec's example).
 */
export const exchangeHandler: ApiHandler = ({ state, body }) => {
  const parsed = AccessCodeExchangeSchema.safeParse(body);
  if (!parsed.success) {
    const params = body !== null && typeof body === 'object' && !Array.isArray(body) ? toInvalidParameters(parsed.error) : [];
    return validationProblem(params.length > 0 ? params : [{ name: '(body)', reason: 'must be a JSON object with accessCode' }]);
  }
  const code = parsed.data.accessCode;
  if (code.trim() === '') return validationProblem([{ name: 'accessCode', reason: 'must not be empty' }]);
  const token = state.tokens.exchange(code);
  if (token === undefined) {
    return validationProblem([{ name: 'accessCode', reason: 'is unknown or has already been used; ask the user to create a new one in the toolbar' }]);
  }
  return json({ token });
};

/**
 * GET on the verify path(s): 200 while the token is valid, 410 once it is not.
 * A token the sandbox never issued is "no longer valid" too (410); a missing
 * or malformed header is a 400 naming the header.
 */
export const verifyHandler: ApiHandler = ({ state, headers }) => {
  const name = INSTANT_ACCESS_TOKEN_HEADER;
  const token = header(headers, name);
  if (!token) return validationProblem([{ name, reason: 'must be provided: the access token to verify' }]);
  if (!UUID_PATTERN.test(token)) return validationProblem([{ name, reason: 'must be a UUID access token' }]);
  if (state.tokens.state(token) === 'gone') {
    return problem(410, { detail: 'The access token is no longer valid: ask the user for a new access code.' });
  }
  return empty(200);
};
