import { OPERATIONS, OPERATION_IDS, refusesForbiddenKey, type OperationId } from '../../schemas/operations.js';
import type { TokenVerifyPath } from '../options.js';
import { empty, json } from '../http/response.js';
import { sendHandler } from './send.js';
import { statusHandler } from './status.js';
import { exchangeHandler, verifyHandler } from './tokens.js';
import type { ApiHandler, ApiRoute } from './types.js';
import { registerWidgetHandler } from './widgets.js';

/**
 * The handler of every operation of the table (schemas/operations.ts): a new
 * row does not compile until it has one here. Method, path, which key is
 * refused and whether a JSON body is required all come from the row.
 */
const HANDLERS = {
  test: () => empty(200),
  // The spec's description also allows POST on the test endpoint.
  testPost: () => empty(200),
  listTopics: ({ state }) => json(state.config.topics.map((topicName) => ({ topicName }))),
  sendMessage: sendHandler('standard'),
  sendInstantMessage: sendHandler('instant'),
  sendGpConnectMessage: sendHandler('gpconnect'),
  getMessageStatus: statusHandler('standard'),
  getGpConnectStatus: statusHandler('gpconnect'),
  exchangeAccessCode: exchangeHandler,
  verifyAccessToken: verifyHandler,
  verifyAccessTokenSamplePath: verifyHandler,
  registerWidget: registerWidgetHandler,
} satisfies Record<OperationId, ApiHandler>;

/** Which of the two token-verify paths a sandbox option serves. */
const VERIFY_PATH_OF: Partial<Record<OperationId, TokenVerifyPath>> = {
  verifyAccessToken: 'definition',
  verifyAccessTokenSamplePath: 'verify',
};

/**
 * The spec's endpoints, one route per row of the operation table, except a
 * token-verify path the options do not serve. Paths are from the root, as
 * the server sees a request's path.
 */
export function apiRoutes(verifyPaths: readonly TokenVerifyPath[]): ApiRoute[] {
  return OPERATION_IDS.filter((id) => {
    const verifyPath = VERIFY_PATH_OF[id];
    return verifyPath === undefined || verifyPaths.includes(verifyPath);
  }).map((id) => {
    const row: (typeof OPERATIONS)[OperationId] = OPERATIONS[id];
    return {
      method: row.method,
      path: `/${row.path}`,
      operation: row.name,
      refusesForbiddenKey: refusesForbiddenKey(id),
      jsonBody: 'jsonBody' in row,
      handler: HANDLERS[id],
    };
  });
}
