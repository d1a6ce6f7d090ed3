import { ENDPOINTS } from '../../schemas/endpoints.js';
import type { TokenVerifyPath } from '../options.js';
import { empty, json } from '../http/response.js';
import { sendHandler } from './send.js';
import { statusHandler } from './status.js';
import { exchangeHandler, verifyHandler } from './tokens.js';
import type { ApiRoute } from './types.js';
import { registerWidgetHandler } from './widgets.js';

/** An endpoint as the server sees a request's path: from the root. */
const served = (endpoint: string): string => `/${endpoint}`;

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
    route({ method: 'GET', path: served(ENDPOINTS.test), operation: 'test', refusesForbiddenKey: false, handler: () => empty(200) }),
    // The spec's description also allows POST on the test endpoint.
    route({ method: 'POST', path: served(ENDPOINTS.test), operation: 'test', refusesForbiddenKey: false, handler: () => empty(200) }),
    route({
      method: 'GET',
      path: served(ENDPOINTS.topics),
      operation: 'topics.list',
      handler: ({ state }) => json(state.config.topics.map((topicName) => ({ topicName }))),
    }),
    route({ method: 'POST', path: served(ENDPOINTS.sendStandard), operation: 'messages.send', jsonBody: true, handler: sendHandler('standard') }),
    route({ method: 'POST', path: served(ENDPOINTS.sendInstant), operation: 'instant.send', jsonBody: true, handler: sendHandler('instant') }),
    route({ method: 'POST', path: served(ENDPOINTS.sendGpConnect), operation: 'gpconnect.send', jsonBody: true, handler: sendHandler('gpconnect') }),
    route({ method: 'POST', path: served(ENDPOINTS.accessToken), operation: 'tokens.exchange', jsonBody: true, handler: exchangeHandler }),
    route({ method: 'POST', path: served(ENDPOINTS.widgets), operation: 'widgets.register', jsonBody: true, handler: registerWidgetHandler }),
    route({
      method: 'GET',
      path: served(ENDPOINTS.status),
      operation: 'messages.status',
      refusesForbiddenKey: false,
      handler: statusHandler('standard'),
    }),
    route({
      method: 'GET',
      path: served(ENDPOINTS.gpconnectStatus),
      operation: 'gpconnect.status',
      refusesForbiddenKey: false,
      handler: statusHandler('gpconnect'),
    }),
  ];
  if (verifyPaths.includes('definition')) routes.push(route({ method: 'GET', path: served(ENDPOINTS.accessToken), operation: 'tokens.verify', handler: verifyHandler }));
  if (verifyPaths.includes('verify')) routes.push(route({ method: 'GET', path: served(ENDPOINTS.accessTokenVerify), operation: 'tokens.verify', handler: verifyHandler }));
  return routes;
}
