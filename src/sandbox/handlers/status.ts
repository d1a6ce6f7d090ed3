import { UUID_PATTERN } from '../../schemas/uuid.js';
import { problem, validationProblem } from '../http/problems.js';
import { json } from '../http/response.js';
import { statusBody } from '../messages/record.js';
import type { ApiHandler } from './types.js';

/**
 * A status endpoint. The standard one answers for standard and instant
 * messages, the GP-route one for GP-route messages; each gives 404 for the
 * other's messages, for messages of another API key, and for statuses removed
 * after expiry (spec: 404 "not found or not accessible").
 */
export function statusHandler(family: 'standard' | 'gpconnect'): ApiHandler {
  return ({ state, params, apiKey }) => {
    const messageId = params.messageId ?? '';
    if (!UUID_PATTERN.test(messageId)) {
      return validationProblem([{ name: 'message-id', reason: 'must be a UUID (the messageId given in the send request)' }]);
    }
    const record = state.messages.find(messageId, state.now());
    const visible = record && record.owner === apiKey && (record.route === 'gpconnect') === (family === 'gpconnect');
    if (!record || !visible) {
      const where = family === 'gpconnect' ? 'GP-route' : 'standard or instant';
      return problem(404, { detail: `No ${where} message with this id is accessible to this API key.` });
    }
    return json(statusBody(record));
  };
}
