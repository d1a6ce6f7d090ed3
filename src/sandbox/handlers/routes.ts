import type { TokenVerifyPath } from '../options.js';
import { empty, json } from '../http/response.js';
import { sendHandler } from './send.js';
import { statusHandler } from './status.js';
import { exchangeHandler, verifyHandler } from './tokens.js';
import type { ApiRoute } from './types.js';
import { registerWidgetHandler } from './widgets.js';

const TOKEN_PATH = '/api/v1/messages/instant/access/token';

/**
 * The spec's endpoints. `refusesForbiddenKey` follows the 403 row of the
 * spec's error table: send endpoints, topics, token exchange and verify,
 * widget registration (not the test or status endpoints).
 */
export function apiRoutes(verifyPaths: readonly TokenVerifyPath[]): ApiRoute[] {
  const route = (r: Omit<ApiRoute, 'refusesForbiddenKey' | 'jsonBody'> & Partial<ApiRoute>): ApiRoute => ({
    refusesForbiddenKey: true,
    jsonBody: false,
    ...r,
  });
  const routes: ApiRoute[] = [
    route({ method: 'GET', path: '/api/v1/test', operation: 'test', refusesForbiddenKey: false, handler: () => empty(200) }),
    // The spec's description also allows POST on the test endpoint.
    route({ method: 'POST', path: '/api/v1/test', operation: 'test', refusesForbiddenKey: false, handler: () => empty(200) }),
    route({
      method: 'GET',
      path: '/api/v1/topics',
      operation: 'topics.list',
      handler: ({ state }) => json(state.config.topics.map((topicName) => ({ topicName }))),
    }),
    route({ method: 'POST', path: '/api/v1/messages', operation: 'messages.send', jsonBody: true, handler: sendHandler('standard') }),
    route({ method: 'POST', path: '/api/v1/messages/instant', operation: 'instant.send', jsonBody: true, handler: sendHandler('instant') }),
    route({ method: 'POST', path: '/api/v1/gpconnect/messages', operation: 'gpconnect.send', jsonBody: true, handler: sendHandler('gpconnect') }),
    route({ method: 'POST', path: TOKEN_PATH, operation: 'tokens.exchange', jsonBody: true, handler: exchangeHandler }),
    route({ method: 'POST', path: '/api/v1/widgets', operation: 'widgets.register', jsonBody: true, handler: registerWidgetHandler }),
    route({
      method: 'GET',
      path: '/api/v1/messages/:messageId/status',
      operation: 'messages.status',
      refusesForbiddenKey: false,
      handler: statusHandler('standard'),
    }),
    route({
      method: 'GET',
      path: '/api/v1/gpconnect/messages/:messageId/status',
      operation: 'gpconnect.status',
      refusesForbiddenKey: false,
      handler: statusHandler('gpconnect'),
    }),
  ];
  if (verifyPaths.includes('definition')) routes.push(route({ method: 'GET', path: TOKEN_PATH, operation: 'tokens.verify', handler: verifyHandler }));
  if (verifyPaths.includes('verify')) routes.push(route({ method: 'GET', path: `${TOKEN_PATH}/verify`, operation: 'tokens.verify', handler: verifyHandler }));
  return routes;
}
